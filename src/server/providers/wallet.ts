/**
 * The operator's seamless wallet, as game providers call it (issue 15; in the style of Hub88's
 * operator wallet API): balance, bet, win and rollback. The provider holds no money: each bet and
 * win is one ledger movement under the wallet's rules (cash before bonus, the bonus's stake limit,
 * wins paid back the way their stake was paid, wagering counted when the round is won or lost).
 *
 * Every bet, win and rollback taken is a row of provider_transactions keyed by the provider's
 * transaction id, written in the transaction that moves its money:
 * - the same id with the same request answers the first reply again and moves nothing (a retry);
 * - the same id with another request is DUPLICATE_TRANSACTION, and moves nothing;
 * - a refusal (NOT_ENOUGH_MONEY, BET_LIMIT, TRANSACTION_NOT_FOUND on a win...) is not kept, so the
 *   provider may send that id again once the reason is gone; except a rollback of a bet never
 *   seen: it is kept, and that bet's id is marked void, so the bet arriving late is refused.
 * A rollback returns exactly its bet's stake, once; a bet that a win settled is not rolled back
 * (BET_ALREADY_SETTLED: the win may already be spent); a win on a rolled-back bet is refused.
 * Wins and rollbacks are taken after the session's token expired or closed (a round ends after
 * the player left); balance and bet are not.
 */
import { createHash } from 'node:crypto'
import { z } from 'zod/mini'
import { hashToken } from '../auth/tokens'
import type { Queryable } from '../db/connection'
import type { Deps } from '../deps'
import { AppError } from '../http/AppError'
import { userBalances } from '../wallet/ledger'
import { countWager } from '../wallet/wagering'
import { creditWin, debitForBet } from '../wallet/wallet'
import { refundStake } from '../wallet/refund'

type WalletStatus =
  | 'OK'
  | 'BET_LIMIT'
  | 'NOT_ENOUGH_MONEY'
  | 'INVALID_TOKEN'
  | 'TOKEN_EXPIRED'
  | 'INVALID_GAME'
  | 'WRONG_CURRENCY'
  | 'USER_DISABLED'
  | 'INVALID_SIGNATURE'
  | 'DUPLICATE_TRANSACTION'
  | 'TRANSACTION_NOT_FOUND'
  | 'TRANSACTION_ROLLED_BACK'
  | 'BET_ALREADY_SETTLED'
  | 'UNKNOWN_ERROR'

export interface WalletReply {
  status: WalletStatus
  /** The player's cash + bonus, centavos (absent when the token named no player). */
  balance?: number
  /** Bet and win: the operator's id of the movement (the ledger transaction). */
  transactionId?: string
  message?: string
}

/**
 * Ids and tokens are visible ASCII: a provider's ids are codes, and PostgreSQL text cannot hold
 * U+0000 (a NUL in an id made the query fail: the fuzzer's find).
 */
const visible = /^[\x21-\x7e]+$/
const id = z.string().check(z.minLength(1), z.maxLength(100), z.regex(visible))
const token = z.string().check(z.minLength(1), z.maxLength(200), z.regex(visible))
const currency = z.string().check(z.maxLength(8), z.regex(/^[A-Za-z]*$/))
/** Centavos, an integer: at most R$ 10 million in one call. */
const amount = z.int().check(z.gte(0), z.lte(1_000_000_000))

export const walletRequests = {
  balance: z.object({ requestId: id, token, currency }),
  bet: z.object({ requestId: id, token, game: id, roundId: id, transactionId: id, amount, currency }),
  win: z.object({ requestId: id, token, game: id, roundId: id, transactionId: id, referenceTransactionId: id, amount, currency }),
  rollback: z.object({ requestId: id, token, game: id, roundId: id, transactionId: id, referenceTransactionId: id }),
}
export type WalletOp = keyof typeof walletRequests

/**
 * A slot's stake counts toward a gift's wagering by the contribution table (its game 'slots'); the
 * 1.5x rule reads what a bet could pay, and a slot spin can pay far more than 1.5x its stake.
 */
const SLOT_MULTIPLIER4 = 1_000n * 10_000n
const SLOTS = 'slots'

