import { randomBytes, timingSafeEqual } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { Deps } from '../deps'

/**
 * The operators' token (header X-Ops-Token on the operators' calls: notices, the demo's sport
 * settlement): OPS_TOKEN, or (outside production) one made now and kept in DATA_DIR/ops-token,
 * readable by whoever runs the server; null in production without OPS_TOKEN (every call refused).
 */
export function opsTokenOf(deps: Pick<Deps, 'config'>): string | null {
  const { config } = deps
  if (config.opsToken) return config.opsToken
  if (config.production) return null
  const file = path.join(config.dataDir, 'ops-token')
  try {
    const kept = fs.readFileSync(file, 'utf8').trim()
    if (kept.length >= 32) return kept
  } catch {
    // None yet.
  }
  const token = randomBytes(24).toString('base64url')
  fs.mkdirSync(config.dataDir, { recursive: true })
  fs.writeFileSync(file, token, { mode: 0o600 })
  return token
}

/** Whether a request's X-Ops-Token is the token (compared in constant time). */
export function isOpsToken(token: string | null, given: unknown): boolean {
  if (!token || typeof given !== 'string') return false
  const x = Buffer.from(given)
  const y = Buffer.from(token)
  return x.length === y.length && timingSafeEqual(x, y)
}
