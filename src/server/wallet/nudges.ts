/**
 * What a settled bet may tell the player's app besides the new balance (spec sections 4, 7, 9):
 * - `freeBalance` when the bet took the balance under R$0.51: the app opens the deposit overlay;
 * - `userBetAmount` (the bonus boost) once a São Paulo day, when the day's stakes reach the
 *   configured amount: the app shows 'bouns x amount', the EXPPAY package's price plus gift;
 * - the compensation offer (INSBRL) when a bet takes a player who has deposited before from
 *   R$ 10 or more to under R$ 10.
 * Each offer is recorded with its expiry: prePay sells a promotional package only against one.
 * Called after the bet's transaction committed; a failure here never touches the bet.
 */
import { FREE_BALANCE_BELOW, LOW_BALANCE_BELOW } from '../../shared/contract/wallet'
import { centavosToReais } from '../../shared/money'
import type { Queryable } from '../db/connection'
import type { Deps } from '../deps'
import { hasPaidDeposit } from '../deposits/repository'
import { dayOf, startOfToday } from './days'
import { recordOffer } from './offers'

export interface SettledBet {
  /** Cash plus bonus just before the stake was taken, and after the payout. */
  balanceBefore: bigint
  balanceAfter: bigint
  /** The version of balanceAfter. */
  balanceVersion: number
}

/** The bonus-boost offer: the first EXPPAY package (spec: first item only); bouns = (price + gift) / price. */
async function boostPackage(q: Queryable): Promise<{ price: bigint; gift: bigint } | null> {
  const r = await q.query<{ price: bigint; gift: bigint }>(`SELECT price, gift FROM price_packages WHERE curreny = 'EXPPAY' AND active ORDER BY sort, id LIMIT 1`)
  const row = r.rows[0]
  return row ? { price: BigInt(row.price), gift: BigInt(row.gift) } : null
}

/** Offers the boost when today's stakes reached the threshold and no offer went out today; true when it did. */
async function offerBoost(deps: Deps, userId: bigint): Promise<boolean> {
  const threshold = deps.config.wallet.boostAfterWagered
  if (threshold <= 0n) return false
  const now = deps.now()
  const wagered = await deps.db.query<{ total: bigint | null }>(
    'SELECT sum(amount)::bigint AS total FROM casino_bets WHERE user_id = $1 AND created_at >= $2',
    [userId, startOfToday(now)],
  )
  if (BigInt(wagered.rows[0]?.total ?? 0n) < threshold) return false
  const pkg = await boostPackage(deps.db)
  if (!pkg) return false
  // Four decimals, rounded down, like every multiplier on the wire.
  const bouns = Number(((pkg.price + pkg.gift) * 10_000n) / pkg.price) / 10_000
  const inserted = await deps.db.query(
    'INSERT INTO boost_offers (user_id, day, bouns, amount, sent_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING RETURNING user_id',
    [userId, dayOf(now), bouns, pkg.price, new Date(now)],
  )
  if (!inserted.rows.length) return false
  await recordOffer(deps, userId, 'EXPPAY')
  deps.realtime.toUser(userId, 'userBetAmount', { bouns, amount: centavosToReais(pkg.price) })
  return true
}

/**
 * Test accounts play with play money and cannot deposit: no deposit prompt or offer reaches them.
 * One cheap lookup decides most bets: once today's offer went out, nothing else is asked. The
 * caller awaits it before the bet's reply, so the compensation offer exists by the time the app's
 * gameDeposit overlay asks for the package.
 */
export async function afterBetSettled(deps: Deps, userId: bigint, bet: SettledBet): Promise<void> {
  const r = await deps.db.query<{ is_test: boolean; offered: boolean }>(
    'SELECT u.is_test, EXISTS (SELECT 1 FROM boost_offers o WHERE o.user_id = u.id AND o.day = $2) AS offered FROM users u WHERE u.id = $1',
    [userId, dayOf(deps.now())],
  )
  const user = r.rows[0]
  if (!user || user.is_test) return
  if (bet.balanceAfter < FREE_BALANCE_BELOW && bet.balanceBefore >= FREE_BALANCE_BELOW) {
    deps.realtime.toUser(userId, 'freeBalance', { balance: centavosToReais(bet.balanceAfter), balanceVersion: bet.balanceVersion })
  }
  // The compensation offer: a player who has deposited before, taken from R$ 10 or more to under R$ 10.
  if (bet.balanceAfter < LOW_BALANCE_BELOW && bet.balanceBefore >= LOW_BALANCE_BELOW && (await hasPaidDeposit(deps.db, userId))) {
    await recordOffer(deps, userId, 'INSBRL')
  }

  if (!user.offered) await offerBoost(deps, userId)
}
