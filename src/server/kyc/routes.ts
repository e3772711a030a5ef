import type { FastifyInstance } from 'fastify'
import { calls } from '../../shared/contract'
import type { Deps } from '../deps'
import { enforce } from '../auth/limits'
import { AppError } from '../AppError'
import { registerCall } from '../http/route'
import { normalizeCpf } from '../withdrawals/checks'

/**
 * updateKyc: a name and a CPF whose check digits hold make the account verified (kyc 1). One CPF
 * belongs to one account, claimed in kyc_tax_ids; a CPF claimed elsewhere is refused without
 * saying by whom. Once verified, neither the name nor the CPF can change (a CPF withdrawal goes
 * only to that CPF). Test accounts cannot claim a CPF (it would lock the real owner out of it).
 * CPFs found taken are limited per account (RATE_LIMIT_KYC_TAKEN), so the form cannot be used to
 * learn which CPFs have an account.
 */
export function kycRoutes(app: FastifyInstance, deps: Deps): void {
  registerCall(app, deps, calls.updateKyc, async ({ body, session, setMessage, afterCommit }) => {
    const name = (body.name ?? '').trim().replace(/\s+/g, ' ')
    const typed = (body.cardNo ?? '').trim()
    const cpf = typed ? normalizeCpf(typed) : null
    if (typed && !cpf) throw new AppError('CPF_INVALID')
    if (!name || !cpf) throw new AppError('KYC_INCOMPLETE')
    // Each CPF found taken counts: past the limit the form answers nothing about any CPF.
    const takenKey = `kyc-taken:account:${session.userId}`
    const takenRule = deps.config.rateLimits.kycTakenPerAccount
    enforce(deps.limiter, takenKey, takenRule, false)
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
      return true
    })
    if (wrote) afterCommit(() => deps.realtime.toUser(session.userId, 'updateUserInfo', { kyc: 1, name }))
    setMessage('messages.kycSaved')
    return null
  })
}