interface SessionRow {
  user_id: bigint
  game: string
  expires_at: Date
  closed_at: Date | null
  disabled_at: Date | null
}

interface TxRow {
  kind: 'bet' | 'win' | 'rollback'
  user_id: bigint
  amount: bigint
  from_cash: bigint
  from_bonus: bigint
  state: string
  request_hash: string
  reply: WalletReply
  created_at: Date
}

/** A reply that ends the call without keeping anything: thrown to roll the transaction back. */
class Refusal extends Error {
  constructor(readonly reply: WalletReply) {
    super(reply.status)
  }
}

const requestHash = (op: WalletOp, body: Record<string, unknown>) => {
  // requestId differs between retries of one transaction: it is not part of what must match.
  const rest = Object.fromEntries(Object.entries(body).filter(([k]) => k !== 'requestId'))
  return createHash('sha256').update(`${op}\n${JSON.stringify(rest, Object.keys(rest).sort())}`).digest('hex')
}

async function spendable(q: Queryable, userId: bigint): Promise<number> {
  const b = await userBalances(q, userId)
  return Number(b.cash + b.bonus)
}

async function sessionOf(q: Queryable, provider: string, tokenText: string): Promise<SessionRow | null> {
  const r = await q.query<SessionRow>(
    `SELECT s.user_id, s.game, s.expires_at, s.closed_at, u.disabled_at FROM provider_sessions s JOIN users u ON u.id = s.user_id
     WHERE s.token_hash = $1 AND s.provider = $2`,
    [hashToken(tokenText), provider],
  )
  return r.rows[0] ?? null
}

async function transactionOf(q: Queryable, provider: string, transactionId: string, lock: boolean): Promise<TxRow | null> {
  const r = await q.query<TxRow>(
    `SELECT kind, user_id, amount, from_cash, from_bonus, state, request_hash, reply, created_at FROM provider_transactions
     WHERE provider = $1 AND transaction_id = $2${lock ? ' FOR UPDATE' : ''}`,
    [provider, transactionId],
  )
  return r.rows[0] ?? null
}

/** A transaction id seen before: the first reply again when it is the same request, DUPLICATE_TRANSACTION when not. */
async function repeat(q: Queryable, seen: TxRow, op: WalletOp, hash: string, userId: bigint): Promise<WalletReply> {
  if (seen.kind === 'bet' && seen.state === 'void') return { status: 'TRANSACTION_ROLLED_BACK', balance: await spendable(q, userId) }
  if (seen.kind === op && seen.request_hash === hash) return seen.reply
  return { status: 'DUPLICATE_TRANSACTION', balance: await spendable(q, userId) }
}

/** One wallet call, already verified as the provider's: the reply to send. */
export async function walletCall(deps: Deps, provider: string, op: WalletOp, body: Record<string, unknown>): Promise<WalletReply> {
  const hash = requestHash(op, body)
  try {
    return await deps.db.tx((q) => handle(deps, q, provider, op, body, hash))
  } catch (err) {
    if (err instanceof Refusal) return err.reply
    throw err
  }
}

async function handle(deps: Deps, q: Queryable, provider: string, op: WalletOp, body: Record<string, unknown>, hash: string): Promise<WalletReply> {
  const now = new Date(deps.now())
  const session = await sessionOf(q, provider, String(body.token))
  if (!session) return { status: 'INVALID_TOKEN' }
  const userId = BigInt(session.user_id)
  const live = session.closed_at === null && new Date(session.expires_at) > now
  if ((op === 'balance' || op === 'bet') && !live) return { status: 'TOKEN_EXPIRED', balance: await spendable(q, userId) }
  if (session.disabled_at !== null) return { status: 'USER_DISABLED' }
  if ('currency' in body && body.currency !== 'BRL') return { status: 'WRONG_CURRENCY', balance: await spendable(q, userId) }
  if (op !== 'balance' && body.game !== session.game) return { status: 'INVALID_GAME', balance: await spendable(q, userId) }
  // A win or rollback naming itself as its bet: that id cannot be both.
  if ('referenceTransactionId' in body && body.referenceTransactionId === body.transactionId) return { status: 'DUPLICATE_TRANSACTION', balance: await spendable(q, userId) }
  switch (op) {
    case 'balance':
      return { status: 'OK', balance: await spendable(q, userId) }
    case 'bet':
      return bet(deps, q, provider, userId, body as z.output<typeof walletRequests.bet>, hash, now)
    case 'win':
      return win(deps, q, provider, userId, body as z.output<typeof walletRequests.win>, hash, now)
    case 'rollback':
      return rollback(q, provider, userId, body as z.output<typeof walletRequests.rollback>, hash, now)
  }
}

