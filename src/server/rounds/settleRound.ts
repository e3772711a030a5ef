import { payoutOf } from '../../shared/games/payout'
import type { RoundRules } from '../../shared/games/rounds/types'
import type { Queryable } from '../db/connection'
import { refundStake } from '../wallet/refund'
import { creditWin, lockPlayersAccounts } from '../wallet/wallet'
import { countWager, type WagerRules } from '../wallet/wagering'

interface OpenBet {
  id: bigint
  user_id: bigint
  choice: string
  amount: bigint
  from_cash: bigint
  from_bonus: bigint
  created_at: Date
}

/** A player's part of a settled round, for the socket's round:settled. */
export interface PlayerOutcome {
  userId: bigint
  stake: bigint
  payout: bigint
  /** Each of the player's bets: its stake and what it paid (the metrics count bets one by one). */
  bets: { stake: bigint; payout: bigint }[]
}

/**
 * What a player's stakes in one round count toward a gift's wagering: stakes that cover each
 * other count only by their net exposure, what the player could lose at worst (the stakes less the
 * smallest total payout over every roll), and only when some roll pays at least 1.5x the stakes
 * (the multiplier handed to countWager is the best total payout over the stakes). Red and black
 * together count nothing (no roll pays more than they cost); red alone counts in full.
 */
export function netExposure(rules: RoundRules, bets: readonly { choice: string; amount: bigint }[]): { stake: bigint; exposure: bigint; multiplier4: bigint } {
  const stake = bets.reduce((s, b) => s + b.amount, 0n)
  let least: bigint | null = null
  let most = 0n
  for (let roll = 0; roll < rules.size; roll++) {
    const paid = bets.reduce((s, b) => s + payoutOf(b.amount, rules.multiplier(b.choice, roll)), 0n)
    if (least === null || paid < least) least = paid
    if (paid > most) most = paid
  }
  const exposure = stake - (least ?? 0n)
  return { stake, exposure: exposure > 0n ? exposure : 0n, multiplier4: stake > 0n ? (most * 10_000n) / stake : 0n }
}

/**
 * Settles a round in the caller's transaction: the round row first (its lock waits for the bets in
 * flight, and a second settlement finds nothing to do), then every open bet paid through the
 * wallet and each player's stakes counted toward wagering. Returns null when the round was not
 * open (settled or voided already), else each player's outcome.
 */
export async function settleRound(
  q: Queryable,
  rules: RoundRules,
  wager: WagerRules,
  round: { pk: bigint; hash: string; roll: number },
  at: Date,
): Promise<PlayerOutcome[] | null> {
  const closed = await q.query(
    `UPDATE rounds SET phase = 'settled', hash = $2, roll = $3, settled_at = $4 WHERE id = $1 AND phase IN ('betting', 'drawing') RETURNING id`,
    [round.pk, round.hash, round.roll, at],
  )
  if (closed.rows.length === 0) return null
  const bets = (
    await q.query<OpenBet>(
      `SELECT id, user_id, choice, amount, from_cash, from_bonus, created_at FROM round_bets WHERE round_pk = $1 AND state = 'open' ORDER BY user_id, id`,
      [round.pk],
    )
  ).rows
  const byUser = new Map<bigint, OpenBet[]>()
  for (const bet of bets) {
    const userId = BigInt(bet.user_id)
    byUser.set(userId, [...(byUser.get(userId) ?? []), { ...bet, amount: BigInt(bet.amount), from_cash: BigInt(bet.from_cash), from_bonus: BigInt(bet.from_bonus) }])
  }
  // Every player's accounts at once, in the wallet's order, before any is paid (lockPlayersAccounts).
  await lockPlayersAccounts(q, [...byUser.keys()])
  const outcomes: PlayerOutcome[] = []
  for (const [userId, mine] of byUser) {
    let paid = 0n
    const each: PlayerOutcome['bets'] = []
    for (const bet of mine) {
      const multiplier = rules.multiplier(bet.choice, round.roll)
      const payout = payoutOf(bet.amount, multiplier)
      await creditWin(q, userId, payout, { ref: `round:${bet.id}`, at, meta: { game: rules.id }, funding: { fromCash: bet.from_cash, fromBonus: bet.from_bonus } })
      await q.query(`UPDATE round_bets SET state = $2, multiplier = $3, payout = $4, settled_at = $5 WHERE id = $1`, [
        bet.id,
        payout > 0n ? 'won' : 'lost',
        multiplier,
        payout,
        at,
      ])
      paid += payout
      each.push({ stake: bet.amount, payout })
    }
    const net = netExposure(rules, mine)
    const placedAt = mine.reduce((first, b) => (b.created_at < first ? b.created_at : first), mine[0]?.created_at ?? at)
    await countWager(q, wager, userId, { game: rules.id, stake: net.exposure, multiplier4: net.multiplier4, placedAt }, at)
    outcomes.push({ userId, stake: net.stake, payout: paid, bets: each })
  }
  return outcomes
}

/**
 * Voids a round that cannot be played to its end: every open bet's stake goes back the way it was
 * paid (cash and bonus), once: the round row is taken first, and a second void finds it closed.
 */
export async function voidRound(q: Queryable, game: string, roundPk: bigint, at: Date): Promise<PlayerOutcome[] | null> {
  const closed = await q.query(`UPDATE rounds SET phase = 'void', settled_at = $2 WHERE id = $1 AND phase IN ('betting', 'drawing') RETURNING id`, [roundPk, at])
  if (closed.rows.length === 0) return null
  const bets = (
    await q.query<OpenBet>(`SELECT id, user_id, choice, amount, from_cash, from_bonus, created_at FROM round_bets WHERE round_pk = $1 AND state = 'open' ORDER BY user_id, id`, [roundPk])
  ).rows
  // Every player's accounts at once, in the wallet's order, before any is refunded (lockPlayersAccounts).
  await lockPlayersAccounts(q, bets.map((b) => BigInt(b.user_id)))
  const outcomes = new Map<bigint, PlayerOutcome>()
  for (const bet of bets) {
    const userId = BigInt(bet.user_id)
    await refundStake(q, userId, { amount: BigInt(bet.amount), fromCash: BigInt(bet.from_cash), fromBonus: BigInt(bet.from_bonus) }, { ref: `round:${bet.id}`, meta: { game }, at })
    await q.query(`UPDATE round_bets SET state = 'refunded', payout = amount, settled_at = $2 WHERE id = $1`, [bet.id, at])
    const o = outcomes.get(userId) ?? { userId, stake: 0n, payout: 0n, bets: [] }
    o.stake += BigInt(bet.amount)
    o.payout += BigInt(bet.amount)
    o.bets.push({ stake: BigInt(bet.amount), payout: BigInt(bet.amount) })
    outcomes.set(userId, o)
  }
  return [...outcomes.values()]
}
