/**
 * The sportsbook's money: checking a slip against the feed's current odds (the bet itself is one
 * call of sport_play, in SportPlay.ts), and settling the legs of a finished match (each bet once: its row is taken with `status = 0`, so a second settlement of the
 * same match, in this process or another, moves nothing).
 */
import { BET_RESULT } from '../../shared/codes'
import { oddsFromWire, productOdds } from '../../shared/sport/odds'
import { betReturn, quarters, runnerOf, settleLeg, type LegResult, type MarketType, type MatchOutcome, type SelectionName } from '../../shared/sport/settle'
import type { Queryable } from '../db/connection'
import { AppError } from '../AppError'
import { netExposure, resultOf, type ExposureBet, type ExposureLeg } from './exposure'
import { post, userAccountId, userBalances } from '../wallet/ledger'
import { creditWin, lockPlayersAccounts } from '../wallet/wallet'
import { countWager, type WagerRules } from '../wallet/wagering'
import type { OddsFeed } from './OddsFeed'

export interface SportLimits {
  minStake: bigint
  maxStake: bigint
  maxLegs: number
  /** The largest payout of one bet (SPORT_MAX_PAYOUT), centavos. */
  maxPayout: bigint
}

export interface SlipInput {
  type: 'single' | 'parlay'
  stake: bigint
  selections: { selectionId: string; odds: number }[]
  acceptOdds: 'any' | 'higher' | 'none'
}

/** The name a sport bet's stakes count under toward a gift (WAGER_CONTRIBUTION's key). */
export const SPORT_GAME = 'sport'

/** A selection id: `<matchId>-<type>-<period>-<line in quarters>-<name>` (the feed's market id and the selection's name). */
function parseSelectionId(id: string): { matchId: string; marketId: string; name: string } | null {
  const m = /^(\d{1,15})-([a-zA-Z0-9]{2,8})-(\d{1,4})-(-?\d{1,4})-([a-z]{3,5}|run(?:[1-9]|1[0-2]))$/.exec(id)
  if (!m) return null
  return { matchId: m[1] as string, marketId: `${m[1]}-${m[2]}-${m[3]}-${m[4]}`, name: m[5] as string }
}

/**
 * Checks the slip against the feed as it is now and the limits; the legs at the odds they take.
 * (That no leg's match is settled already is checked where the bet is written: sport_play.)
 */
export function checkSlip(feed: OddsFeed, limits: SportLimits, slip: SlipInput): SlipLeg[] {
  const { selections } = slip
  if (slip.type === 'single' ? selections.length !== 1 : selections.length < 2) throw new AppError('SPORT_BAD_SLIP')
  if (selections.length > limits.maxLegs) throw new AppError('SPORT_PARLAY_LIMIT', { max: limits.maxLegs })
  if (slip.stake < limits.minStake) throw new AppError('STAKE_OUT_OF_RANGE', { min: limits.minStake, max: limits.maxStake })
  if (slip.stake > limits.maxStake) throw new AppError('SPORT_MAX_BET', { max: limits.maxStake })
  const parsed = selections.map((s) => ({ ...s, ref: parseSelectionId(s.selectionId) }))
  const matches = new Set(parsed.map((p) => p.ref?.matchId))
  if (matches.size !== parsed.length) throw new AppError('SPORT_BAD_SLIP')
  const legs = parsed.map((p) => {
    if (!p.ref) throw new AppError('SPORT_NOT_OPEN')
    const market = feed.markets(p.ref.matchId).find((m) => m.marketId === p.ref?.marketId)
    const selection = market?.selections.find((s) => s.selectionId === p.selectionId)
    if (!market || !selection || market.status === 'closed') throw new AppError('SPORT_NOT_OPEN')
    if (market.status === 'suspended') throw new AppError('SPORT_SUSPENDED')
    const asked = oddsFromWire(p.odds)
    if (asked === null) throw new AppError('SPORT_ODDS_CHANGED')
    if ((slip.acceptOdds === 'none' && selection.odds !== asked) || (slip.acceptOdds === 'higher' && selection.odds < asked)) throw new AppError('SPORT_ODDS_CHANGED')
    return { matchId: p.ref.matchId, marketId: market.marketId, selectionId: selection.selectionId, type: market.type, period: market.period, lineQuarters: quarters(market.line), selection: selection.name, odds: selection.odds }
  })
  if (potentialOf(slip.stake, legs) > limits.maxPayout) throw new AppError('SPORT_MAX_PAYOUT', { max: limits.maxPayout })
  return legs
}

