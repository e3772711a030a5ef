/** Player protection's calls (issue 31): the limits page's reads and its changes, each keyed. */
import { calls } from '../../../shared/contract'
import type { RgKind, RgLimitRow, RgPeriod, RgStatus } from '../../../shared/contract/rg'
import { newIdempotencyKey } from './cashier'
import { api } from './session'

const keyed = () => ({ 'Idempotency-Key': newIdempotencyKey() })

export const loadLimits = () => api<RgLimitRow[]>(calls.rgLimits, { loading: false }, true)
export const loadProtectionStatus = () => api<RgStatus>(calls.rgStatus, { loading: false }, true)

/** Sets one limit (`value`: wire text in reais, or null to remove it); failures alert the server's words. */
export const saveLimit = (kind: RgKind, period: RgPeriod, value: string | null) => api<RgLimitRow>(calls.rgSetLimit, { body: { kind, period, value }, headers: keyed() })

export const pausePlay = (days: number) => api<RgStatus>(calls.rgPause, { body: { days }, headers: keyed() })

export const excludeMyself = (months: number | null, password: string) => api<RgStatus>(calls.rgExclusion, { body: { months, password }, headers: keyed() })
