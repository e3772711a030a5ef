import type { FastifyInstance } from 'fastify'
import { calls } from '../../shared/contract'
import type { ErrorName } from '../../shared/contract/errors'
import type { Deps } from '../deps'
import { enforce } from '../auth/limits'
import { AppError } from '../AppError'
import { registerCall } from '../http/route'
import { kycIdentity } from '../protection/brazil'
import { normalizeCpf } from '../withdrawals/checks'
import type { DatavalidEmulator } from './datavalid/DatavalidEmulator'
import type { KycCheckResult } from './KycProvider'

/** What the player is told for each answer of the identity check other than ok. */
const REFUSED: Record<Exclude<KycCheckResult, { ok: true }>['reason'], ErrorName> = {
  cpf_not_found: 'KYC_CPF_NOT_FOUND',
  cpf_irregular: 'KYC_CPF_IRREGULAR',
  name_mismatch: 'KYC_NAME_MISMATCH',
  birth_date_mismatch: 'KYC_BIRTH_DATE_MISMATCH',
  face_mismatch: 'KYC_FACE_MISMATCH',
  underage: 'KYC_UNDERAGE',
  unavailable: 'KYC_CHECK_UNAVAILABLE',
}

/**
 * updateKyc: a name and a CPF whose check digits hold, confirmed by the identity provider
 * (KYC_PROVIDER: Serpro's Datavalid, or its emulator in demo mode) with the birth date when given,
 * make the account verified (kyc 1). One CPF belongs to one account, claimed in kyc_tax_ids; a CPF
 * claimed elsewhere is refused without saying by whom. Once verified, neither the name nor the CPF
 * can change (a CPF withdrawal goes only to that CPF). Test accounts cannot claim a CPF (it would
 * lock the real owner out of it). CPFs found taken are limited per account (RATE_LIMIT_KYC_TAKEN),
 * and so are identities the provider refused (RATE_LIMIT_KYC_REFUSED), so the form cannot be used
 * to learn which CPFs have an account, or whose name goes with a CPF.
 *
 * The provider is asked after the cheap checks (a paid, slow call) and before the transaction (no
 * transaction waits on HTTP); the transaction checks everything again. A refusal, or a provider
 * that cannot answer (KYC_CHECK_UNAVAILABLE, 503), stores nothing.
 */
export function kycRoutes(app: FastifyInstance, deps: Deps, emulator: DatavalidEmulator | null): void {
  registerCall(app, deps, calls.updateKyc, async ({ body, session, setMessage, afterCommit }) => {
    const name = (body.name ?? '').trim().replace(/\s+/g, ' ')
    const typed = (body.cardNo ?? '').trim()
    const cpf = typed ? normalizeCpf(typed) : null
    if (typed && !cpf) throw new AppError('CPF_INVALID')
    if (!name || !cpf) throw new AppError('KYC_INCOMPLETE')
    // An adult's birth date in every profile; in BR also the phone, gender and address (nothing stored otherwise).
    const identity = kycIdentity(deps.config, body, deps.now())
    // Each CPF found taken counts: past the limit the form answers nothing about any CPF.
    const takenKey = `kyc-taken:account:${session.userId}`
    const takenRule = deps.config.rateLimits.kycTakenPerAccount
    enforce(deps.limiter, takenKey, takenRule, false)
    // So does each identity the provider refused.
    const refusedKey = `kyc-refused:account:${session.userId}`
    const refusedRule = deps.config.rateLimits.kycRefusedPerAccount
    enforce(deps.limiter, refusedKey, refusedRule, false)

    if (deps.kyc) {
      // What would refuse it anyway is answered before the provider is asked (and paid).
      const r = await deps.db.query<{ kyc: number; name: string; card_no: string; is_test: boolean }>('SELECT kyc, name, card_no, is_test FROM users WHERE id = $1', [session.userId])
      const user = r.rows[0]
      if (!user) throw new AppError('LOGGED_OUT')
      if (user.is_test) throw new AppError('TEST_ACCOUNT_REFUSED')
      if (user.kyc === 1) {
        if (user.card_no === cpf && user.name === name) {
          setMessage('messages.kycSaved')
          return null
        }
        throw new AppError('KYC_ALREADY_VERIFIED')
      }
      const owner = await deps.db.query<{ user_id: bigint }>('SELECT user_id FROM kyc_tax_ids WHERE card_no = $1', [cpf])
      if (owner.rows[0] && BigInt(owner.rows[0].user_id) !== session.userId) {
        deps.limiter.hit(takenKey, takenRule)
        throw new AppError('KYC_CPF_TAKEN')
      }
      const checked = await deps.kyc.check({ cpf, name, ...(body.birthDate ? { birthDate: body.birthDate } : {}), ...(body.selfie ? { selfie: body.selfie } : {}) })
      if (!checked.ok) {
        if (checked.reason !== 'unavailable') deps.limiter.hit(refusedKey, refusedRule)
        throw new AppError(REFUSED[checked.reason])
      }
    }

    const wrote = await deps.db.tx(async (q) => {
      const r = await q.query<{ kyc: number; name: string; card_no: string; is_test: boolean }>(
        'SELECT kyc, name, card_no, is_test FROM users WHERE id = $1 FOR NO KEY UPDATE',
        [session.userId],
      )
      const user = r.rows[0]
      if (!user) throw new AppError('LOGGED_OUT')
      if (user.is_test) throw new AppError('TEST_ACCOUNT_REFUSED')
      if (user.kyc === 1) {
        // The verified identity is final: the same data again is fine (nothing to write), any change is refused.
        if (user.card_no === cpf && user.name === name) return false
        throw new AppError('KYC_ALREADY_VERIFIED')
      }
      const claimed = await q.query(
        'INSERT INTO kyc_tax_ids (card_no, user_id, verified_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING 1',
        [cpf, session.userId, new Date(deps.now())],
      )
      if (!claimed.rows.length) {
        const owner = await q.query<{ user_id: bigint }>('SELECT user_id FROM kyc_tax_ids WHERE card_no = $1', [cpf])
        if (BigInt(owner.rows[0]?.user_id ?? -1n) !== session.userId) {
          deps.limiter.hit(takenKey, takenRule)
          throw new AppError('KYC_CPF_TAKEN')
        }
      }
      await q.query('UPDATE users SET name = $2, card_no = $3, kyc = 1 WHERE id = $1', [session.userId, name, cpf])
      if (identity) {
        await q.query('UPDATE users SET birth_date = $2, phone = $3, gender = $4, address = $5 WHERE id = $1', [session.userId, identity.birthDate, identity.phone, identity.gender, JSON.stringify(identity.address)])
      }
      return true
    })
    if (wrote) afterCommit(() => deps.realtime.toUser(session.userId, 'updateUserInfo', { kyc: 1, name }))
    setMessage('messages.kycSaved')
    return null
  })

  if (!deps.kyc) app.log.warn({ appMode: deps.config.appMode }, 'KYC_PROVIDER is none: identities are verified on the CPF\'s check digits alone, no identity provider is asked')
  // The emulator's token endpoint and API, when KYC_PROVIDER=emulator (the adapter reaches them over HTTP).
  emulator?.routes(app)
  // Its connections to the API (to this very server with the emulator) close before the server stops listening.
  const provider = deps.kyc
  if (provider) {
    app.addHook('preClose', async () => {
      await provider.close()
    })
  }
}