const ref = (provider: string, transactionId: string) => `provider:${provider}:${transactionId}`

async function bet(deps: Deps, q: Queryable, provider: string, userId: bigint, b: z.output<typeof walletRequests.bet>, hash: string, now: Date): Promise<WalletReply> {
  // The id is taken first: a second call with it waits here for this one, then finds it.
  const taken = await q.query(
    `INSERT INTO provider_transactions (provider, transaction_id, kind, user_id, game, round_id, amount, state, request_hash, reply, created_at)
     VALUES ($1, $2, 'bet', $3, $4, $5, $6, 'open', $7, '{}', $8) ON CONFLICT DO NOTHING RETURNING 1`,
    [provider, b.transactionId, userId, b.game, b.roundId, b.amount, hash, now],
  )
  if (!taken.rows.length) {
    const seen = await transactionOf(q, provider, b.transactionId, false)
    if (!seen) throw new Error('a provider transaction vanished')
    return repeat(q, seen, 'bet', hash, userId)
  }
  let funding = { fromCash: 0n, fromBonus: 0n, txId: null as bigint | null }
  if (b.amount > 0) {
    try {
      funding = await debitForBet(q, userId, BigInt(b.amount), { rules: deps.config.wallet, ref: ref(provider, b.transactionId), meta: { game: `${provider}:${b.game}`, round: b.roundId }, at: now })
    } catch (err) {
      if (err instanceof AppError && err.errorName === 'INSUFFICIENT_BALANCE') throw new Refusal({ status: 'NOT_ENOUGH_MONEY', balance: await spendable(q, userId) })
      if (err instanceof AppError && err.errorName === 'BONUS_MAX_STAKE') throw new Refusal({ status: 'BET_LIMIT', balance: await spendable(q, userId), message: 'bonus max stake' })
      throw err
    }
  }
  const reply: WalletReply = { status: 'OK', balance: await spendable(q, userId), transactionId: funding.txId === null ? `0-${b.transactionId}` : String(funding.txId) }
  await q.query(
    `UPDATE provider_transactions SET from_cash = $3, from_bonus = $4, tx_id = $5, reply = $6 WHERE provider = $1 AND transaction_id = $2`,
    [provider, b.transactionId, funding.fromCash, funding.fromBonus, funding.txId, JSON.stringify(reply)],
  )
  return reply
}

