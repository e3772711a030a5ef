/**
 * What a settled bet may tell the player's app besides the new balance (spec sections 4, 7, 9):
 * - `freeBalance` when the bet took the balance under R$0.51: the app opens the deposit overlay;
 * - `userBetAmount` (the bonus boost) once a São Paulo day, when the day's stakes reach the
 *   configured amount: the app shows the multiplier x amount (the event's `bouns`), the EXPPAY package's price plus gift;
 * - the compensation offer (INSBRL) when a bet takes a player who has deposited before from
 *   R$ 10 or more to under R$ 10, if that answers a real loss (compensationDue); `offer:compensation`
 *   tells the app, which opens the compensation deposit (gameDeposit).
 * Each offer is recorded with its expiry: prePay sells a promotional package only against one.
 * Called after the bet's transaction committed; a failure here never touches the bet.
 */
import { FREE_BALANCE_BELOW, LOW_BALANCE_BELOW } from '../../shared/contract/wallet'
import { centavosToReais } from '../../shared/money'
import type { Queryable } from '../db/connection'
import type { Deps } from '../deps'
import { dayOf } from './days'
import { depositBonusesOffered } from '../protection/brazil'
import { recordOffer } from './offers'

export interface SettledBet {
  /** Cash plus bonus just before the stake was taken, and after the payout. */
  balanceBefore: bigint
  balanceAfter: bigint
  /** The version of balanceAfter. */
  balanceVersion: number
}

/** The bonus-boost offer: the first EXPPAY package (spec: first item only); its multiplier = (price + gift) / price. */
async function boostPackage(q: Queryable): Promise<{ price: bigint; gift: bigint } | null> {
  const r = await q.query<{ price: bigint; gift: bigint }>(`SELECT price, gift FROM price_packages WHERE currency = 'EXPPAY' AND active ORDER BY sort, id LIMIT 1`)
  const row = r.rows[0]
  return row ? { price: BigInt(row.price), gift: BigInt(row.gift) } : null
}

/**
 * What the bet's own database call read for the nudges (casino_play, db/functions/casino/casino_play.sql), so a settled
 * bet that nudges nothing costs no query here.
 */
export interface BetFacts {
  isTest: boolean
  /** Today's stakes (São Paulo day), centavos: the running total the bet path keeps. */
  dayTotal: bigint
  /** Today's bonus-boost offer went out already. */
  offered: boolean
  /** The balance is under LOW_BALANCE_BELOW and the player has paid a deposit. */
  paid: boolean
}

/** Offers the boost when today's stakes reached the threshold and no offer went out today; true when it did. */
async function offerBoost(deps: Deps, userId: bigint, dayTotal: bigint): Promise<boolean> {
  const threshold = deps.config.wallet.boostAfterWagered
  if (threshold <= 0n || dayTotal < threshold) return false
  const now = deps.now()
  const pkg = await boostPackage(deps.db)
  if (!pkg) return false
  // Four decimals, rounded down, like every multiplier on the wire.
  const multiplier = Number(((pkg.price + pkg.gift) * 10_000n) / pkg.price) / 10_000
  const inserted = await deps.db.query(
    'INSERT INTO boost_offers (user_id, day, multiplier, amount, sent_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING RETURNING user_id',
    [userId, dayOf(now), multiplier, pkg.price, new Date(now)],
  )
  if (!inserted.rows.length) return false
  await recordOffer(deps, userId, 'EXPPAY')
  deps.realtime.toUser(userId, 'userBetAmount', { bouns: multiplier, amount: centavosToReais(pkg.price) })
  return true
}

/** The ledger kinds of a bet's result: what a player lost is their sum on cash and bonus, negated. */
const BET_RESULT_KINDS = ['bet', 'win', 'refund', 'correction']

/**
 * A loss found short of compensation is not summed again for a minute for the same deposit: the
 * sum reads every bet since that deposit, and a player moving R$ 10 back and forth would have it
 * read on every crossing. Per app (its deps) and process; a lapse only delays an offer to the next
 * crossing.
 */
const NOT_DUE_MS = 60_000
const notDueByApp = new WeakMap<Deps, Map<string, number>>()
function notDueOf(deps: Deps): Map<string, number> {
  const known = notDueByApp.get(deps)
  if (known) return known
  const fresh = new Map<string, number>()
  notDueByApp.set(deps, fresh)
  return fresh
}