export interface SlipLeg {
  matchId: string
  marketId: string
  selectionId: string
  type: MarketType
  period: number
  lineQuarters: number
  selection: SelectionName
  /** Thousandths. */
  odds: number
}

/** Odds as a decimal number from thousandths (the product of a parlay's, rounded once to 3 places). */
export const decimalOdds = (legs: readonly { odds: number }[]) => productOdds(legs.map((l) => l.odds))

/** What the legs return on a stake if every one wins (centavos). */
export const potentialOf = (stake: bigint, legs: readonly { odds: number }[]) => betReturn(stake, legs.map((l) => ({ result: BET_RESULT.WIN as LegResult, odds: l.odds })))

/** A leg as sport_bet_legs keeps it: what exposure reads, and its bet, place and result. */
interface LegRow extends ExposureLeg {
  bet_id: bigint
  leg: number
  result: number | null
}

const LEG_COLUMNS = 'bet_id, leg, match_id, market_type, period, line_quarters, selection, odds, result'

/**
 * The (player, match) pairs where sport_match_payouts is not what the open bets' legs on the match
 * may pay together (the per-match cap's running total against its definition): zero on sound
 * books. The tests check it after every money suite's test, the money simulator after every crash.
 */
export async function sportPayoutsDrift(q: Queryable): Promise<bigint> {
  const r = await q.query<{ n: bigint }>(
    `SELECT count(*)::bigint AS n FROM sport_match_payouts e
     FULL JOIN (SELECT b.user_id, l.match_id, sum(b.potential) AS potential FROM sport_bets b JOIN sport_bet_legs l ON l.bet_id = b.id
                WHERE b.status = 0 GROUP BY b.user_id, l.match_id) o ON o.user_id = e.user_id AND o.match_id = e.match_id
     WHERE e.potential IS DISTINCT FROM o.potential`,
  )
  return BigInt(r.rows[0]?.n ?? 0)
}

/**
 * A match's settlement lock, held to the commit: exclusive here, shared by every batch of bets
 * naming the match (sport_play_batch.sql), so no bet commits on a match between its result and its
 * settlement. Taken before any account lock, as the bets take theirs.
 */
async function lockMatch(q: Queryable, matchId: string): Promise<void> {
  await q.query(`SELECT pg_advisory_xact_lock(hashtext('sport-match:' || $1::text))`, [matchId])
}

export interface SettledSportBet {
  userId: bigint
  betId: bigint
  stake: bigint
  payout: bigint
}

/**
 * Settles every open leg on a match with its outcome, then every bet whose legs all have a result:
 * what it returns (stake x the legs' factors) through creditWin, paid back the way the stake was
 * (cash and bonus), and its stake toward a gift's wagering. Records the outcome the match was
 * settled with. Returns the bets settled now.
 */
