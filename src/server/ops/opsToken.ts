import { randomBytes, timingSafeEqual } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { FastifyRequest } from 'fastify'
import { enforce } from '../auth/limits'
import type { Deps } from '../deps'
import { AppError } from '../AppError'

/**
 * The operators' token (header X-Ops-Token on the operators' calls: notices, the demo's sport
 * settlement): OPS_TOKEN, or (outside production) one made now and kept in DATA_DIR/ops-token,
 * readable by whoever runs the server; null in production without OPS_TOKEN (every call refused).
 */
export function opsTokenOf(deps: Pick<Deps, 'config'>): string | null {
  return keptSecret(deps.config, deps.config.opsToken, 'ops-token')
}

/**
 * A server secret: the configured one, or (outside production) one made once and kept in
 * DATA_DIR/<file>, readable only by whoever runs the server; null in production when unset.
 */
export function keptSecret(config: Pick<Deps['config'], 'production' | 'dataDir'>, configured: string | null, file: string): string | null {
  if (configured) return configured
  if (config.production) return null
  const where = path.join(config.dataDir, file)
  try {
    const kept = fs.readFileSync(where, 'utf8').trim()
    if (kept.length >= 32) return kept
  } catch {
    // None yet.
  }
  const secret = randomBytes(24).toString('base64url')
  fs.mkdirSync(config.dataDir, { recursive: true })
  fs.writeFileSync(where, secret, { mode: 0o600 })
  return secret
}

/** Whether a request's X-Ops-Token is the token (compared in constant time). */
function isOpsToken(token: string | null, given: unknown): boolean {
  if (!token || typeof given !== 'string') return false
  const x = Buffer.from(given)
  const y = Buffer.from(token)
  return x.length === y.length && timingSafeEqual(x, y)
}

/**
 * An operators' call's check: FORBIDDEN unless X-Ops-Token is the token. Wrong tokens count per
 * address (RATE_LIMIT_OPS_FAIL_IP); past the limit the address waits (429) before its token is even
 * compared, so the token cannot be guessed by trying.
 */
export function requireOpsToken(deps: Pick<Deps, 'config' | 'limiter'>, token: string | null, request: FastifyRequest): void {
  const { limiter, config } = deps
  const failKey = `opsFail:ip:${request.ip}`
  enforce(limiter, failKey, config.rateLimits.opsFailPerIp, false)
  if (!isOpsToken(token, request.headers['x-ops-token'])) {
    limiter.hit(failKey, config.rateLimits.opsFailPerIp)
    throw new AppError('FORBIDDEN')
  }
}
