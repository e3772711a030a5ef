/** Player protection's calls (issue 31): the limits page's reads and its changes, each keyed. */
import { rgAcceptTerms, rgAnswerRealityCheck, rgExclusion, rgLimits, rgPause, rgSetLimit, rgSetRealityCheck, rgStatement, rgStatusCall } from '../../../shared/contract/rg'
import type { RgKind, RgLimitRow, RgPeriod, RgRealityMinutes, RgStatement, RgStatus } from '../../../shared/contract/rg'
import { newIdempotencyKey } from './cashier'
import { downloadFile } from '../api'
import { api } from './session'

const keyed = () => ({ 'Idempotency-Key': newIdempotencyKey() })

export const loadLimits = () => api<RgLimitRow[]>(rgLimits, { loading: false }, true)
export const loadProtectionStatus = () => api<RgStatus>(rgStatusCall, { loading: false }, true)

/** Sets one limit (`value`: wire text in reais, or null to remove it); failures alert the server's words. */
export const saveLimit = (kind: RgKind, period: RgPeriod, value: string | null) => api<RgLimitRow>(rgSetLimit, { body: { kind, period, value }, headers: keyed() })

export const pausePlay = (days: number) => api<RgStatus>(rgPause, { body: { days }, headers: keyed() })

export const excludeMyself = (months: number | null, password: string) => api<RgStatus>(rgExclusion, { body: { months, password }, headers: keyed() })

/** The reality check every 15, 30 or 60 minutes of a session. */
export const saveRealityMinutes = (minutes: RgRealityMinutes) => api<RgStatus>(rgSetRealityCheck, { body: { minutes } })

/** The reality check that is due, answered (Continuar or Sair): the next one an interval from now. */
export const answerRealityCheck = () => api<RgStatus>(rgAnswerRealityCheck, { body: {}, loading: false }, true)

/** A month's activity statement (YYYY-MM). */
export const loadStatement = (month: string) => api<RgStatement>(rgStatement, { query: { month }, loading: false }, true)

/** The same month as a CSV file, downloaded. */
export const downloadStatement = (month: string) => downloadFile(rgStatement.path, { month, format: 'csv' }, `extrato-${month}.csv`)

/** The BR profile: accepts the terms and the responsible-gaming policy of `version` (the current one). */
export const acceptTerms = (version: string) => api<null>(rgAcceptTerms, { body: { version } })