export async function settleMatch(q: Queryable, rules: WagerRules, matchId: string, outcome: MatchOutcome, at: Date): Promise<SettledSportBet[]> {
  await lockMatch(q, matchId)
  await q.query('INSERT INTO sport_results (match_id, outcome, settled_at) VALUES ($1, $2, $3) ON CONFLICT (match_id) DO NOTHING', [matchId, JSON.stringify(outcome), at])
  const open = (await q.query<LegRow>(`SELECT ${LEG_COLUMNS} FROM sport_bet_legs WHERE match_id = $1 AND result IS NULL`, [matchId])).rows
  const touched = new Set<bigint>()
  for (const l of open) {
    const result = settleLeg({ type: l.market_type as MarketType, period: Number(l.period), line: Number(l.line_quarters) / 4 }, l.selection as SelectionName, outcome)
    await q.query('UPDATE sport_bet_legs SET result = $3 WHERE bet_id = $1 AND leg = $2 AND result IS NULL', [l.bet_id, l.leg, result])
    touched.add(BigInt(l.bet_id))
  }
  // The bets every leg of which now has a result, each locked; then their players' accounts, all
  // at once in the wallet's order (lockPlayersAccounts), before any is paid.
  const ready: { betId: bigint; legs: LegRow[]; bet: { user_id: bigint; amount: bigint; from_cash: bigint; from_bonus: bigint; created_at: Date } }[] = []
  for (const betId of [...touched].sort((a, b) => (a < b ? -1 : 1))) {
    // The bet first, locked, then its legs: a parlay's other match settled at the same moment
    // either committed before this lock was granted (its leg's result is read here) or waits for
    // this one and reads this leg's. Read before the lock, both saw the other's leg open and
    // neither settled the parlay (PostgreSQL; the money simulator's find).
    const bet = (
      await q.query<{ user_id: bigint; amount: bigint; from_cash: bigint; from_bonus: bigint; created_at: Date }>(
        'SELECT user_id, amount, from_cash, from_bonus, created_at FROM sport_bets WHERE id = $1 AND status = 0 FOR UPDATE',
        [betId],
      )
    ).rows[0]
    if (!bet) continue
    const legs = (await q.query<LegRow>(`SELECT ${LEG_COLUMNS} FROM sport_bet_legs WHERE bet_id = $1 ORDER BY leg`, [betId])).rows
    if (legs.some((l) => l.result === null)) continue
    ready.push({ betId, legs, bet })
  }
  await lockPlayersAccounts(q, ready.map((r) => BigInt(r.bet.user_id)))
  const settled: SettledSportBet[] = []
  const groups = new Map<string, { userId: bigint; placedAt: Date; bets: ExposureBet[] }>()
  for (const { betId, legs, bet } of ready) {
    const amount = BigInt(bet.amount)
    const payout = betReturn(amount, legs.map((l) => ({ result: Number(l.result) as LegResult, odds: Number(l.odds) })))
    await q.query('UPDATE sport_bets SET status = 9999, payout = $2, settled_at = $3 WHERE id = $1', [betId, payout, at])
    const userId = BigInt(bet.user_id)
    // No longer open: off what the player's open bets on its matches may pay (the per-match cap).
    await q.query('SELECT sport_match_payouts_move($1, $2, -1)', [userId, betId])
    await creditWin(q, userId, payout, { ref: `sport:${betId}`, at, meta: { game: 'sport' }, funding: { fromCash: BigInt(bet.from_cash), fromBonus: BigInt(bet.from_bonus) } })
    settled.push({ userId, betId, stake: amount, payout })
    // Toward a gift's wagering: a refunded leg (void or push) counts as if it were not there; a bet
    // with none left counts nothing. Bets on the same results (both sides of a line, parlays over
    // every combination of two matches) count together, by their net exposure.
    const live = legs.filter((l) => Number(l.result) !== BET_RESULT.PRINCIPAL_REFUND)
    if (live.length === 0) continue
    const key = `${userId}|${[...new Set(live.map(resultOf))].sort().join(',')}`
    const placedAt = new Date(bet.created_at)
    const group = groups.get(key) ?? { userId, placedAt, bets: [] }
    if (placedAt < group.placedAt) group.placedAt = placedAt
    group.bets.push({ amount, legs: live })
    groups.set(key, group)
  }
  for (const g of groups.values()) {
    const net = g.bets.length > 1 ? netExposure(g.bets, await fieldSizes(q, g.bets)) : null
    // One bet alone (or a group too large to try every joint result): each its stake, at the odds it aimed for.
    const counts = net ? [{ stake: net.exposure, multiplier4: net.multiplier4 }] : g.bets.map((b) => ({ stake: b.amount, multiplier4: aimedAt(b.legs) }))
    for (const c of counts) await countWager(q, rules, g.userId, { game: SPORT_GAME, stake: c.stake, multiplier4: c.multiplier4, placedAt: g.placedAt }, at)
  }
  return settled
}

/** The field of each race the bets back a runner of, as its settled outcome has it (exposure tries each runner winning). */
async function fieldSizes(q: Queryable, bets: readonly ExposureBet[]): Promise<Map<string, number>> {
  const races = [...new Set(bets.flatMap((b) => b.legs.filter((l) => runnerOf(l.selection) !== null).map((l) => l.match_id)))]
  if (races.length === 0) return new Map()
  const rows = (await q.query<{ match_id: string; outcome: MatchOutcome | string }>('SELECT match_id, outcome FROM sport_results WHERE match_id = ANY($1::text[])', [races])).rows
  const out = new Map<string, number>()
  for (const r of rows) {
    const o = (typeof r.outcome === 'string' ? JSON.parse(r.outcome) : r.outcome) as MatchOutcome
    if (o.status === 'finished' && o.runners) out.set(r.match_id, o.runners)
  }
  return out
}

/** The odds a bet aimed for (the product of its legs'), in ten-thousandths. */
const aimedAt = (legs: readonly { odds: number }[]) => legs.reduce((x, l) => x * BigInt(l.odds), 10_000n) / 1000n ** BigInt(legs.length)

