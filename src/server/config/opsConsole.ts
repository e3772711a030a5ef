// The operators' console (issue 35): its sessions, enrolment links and the key that seals the
// second factor's secrets.
import { numberEnv, problem } from './env'

export interface OpsConsoleConfig {
  /** OPS_SESSION_IDLE_MINUTES (30): an operator's session ends after this long without a call. */
  sessionIdleMs: number
  /** OPS_SESSION_MAX_HOURS (12): and after this long in any case. */
  sessionMaxMs: number
  /** OPS_ENROL_HOURS (24): how long an enrolment link stays good. */
  enrolTtlMs: number
  /**
   * OPS_SECRET_KEY: seals each operator's TOTP secret in the database (AES-256-GCM), so a copy of
   * the database alone gives no second factor. Unset outside production: one kept in
   * DATA_DIR/ops-secret-key; unset in production: the console takes no login.
   */
  secretKey: string | null
}

export function loadOpsConsoleConfig(env: NodeJS.ProcessEnv): OpsConsoleConfig {
  const key = (env.OPS_SECRET_KEY ?? '').trim() || null
  if (key !== null && Buffer.byteLength(key) < 32) problem(`OPS_SECRET_KEY must be a secret of at least 32 bytes (it has ${Buffer.byteLength(key)}).`, null)
  return {
    sessionIdleMs: numberEnv(env, 'OPS_SESSION_IDLE_MINUTES', 30, false, { min: 1, max: 240 }) * 60_000,
    sessionMaxMs: numberEnv(env, 'OPS_SESSION_MAX_HOURS', 12, false, { min: 0.1, max: 24 }) * 3_600_000,
    enrolTtlMs: numberEnv(env, 'OPS_ENROL_HOURS', 24, false, { min: 0.1, max: 168 }) * 3_600_000,
    secretKey: key,
  }
}
