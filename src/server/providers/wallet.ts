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
 * A win names a bet of its own round placed in its own session (else TRANSACTION_NOT_FOUND), and
 * a round's wins together pay at most the game's largest multiplier (its catalogue's) times the
 * round's stake (else BET_LIMIT, logged: a provider, or its secret's holder, paying what no spin
 * pays). Wins and rollbacks are taken after the session's token expired or closed (a round ends
 * after the player left), wins only within PROVIDER_SETTLE_WINDOW_HOURS of that; balance and bet
 * are not.
 */
import { createHash } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import { z } from 'zod/mini'
import { hashToken } from '../auth/tokens'
import { one } from '../db/one'
import type { Deps } from '../deps'
import { dayOf } from '../wallet/days'
import { countedStake } from '../wallet/wagering'

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
export const SLOTS = 'slots'

const requestHash = (op: WalletOp, body: Record<string, unknown>) => {
  // requestId differs between retries of one transaction: it is not part of what must match.
  const rest = Object.fromEntries(Object.entries(body).filter(([k]) => k !== 'requestId'))
  return createHash('sha256').update(`${op}\n${JSON.stringify(rest, Object.keys(rest).sort())}`).digest('hex')
}

/**
 * A win's cap: the game's largest multiplier in ten-thousandths, from its provider's catalogue
 * (null: not a game of that provider's catalogue, so no win is taken).
 */
async function maxMultiplier4(deps: Deps, provider: string, game: unknown): Promise<number | null> {
  const entry = (await deps.providers.get(provider)?.listGames())?.find((g) => g.code === game)
  const x = entry?.maxMultiplier
  return typeof x === 'number' && Number.isFinite(x) && x > 0 ? Math.round(x * 10_000) : null
}

/**
 * One wallet call, already verified as the provider's: the reply to send. The call is one
 * statement, provider_wallet (db/functions/providers/provider_wallet.sql), which holds the rules above; Node passes
 * what needs the app's configuration: the day of today's stakes, the bonus's stake limit, the
 * part of a slot's stake that counts toward a gift (countedStake, so the table and the 1.5x rule
 * stay in one place), the settlement window and a win's game's largest multiplier.
 */
export async function walletCall(
  deps: Deps,
  provider: string,
  op: WalletOp,
  body: Record<string, unknown>,
  log: FastifyBaseLogger,
  /**
   * An aggregator's own rules: `hash` what a repeat of a transaction id must match (Hub88: the
   * reference, amount, currency, round, user and game), `uid` the player the call names (another's
   * token is then INVALID_TOKEN).
   */
  as: { hash?: string; uid?: string } = {},
): Promise<WalletReply> {
  const at = new Date(deps.now())
  const rules = deps.config.wallet
  const call = {
    op,
    provider,
    tokenHash: hashToken(String(body.token)),
    hash: as.hash ?? requestHash(op, body),
    uid: as.uid ?? null,
    at: at.toISOString(),
    day: dayOf(at.getTime()),
    game: body.game ?? null,
    round: body.roundId ?? null,
    tx: body.transactionId ?? null,
    refTx: body.referenceTransactionId ?? null,
    amount: body.amount ?? null,
    bonusMax: String(rules.bonusMaxStake),
    slotPct: String(countedStake(rules, SLOTS, 100n, SLOT_MULTIPLIER4)),
    currencyOk: 'currency' in body ? body.currency === 'BRL' : null,
    selfRef: 'referenceTransactionId' in body && body.referenceTransactionId === body.transactionId,
    settleSeconds: deps.config.providerSettleMs / 1000,
    maxMult4: op === 'win' ? await maxMultiplier4(deps, provider, body.game) : null,
  }
  const r = await deps.db.query<{ reply: WalletReply & { refused?: { stake: number; won: number }; moved?: number } }>('SELECT provider_wallet($1::jsonb) AS reply', [JSON.stringify(call)])
  const { refused, moved, ...reply } = one(r.rows, 'provider_wallet').reply
  // Only the call that moved the money answers `moved` (a repeat answers the stored reply).
  if (moved !== undefined && op !== 'balance') deps.metrics.providerMoved(provider, op, BigInt(moved))
  if (refused) {
    log.warn(
      { provider, game: call.game, round: call.round, transactionId: call.tx, amount: call.amount, roundStake: refused.stake, roundWon: refused.won, maxMultiplier: (call.maxMult4 ?? 0) / 10_000 },
      "provider win refused: above the game's largest multiplier times the round's stake",
    )
  }
  return reply
}
