import type { Queryable } from '../db/connection'
import type { Deps } from '../deps'
import { enforce } from '../auth/limits'
import { AppError } from '../AppError'
import type { WireBalance } from '../../shared/contract'
import { requireKyc, requireNoPasswordHold } from '../kyc/identityChecks'
import { startOfToday } from '../wallet/days'
import { post, userAccountId } from '../wallet/ledger'
import { lockRealUser } from '../wallet/players'
import { recordId } from '../wallet/recordIds'
import { requireNoPixDebt } from '../wallet/debts'
import { withdrawableCash } from '../wallet/wagering'
import { readWireBalance } from '../wallet/walletInfo'
import { one } from '../db/one'
import { assertNotBlocked } from '../protection/blocks'
import { assertTransfersOffered } from '../protection/brazil'

/**
 * The receiver by public uId (digits) or e-mail. The uId is users.uid, random: the internal,
 * sequential users.id is never looked up here.
 */
async function findReceiver(q: Queryable, toUser: string): Promise<{ id: bigint; is_test: boolean } | null> {
  const byUid = /^\d{1,18}$/.test(toUser) && BigInt(toUser) <= 9_223_372_036_854_775_807n
  const r = await q.query<{ id: bigint; is_test: boolean }>(
    byUid ? 'SELECT id, is_test FROM users WHERE uid = $1' : 'SELECT id, is_test FROM users WHERE email = $1',
    [byUid ? BigInt(toUser) : toUser],
  )
  const row = r.rows[0]
  return row ? { id: BigInt(row.id), is_test: row.is_test } : null
}

/**
 * Looks the receiver up, within the sender's allowance of unknown receivers: each distinct
 * unknown one (within the window) counts, and once the allowance is spent every lookup waits,
 * so the form cannot be used to learn which e-mails and uIds have an account.
 */
async function lookUpReceiver(deps: Deps, q: Queryable, fromUser: bigint, toUser: string) {
  const rule = deps.config.rateLimits.transferLookupPerAccount
  const key = `transferLookup:${fromUser}`
  enforce(deps.limiter, key, rule, false)
  const receiver = await findReceiver(q, toUser)
  if (!receiver) {
    // The same unknown receiver typed again (a retry) counts once.
    const seen = `${key}:${toUser}`
    if (deps.limiter.retryAfter(seen, { count: 1, windowMs: rule.windowMs }) === 0) {
      deps.limiter.hit(seen, { count: 1, windowMs: rule.windowMs })
      deps.limiter.hit(key, rule)
    }
    throw new AppError('TRANSFER_USER_UNKNOWN')
  }
  return receiver
}

/** The sender's transfers of today (São Paulo): the daily total and count cap the next one. */
async function checkDailyLimits(deps: Deps, q: Queryable, fromUser: bigint, amount: bigint): Promise<void> {
  const { transferMaxPerDay, transferCountPerDay } = deps.config.wallet
  const r = await q.query<{ n: bigint; total: bigint }>(
    'SELECT count(*)::bigint AS n, COALESCE(SUM(amount), 0)::bigint AS total FROM transfers WHERE from_user = $1 AND created_at >= $2',
    [fromUser, startOfToday(deps.now())],
  )
  const today = one(r.rows, 'transfers sent today')
  const sent = BigInt(today.total)
  if (Number(today.n) >= transferCountPerDay) throw new AppError('TRANSFER_DAILY_COUNT', { count: transferCountPerDay })
  if (sent + amount > transferMaxPerDay) {
    const left = transferMaxPerDay > sent ? transferMaxPerDay - sent : 0n
    throw new AppError('TRANSFER_DAILY_AMOUNT', { max: transferMaxPerDay, left })
  }
}

/**
 * Moves cash from one player to another, inside the call's transaction. Only cash moves: a
 * bonus still to be wagered is not the player's to give. Test accounts neither send nor receive.
 * The sender must be verified (KYC) and not within 24 h of a password change; the sender's row
 * lock (lockRealUser) makes their transfers run one at a time, so the daily limits hold against
 * parallel requests.
 */
export async function transfer(deps: Deps, q: Queryable, fromUser: bigint, toUser: string, amount: bigint): Promise<{ id: bigint; toUserId: bigint; balance: WireBalance }> {
  const sender = await lockRealUser(q, fromUser)
  assertTransfersOffered(deps.config)
  await assertNotBlocked(q, fromUser, deps.now())
  requireKyc(sender)
  requireNoPasswordHold(sender, deps.now(), deps.config.wallet.passwordChangeHoldMs)
  // A transfer is money leaving as a withdrawal is: not while a MED return's debt is open.
  await requireNoPixDebt(q, fromUser)
  const receiver = await lookUpReceiver(deps, q, fromUser, toUser)
  if (receiver.id === fromUser) throw new AppError('TRANSFER_TO_SELF')
  if (receiver.is_test) throw new AppError('TEST_ACCOUNT_REFUSED')
  await checkDailyLimits(deps, q, fromUser, amount)
  // Deposited cash leaves, by transfer as by withdrawal, only once it has been staked (turnover).
  const { cash, withdrawable, turnoverLeft } = await withdrawableCash(q, fromUser)
  if (amount <= cash && amount > withdrawable) throw new AppError('TURNOVER_PENDING', { amount: withdrawable, left: turnoverLeft })
  const at = new Date(deps.now())
  const txId = await post(
    q,
    {
      kind: 'transfer',
      userId: fromUser,
      meta: { to: receiver.id.toString() },
      entries: [
        { accountId: await userAccountId(q, fromUser, 'cash'), amount: -amount },
        { accountId: await userAccountId(q, receiver.id, 'cash'), amount },
      ],
    },
    at,
  )
  const r = await q.query<{ id: bigint }>(
    'INSERT INTO transfers (from_user, to_user, amount, tx_id, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING id',
    [fromUser, receiver.id, amount, txId, at],
  )
  const id = BigInt(one(r.rows, 'INSERT INTO transfers').id)
  await q.query('UPDATE ledger_transactions SET ref = $2 WHERE id = $1', [txId, recordId('T', id)])
  return { id, toUserId: receiver.id, balance: await readWireBalance(q, fromUser) }
}
