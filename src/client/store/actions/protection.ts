/** Player protection's calls (issue 31): the limits page's reads and its changes, each keyed. */
import { rgAcceptTerms, rgAnswerRealityCheck, rgExclusion, rgLimits, rgPause, rgSetLimit, rgSetRealityCheck, rgStatement, rgStatusCall } from '../../../shared/contract/rg'
import type { RgKind, RgLimitRow, RgPeriod, RgRealityMinutes, RgStatement, RgStatus } from '../../../shared/contract/rg'
import { moneyCall } from '../moneyCall'
import { downloadFile } from '../api'
import { api } from './session'

export const loadLimits = () => api<RgLimitRow[]>(rgLimits, { loading: false }, true)
export const loadProtectionStatus = () => api<RgStatus>(rgStatusCall, { loading: false }, true)

/**
 * The changes are keyed (moneyCall: one Idempotency-Key, retried with it when the answer is lost),
 * so a pause or an exclusion whose answer a bad connection dropped is made once. Failures alert the
 * server's words.
 */
/** Sets one limit (`value`: wire text in reais, or null to remove it). */
export const saveLimit = (kind: RgKind, period: RgPeriod, value: string | null) => moneyCall<RgLimitRow>(rgSetLimit, { body: { kind, period, value } })

export const pausePlay = (days: number) => moneyCall<RgStatus>(rgPause, { body: { days } })

export const excludeMyself = (months: number | null, password: string) => moneyCall<RgStatus>(rgExclusion, { body: { months, password } })

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
