// Reading settings from the environment: the typed readers every domain's settings use, and the
// error that lists what is wrong (main.ts prints it and exits with code 2). While loadConfig reads
// (everyProblem), a reader that finds a problem notes it and goes on with its default, so the one
// error names every wrong setting, not only the first.
import { reaisTextToCentavos } from '../../shared/money'

/** A limit of `count` events per `windowMs`, written in the environment as e.g. "10/15m". */
export interface RateRule {
  count: number
  windowMs: number
}

export function reaisEnv(env: NodeJS.ProcessEnv, name: string, fallback: string): bigint {
  const centavos = reaisTextToCentavos((env[name] || fallback).trim())
  if (centavos === null || centavos <= 0n) return problem(`${name} must be an amount in reais, e.g. ${fallback}`, reaisTextToCentavos(fallback) ?? 0n)
  return centavos
}

/**
 * A number from the environment (`fallback` when unset), refused unless finite and within
 * [min, max]: Number('abc') is NaN and a timer past setTimeout's 2^31 ms fires at once, both silently.
 */
export function numberEnv(env: NodeJS.ProcessEnv, name: string, fallback: number, integer = true, range: { min?: number; max?: number } = {}): number {
  const { min = 0, max = Infinity } = range
  const raw = env[name]
  const text = (raw ?? '').trim()
  const n = text === '' ? fallback : Number(text)
  if (!Number.isFinite(n) || n < min || n > max || (integer && !Number.isInteger(n))) {
    return problem(`${name} must be a ${integer ? 'whole ' : ''}number ${max === Infinity ? `of at least ${min}` : `from ${min} to ${max}`}, not "${raw}"`, fallback)
  }
  return n
}

/** An ISO instant (2026-11-24T18:00:00Z) as ms since the epoch, or null when unset. */
export function instantEnv(env: NodeJS.ProcessEnv, name: string): number | null {
  const raw = (env[name] ?? '').trim()
  if (raw === '') return null
  const at = Date.parse(raw)
  if (!/^\d{4}-\d{2}-\d{2}T/.test(raw) || !Number.isFinite(at)) return problem(`${name} must be an ISO instant such as 2026-11-24T18:00:00Z, not "${raw}"`, null)
  return at
}

export function switchEnv(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = (env[name] ?? '').trim().toLowerCase()
  if (raw === '') return fallback
  if (['1', 'true', 'on'].includes(raw)) return true
  if (['0', 'false', 'off'].includes(raw)) return false
  return problem(`${name} must be 1 or 0, not "${env[name]}"`, fallback)
}

const UNITS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }

export function parseRateRule(text: string): RateRule {
  const [, count, n, unit] = /^(\d+)\/(\d*)([smhd])$/.exec(text.trim()) ?? []
  const unitMs = unit === undefined ? undefined : UNITS[unit]
  const rule = { count: Number(count), windowMs: Number(n || 1) * (unitMs ?? NaN) }
  // A count of 0 refuses everyone, a window of 0 counts nothing (NaN fails every comparison).
  if (!(rule.count >= 1 && rule.windowMs > 0 && rule.windowMs <= 30 * 86_400_000)) {
    throw new Error(`bad rate limit "${text}": write it as count/window, e.g. 10/15m (at least 1 event, a window up to 30d)`)
  }
  return rule
}

/** A configuration the server refuses to start with; `problems` holds one line per reason. */
export class ConfigError extends Error {
  readonly problems: string[]

  constructor(problems: string | string[]) {
    const lines = typeof problems === 'string' ? [problems] : problems
    super(lines.join('\n'))
    this.problems = lines
  }
}

let noted: string[] | null = null

/**
 * A setting's problem: while everyProblem runs, noted and `fallback` (the setting's default) used
 * so reading goes on; otherwise thrown at once as a ConfigError.
 */
export function problem<T>(message: string, fallback: T): T {
  if (noted === null) throw new ConfigError(message)
  noted.push(message)
  return fallback
}

/**
 * Runs `read` (synchronous) noting every problem instead of stopping at the first; `more` adds
 * checks of the whole result. Throws one ConfigError listing them all, or answers the result.
 */
export function everyProblem<T>(read: () => T, more: (value: T) => string[] = () => []): T {
  const outer = noted
  const problems: string[] = []
  noted = problems
  let value: T
  try {
    value = read()
  } catch (err) {
    if (err instanceof ConfigError) throw new ConfigError([...problems, ...err.problems])
    throw err
  } finally {
    noted = outer
  }
  // A check of the whole about a setting already refused would judge its default: left out.
  const named = new Set(problems.map(settingOf))
  problems.push(...more(value).filter((line) => !named.has(settingOf(line))))
  if (problems.length > 0) throw new ConfigError(problems)
  return value
}

/** The setting a problem's line opens with (PIX_PROVIDER in "PIX_PROVIDER is sandbox: ..."). */
const settingOf = (line: string) => /^[A-Z][A-Z0-9_]+/.exec(line)?.[0] ?? line