async function win(deps: Deps, q: Queryable, provider: string, userId: bigint, w: z.output<typeof walletRequests.win>, hash: string, now: Date): Promise<WalletReply> {
  // The bet first, locked: wins on one bet take turns, and each sees the ones before it.
  const placed = await transactionOf(q, provider, w.referenceTransactionId, true)
  const seen = await transactionOf(q, provider, w.transactionId, false)
  if (seen) return repeat(q, seen, 'win', hash, userId)
  if (!placed || placed.kind !== 'bet' || BigInt(placed.user_id) !== userId) throw new Refusal({ status: 'TRANSACTION_NOT_FOUND', balance: await spendable(q, userId) })
  if (placed.state === 'void' || placed.state === 'rolled_back') throw new Refusal({ status: 'TRANSACTION_ROLLED_BACK', balance: await spendable(q, userId) })
  const txId = await creditWin(q, userId, BigInt(w.amount), {
    funding: { fromCash: BigInt(placed.from_cash), fromBonus: BigInt(placed.from_bonus) },
    ref: ref(provider, w.transactionId),
    meta: { game: `${provider}:${w.game}`, round: w.roundId },
    at: now,
  })
  if (placed.state === 'open') {
    await q.query(`UPDATE provider_transactions SET state = 'settled' WHERE provider = $1 AND transaction_id = $2`, [provider, w.referenceTransactionId])
    // The round is over: its stake counts toward a gift's wagering, the VIP levels and referrals.
    if (BigInt(placed.amount) > 0n) await countWager(q, deps.config.wallet, userId, { game: SLOTS, stake: BigInt(placed.amount), multiplier4: SLOT_MULTIPLIER4, placedAt: new Date(placed.created_at) }, now)
  }
  const reply: WalletReply = { status: 'OK', balance: await spendable(q, userId), transactionId: txId === null ? `0-${w.transactionId}` : String(txId) }
  await q.query(
    `INSERT INTO provider_transactions (provider, transaction_id, kind, user_id, game, round_id, amount, reference_id, state, tx_id, request_hash, reply, created_at)
     VALUES ($1, $2, 'win', $3, $4, $5, $6, $7, 'done', $8, $9, $10, $11)`,
    [provider, w.transactionId, userId, w.game, w.roundId, w.amount, w.referenceTransactionId, txId, hash, JSON.stringify(reply), now],
  )
  return reply
}

async function rollback(q: Queryable, provider: string, userId: bigint, r: z.output<typeof walletRequests.rollback>, hash: string, now: Date): Promise<WalletReply> {
  let placed = await transactionOf(q, provider, r.referenceTransactionId, true)
  const seen = await transactionOf(q, provider, r.transactionId, false)
  if (seen) return repeat(q, seen, 'rollback', hash, userId)
  const keep = (reply: WalletReply, txId: bigint | null = null) =>
    q.query(
      `INSERT INTO provider_transactions (provider, transaction_id, kind, user_id, game, round_id, amount, reference_id, state, tx_id, request_hash, reply, created_at)
       VALUES ($1, $2, 'rollback', $3, $4, $5, 0, $6, 'done', $7, $8, $9, $10)`,
      [provider, r.transactionId, userId, r.game, r.roundId, r.referenceTransactionId, txId, hash, JSON.stringify(reply), now],
    )
  if (!placed) {
    // Never seen: recorded as void, so the bet arriving late is refused.
    const marked = await q.query(
      `INSERT INTO provider_transactions (provider, transaction_id, kind, user_id, game, round_id, amount, state, request_hash, reply, created_at)
       VALUES ($1, $2, 'bet', $3, $4, $5, 0, 'void', '', '{}', $6) ON CONFLICT DO NOTHING RETURNING 1`,
      [provider, r.referenceTransactionId, userId, r.game, r.roundId, now],
    )
    if (marked.rows.length) {
      const reply: WalletReply = { status: 'TRANSACTION_NOT_FOUND', balance: await spendable(q, userId) }
      await keep(reply)
      return reply
    }
    // The bet came meanwhile: roll it back as any other.
    placed = await transactionOf(q, provider, r.referenceTransactionId, true)
  }
  if (!placed || placed.kind !== 'bet' || BigInt(placed.user_id) !== userId) throw new Refusal({ status: 'TRANSACTION_NOT_FOUND', balance: await spendable(q, userId) })
  if (placed.state === 'settled') throw new Refusal({ status: 'BET_ALREADY_SETTLED', balance: await spendable(q, userId) })
  let txId: bigint | null = null
  if (placed.state === 'open') {
    txId = await refundStake(q, userId, { amount: BigInt(placed.amount), fromCash: BigInt(placed.from_cash), fromBonus: BigInt(placed.from_bonus) }, { ref: ref(provider, r.transactionId), meta: { game: `${provider}:${r.game}`, round: r.roundId }, at: now })
    await q.query(`UPDATE provider_transactions SET state = 'rolled_back' WHERE provider = $1 AND transaction_id = $2`, [provider, r.referenceTransactionId])
  }
  // A bet rolled back already (under another rollback id): nothing more moves.
  const reply: WalletReply = { status: 'OK', balance: await spendable(q, userId) }
  await keep(reply, txId)
  return reply
}