/**
 * The compensation offer answers a real loss of deposited money, once: the player's bets have lost,
 * since their last paid deposit, that deposit less R$ 10 and at least R$ 10 (R$ 0,10 lost at R$ 10,00
 * after money was moved out is no loss), and no compensation offer was made since that deposit nor
 * this São Paulo day. Before, every crossing of R$ 10 made (or extended) one, so a player who moved
 * money back above it and lost R$ 0,10 again had an offer at will (issue 29).
 */
async function compensationDue(q: Queryable, notDue: Map<string, number>, userId: bigint, now: Date): Promise<boolean> {
  const last = (
    await q.query<{ id: bigint; closed_at: Date; amount: bigint; offered: boolean }>(
      `SELECT d.id, d.closed_at, COALESCE(d.paid_amount, d.amount) AS amount,
         EXISTS (SELECT 1 FROM promo_offers o WHERE o.user_id = $1 AND o.currency = 'INSBRL'
           AND (o.created_at >= d.closed_at OR (o.created_at AT TIME ZONE 'America/Sao_Paulo')::date = $2::date)) AS offered
       FROM orders d WHERE d.user_id = $1 AND d.type = 10 AND d.status = '10' ORDER BY d.closed_at DESC LIMIT 1`,
      [userId, dayOf(now.getTime())],
    )
  ).rows[0]
  if (!last || last.offered) return false
  const key = `${userId}:${last.id}`
  if ((notDue.get(key) ?? 0) > now.getTime()) return false
  const lost = (
    await q.query<{ lost: bigint }>(
      `SELECT COALESCE(-sum(e.amount), 0) AS lost FROM ledger_transactions t
         JOIN ledger_entries e ON e.tx_id = t.id
         JOIN ledger_accounts a ON a.id = e.account_id AND a.user_id = $1 AND a.kind IN ('cash', 'bonus')
       WHERE t.user_id = $1 AND t.kind = ANY($3::text[]) AND t.created_at >= $2`,
      [userId, last.closed_at, BET_RESULT_KINDS],
    )
  ).rows[0]
  const deposit = BigInt(last.amount)
  const floor = deposit - LOW_BALANCE_BELOW > LOW_BALANCE_BELOW ? deposit - LOW_BALANCE_BELOW : LOW_BALANCE_BELOW
  if (BigInt(lost?.lost ?? 0) >= floor) return true
  if (notDue.size >= 10_000) notDue.clear()
  notDue.set(key, now.getTime() + NOT_DUE_MS)
  return false
}

/**
 * Test accounts play with play money and cannot deposit: no deposit prompt or offer reaches them.
 * The caller awaits it before the bet's reply, so the compensation offer exists by the time the
 * app's gameDeposit overlay asks for the package.
 */
export async function afterBetSettled(deps: Deps, userId: bigint, bet: SettledBet, facts: BetFacts): Promise<void> {
  if (facts.isTest) return
  if (bet.balanceAfter < FREE_BALANCE_BELOW && bet.balanceBefore >= FREE_BALANCE_BELOW) {
    deps.realtime.toUser(userId, 'freeBalance', { balance: centavosToReais(bet.balanceAfter), balanceVersion: bet.balanceVersion })
  }
  // The BR profile offers no deposit-linked bonus: neither the compensation nor the boost.
  if (!depositBonusesOffered(deps.config)) return
  // The compensation offer: a player who has deposited before, taken from R$ 10 or more to under R$ 10, after a real loss.
  if (bet.balanceAfter < LOW_BALANCE_BELOW && bet.balanceBefore >= LOW_BALANCE_BELOW && facts.paid) {
    const notDue = notDueOf(deps)
    if (await recordOffer(deps, userId, 'INSBRL', (q, now) => compensationDue(q, notDue, userId, now))) {
      // The app opens the compensation deposit on this, not on its own reading of the balance: the offer decides.
      deps.realtime.toUser(userId, 'offer:compensation', { balance: centavosToReais(bet.balanceAfter), balanceVersion: bet.balanceVersion })
    }
  }

  if (!facts.offered) await offerBoost(deps, userId, facts.dayTotal)
}
