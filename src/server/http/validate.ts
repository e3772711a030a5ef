import type { z } from 'zod/mini'
import type { Locale } from '../../shared/locales'
import { fieldLabel, translate } from '../i18n/messages'
import { AppError } from '../AppError'

type Issue = z.core.$ZodIssue
const OWN_KEYS = new Set(['range', 'integer', 'amount', 'email', 'phone', 'country', 'resetCode', 'amountPositive', 'date', 'toUser', 'option', 'twoDecimals', 'clientSeed', 'passwordTooShort', 'opsCodeFormat', 'opsEnrolLink', 'dayRange'])

function valueAt(input: unknown, path: PropertyKey[]): unknown {
  let node = input
  for (const key of path) {
    if (node === null || typeof node !== 'object') return undefined
    node = (node as Record<PropertyKey, unknown>)[key]
  }
  return node
}

/** One issue as a sentence in the user's language, naming the field by its label. */
function describeIssue(locale: Locale, issue: Issue, input: unknown): string {
  const last = issue.path[issue.path.length - 1]
  const field = fieldLabel(locale, last === undefined ? 'body' : String(last))
  const value = valueAt(input, issue.path)
  const t = (key: string, params: Record<string, unknown> = {}) => translate(locale, `validation.${key}`, { field, ...params })
  if (issue.code === 'unrecognized_keys') {
    return t('unknownField', { field: issue.keys.map((k) => String(k).slice(0, 40)).join(', ') })
  }
  if (value === undefined || value === null || (value === '' && issue.code !== 'custom')) {
    return t('required')
  }
  if (OWN_KEYS.has(issue.message)) {
    const params = (issue as { params?: Record<string, unknown> }).params ?? {}
    return t(issue.message, { min: (issue as { minimum?: unknown }).minimum, ...params })
  }
  switch (issue.code) {
    case 'too_big':
      return issue.origin === 'string' ? t('tooLong', { max: issue.maximum }) : t('invalid')
    case 'too_small':
      return issue.origin === 'string' ? t('tooShort', { min: issue.minimum }) : t('invalid')
    case 'invalid_value':
      return t('option')
    default:
      return t('invalid')
  }
}

/**
 * A lone UTF-16 surrogate (half of a pair, or a pair in the wrong order): not a character at all.
 * JSON.stringify writes it as an escape (\\ud800) that PostgreSQL's jsonb refuses, so a text that
 * reached an audit line or any jsonb column failed its query (the fuzz suite's find: an operator's
 * notice answered 500).
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/**
 * Where the input holds a text PostgreSQL cannot store: with U+0000 (text refuses it: the query
 * fails) or a lone surrogate (jsonb refuses it). No field of any call may carry either; walked
 * without recursion, as a hostile body may nest deeply.
 */
function unstorablePath(input: unknown): PropertyKey[] | null {
  type Step = { key: PropertyKey; up: Step | null } | null
  const stack: [unknown, Step][] = [[input, null]]
  for (let top = stack.pop(); top; top = stack.pop()) {
    const [node, step] = top
    if (typeof node === 'string' && (node.includes('\u0000') || LONE_SURROGATE.test(node))) {
      const path: PropertyKey[] = []
      for (let s = step; s; s = s.up) path.unshift(s.key)
      return path
    }
    if (node && typeof node === 'object') for (const [key, v] of Object.entries(node)) stack.push([v, { key, up: step }])
  }
  return null
}

/** Parses one part of a request; on failure throws a 400 whose message names the first problem. */
export function validate<S extends z.ZodMiniType>(schema: S, input: unknown, locale: Locale): z.output<S> {
  const unstorable = unstorablePath(input)
  if (unstorable) {
    const issue = { code: 'custom', path: unstorable, message: 'invalid', input } as unknown as Issue
    throw new AppError('VALIDATION', { problems: [{ field: unstorable.map(String).join('.'), msg: describeIssue(locale, issue, input) }] }, undefined)
  }
  const result = schema.safeParse(input)
  if (result.success) return result.data
  const problems = result.error.issues.slice(0, 10).map((issue) => ({
    field: issue.path.map(String).join('.'),
    msg: describeIssue(locale, issue, input),
  }))
  throw new AppError('VALIDATION', { problems }, undefined)
}