export interface CorrectedSportBet {
  userId: bigint
  betId: bigint
  /** New payout less the old (centavos): paid when positive, taken back when negative. */
  difference: bigint
  /** What could not be taken back (the player had spent it): written off, never a negative balance. */
  writtenOff: bigint
}

/**
 * A corrected result for a match already settled: every leg on it settled again, and every bet
 * whose payout changes moves only the difference through the ledger: paid as a win, or taken back
 * from the player (cash, then bonus) as a 'correction' to the house, never below zero. The same
 * correction twice moves nothing (the second finds every leg and payout already so).
 */
export async function correctMatch(q: Queryable, matchId: string, outcome: MatchOutcome, at: Date): Promise<CorrectedSportBet[]> {
  await lockMatch(q, matchId)
  await q.query('INSERT INTO sport_results (match_id, outcome, settled_at) VALUES ($1, $2, $3) ON CONFLICT (match_id) DO UPDATE SET outcome = EXCLUDED.outcome, settled_at = EXCLUDED.settled_at', [matchId, JSON.stringify(outcome), at])
  const legs = (await q.query<LegRow>(`SELECT ${LEG_COLUMNS} FROM sport_bet_legs WHERE match_id = $1`, [matchId])).rows
  const changed = new Set<bigint>()
  for (const l of legs) {
    const result = settleLeg({ type: l.market_type as MarketType, period: Number(l.period), line: Number(l.line_quarters) / 4 }, l.selection as SelectionName, outcome)
    if (l.result !== null && Number(l.result) === result) continue
    await q.query('UPDATE sport_bet_legs SET result = $3 WHERE bet_id = $1 AND leg = $2', [l.bet_id, l.leg, result])
    changed.add(BigInt(l.bet_id))
  }
  const out: CorrectedSportBet[] = []
  if (changed.size) {
    const owners = (await q.query<{ user_id: bigint }>('SELECT DISTINCT user_id FROM sport_bets WHERE id = ANY($1::bigint[])', [[...changed]])).rows
    await lockPlayersAccounts(q, owners.map((r) => BigInt(r.user_id)))
  }
  for (const betId of [...changed].sort((a, b) => (a < b ? -1 : 1))) {
    const bet = (await q.query<{ user_id: bigint; amount: bigint; payout: bigint; status: number }>('SELECT user_id, amount, payout, status FROM sport_bets WHERE id = $1 FOR UPDATE', [betId])).rows[0]
    // A bet still waiting on another match is settled when that one ends, with this leg as corrected.
    if (!bet || Number(bet.status) !== 9999) continue
    const all = (await q.query<LegRow>(`SELECT ${LEG_COLUMNS} FROM sport_bet_legs WHERE bet_id = $1 ORDER BY leg`, [betId])).rows
    const payout = betReturn(BigInt(bet.amount), all.map((l) => ({ result: Number(l.result) as LegResult, odds: Number(l.odds) })))
    const difference = payout - BigInt(bet.payout)
    if (difference === 0n) continue
    const userId = BigInt(bet.user_id)
    let writtenOff = 0n
    if (difference > 0n) await creditWin(q, userId, difference, { ref: `sport:${betId}`, at, meta: { game: 'sport', correction: true } })
    else {
      const owed = -difference
      const { cash, bonus } = await userBalances(q, userId)
      const fromCash = owed < cash ? owed : cash
      const fromBonus = owed - fromCash < bonus ? owed - fromCash : bonus
      writtenOff = owed - fromCash - fromBonus
      const entries = []
      if (fromCash > 0n) entries.push({ accountId: await userAccountId(q, userId, 'cash'), amount: -fromCash })
      if (fromBonus > 0n) entries.push({ accountId: await userAccountId(q, userId, 'bonus'), amount: -fromBonus })
      const house = (await q.query<{ account_id: bigint }>('SELECT account_id FROM house_account($1)', [userId])).rows[0]?.account_id
      if (house === undefined) throw new Error(`user ${userId} has no house account`)
      if (entries.length) await post(q, { kind: 'correction', userId, ref: `sport:${betId}`, meta: { game: 'sport', writtenOff: String(writtenOff) }, entries: [...entries, { accountId: BigInt(house), amount: fromCash + fromBonus }] }, at)
    }
    await q.query('UPDATE sport_bets SET payout = $2, settled_at = $3 WHERE id = $1', [betId, payout, at])
    out.push({ userId, betId, difference, writtenOff })
  }
  return out
}
