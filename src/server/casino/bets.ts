import type { WireBalance } from '../../shared/contract'
import type { Bet } from '../../shared/contract/casino'
import { diceMultiplier, diceRoll, diceWins, type DiceCondition } from '../../shared/games/dice'
import type { SeedPair } from '../../shared/games/fair'
import { limboMultiplier, limboResult, limboWins } from '../../shared/games/limbo'
import { minePositions, minesMultiplier, TILES } from '../../shared/games/mines'
import { multiplierToNumber, payoutOf } from '../../shared/games/payout'
import { centavosToReais } from '../../shared/money'
import type { Queryable } from '../db/connection'
import { one } from '../db/one'
import type { Deps } from '../deps'
import { AppError } from '../http/AppError'
import { countWager, type WagerRules } from '../wallet/wagering'
import { readWireBalance } from '../wallet/walletInfo'
import { creditWin, debitForBet } from '../wallet/wallet'
import { takeNonce } from './seeds'

export interface CasinoLimits {
  minStake: bigint
  maxStake: bigint
  maxPayout: bigint
}

interface BetRow {
  id: bigint
  game: 'dice' | 'limbo' | 'mines'
  amount: bigint
  target: number | null
  condition: DiceCondition | null
  mines: number | null
  outcome: number | null
  revealed: number[]
  state: 'active' | 'won' | 'lost'
  multiplier: bigint
  payout: bigint
  from_cash: bigint
  from_bonus: bigint
  created_at: Date
  nonce: number
  server_seed: string
  server_seed_hash: string
  client_seed: string
  seed_active: boolean
}

export const BET_SELECT = `SELECT b.id, b.game, b.amount, b.target, b.condition, b.mines, b.outcome, b.revealed, b.state,
  b.multiplier, b.payout, b.from_cash, b.from_bonus, b.created_at, b.nonce,
  s.server_seed, s.server_seed_hash, s.client_seed, s.active AS seed_active
  FROM casino_bets b JOIN fair_seeds s ON s.id = b.seed_id`

const pairOf = (row: Pick<BetRow, 'server_seed' | 'client_seed' | 'nonce'>): SeedPair => ({ serverSeed: row.server_seed, clientSeed: row.client_seed, nonce: row.nonce })

/** A bet as the wire shows it, beside the player's balance; the server seed and an open game's mines stay secret. */
export function betView(row: BetRow, wallet: WireBalance): Bet {
  const ended = row.state !== 'active'
  return {
    betId: String(row.id),
    game: row.game,
    amount: centavosToReais(row.amount),
    serverSeedHash: row.server_seed_hash,
    clientSeed: row.client_seed,
    nonce: row.nonce,
    ...(row.game === 'dice' ? { roll: (row.outcome ?? 0) / 100, target: (row.target ?? 0) / 100, condition: row.condition ?? 'over' } : {}),
    ...(row.game === 'limbo' ? { result: (row.outcome ?? 0) / 100, target: (row.target ?? 0) / 100 } : {}),
    ...(row.game === 'mines'
      ? { mines: row.mines ?? 0, revealed: row.revealed, ...(ended ? { minePositions: minePositions(pairOf(row), row.mines ?? 1) } : {}) }
      : {}),
    state: row.state,
    multiplier: multiplierToNumber(BigInt(row.multiplier)),
    payout: centavosToReais(row.payout),
    balance: wallet.balance,
    balanceVersion: wallet.balanceVersion,
    createdAt: new Date(row.created_at).getTime(),
    ...(row.seed_active ? {} : { serverSeed: row.server_seed }),
  }
}

export async function loadBet(q: Queryable, userId: bigint, where: string, params: unknown[], forUpdate = false): Promise<BetRow | null> {
  const r = await q.query<BetRow>(`${BET_SELECT} WHERE b.user_id = $1 AND ${where}${forUpdate ? ' FOR UPDATE OF b' : ''}`, [userId, ...params])
  return r.rows[0] ?? null
}

/** The player's balance and its version, read in the caller's transaction. */
const balanceOf = (q: Queryable, userId: bigint): Promise<WireBalance> => readWireBalance(q, userId)

/** The reply to a bet this transaction has just written: the bet as it now stands, with the balance. */
async function viewOf(q: Queryable, userId: bigint, betId: bigint): Promise<Bet> {
  const row = await loadBet(q, userId, 'b.id = $2', [betId])
  if (!row) throw new Error(`casino bet ${betId} is missing inside the transaction that wrote it`)
  return betView(row, await balanceOf(q, userId))
}

export function checkStake(limits: CasinoLimits, stake: bigint, multiplier4: bigint | null): void {
  if (stake < limits.minStake || stake > limits.maxStake) {
    throw new AppError('STAKE_OUT_OF_RANGE', { min: limits.minStake, max: limits.maxStake })
  }
  if (multiplier4 !== null && payoutOf(stake, multiplier4) > limits.maxPayout) {
    throw new AppError('PAYOUT_TOO_HIGH', { max: limits.maxPayout })
  }
}

type Instant = { game: 'dice'; stake: bigint; target: number; condition: DiceCondition } | { game: 'limbo'; stake: bigint; target: number }

/** Dice and limbo: nonce, stake, outcome and payout in one transaction. */
export async function placeInstant(deps: Deps, userId: bigint, bet: Instant): Promise<Bet> {
  const multiplier = bet.game === 'dice' ? diceMultiplier(bet.target, bet.condition) : limboMultiplier(bet.target)
  return deps.db.tx(async (q) => {
    const at = new Date(deps.now())
    const seed = await takeNonce(q, userId, at)
    const pair: SeedPair = { serverSeed: seed.server_seed, clientSeed: seed.client_seed, nonce: seed.nonce }
    const outcome = bet.game === 'dice' ? diceRoll(pair) : limboResult(pair)
    const won = bet.game === 'dice' ? diceWins(outcome, bet.target, bet.condition) : limboWins(outcome, bet.target)
    const payout = won ? payoutOf(bet.stake, multiplier) : 0n
    const inserted = await q.query<{ id: bigint }>(
      `INSERT INTO casino_bets (user_id, game, seed_id, nonce, amount, target, condition, outcome, state, multiplier, payout, created_at, settled_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12) RETURNING id`,
      [userId, bet.game, seed.id, seed.nonce, bet.stake, bet.target, bet.game === 'dice' ? bet.condition : null, outcome, won ? 'won' : 'lost', won ? multiplier : 0n, payout, at],
    )
    const betId = one(inserted.rows, 'INSERT INTO casino_bets').id
    const ref = `casino:${betId}`
    const rules = deps.config.wallet
    const funding = await debitForBet(q, userId, bet.stake, { ref, at, meta: { game: bet.game }, rules })
    await q.query('UPDATE casino_bets SET from_cash = $2, from_bonus = $3 WHERE id = $1', [betId, funding.fromCash, funding.fromBonus])
    if (payout > 0n) await creditWin(q, userId, payout, { ref, at, funding, meta: { game: bet.game } })
    // Won or lost, the bet aimed for its multiplier.
    await countWager(q, rules, userId, { game: bet.game, stake: bet.stake, multiplier4: multiplier, placedAt: at }, at)
    return viewOf(q, userId, betId)
  })
}

/** Mines: takes the stake and opens the game; the mines stay in the seed until it ends. */
export async function startMines(deps: Deps, userId: bigint, stake: bigint, mines: number): Promise<Bet> {
  return deps.db.tx(async (q) => {
    const at = new Date(deps.now())
    const open = await q.query(`SELECT 1 FROM casino_bets WHERE user_id = $1 AND game = 'mines' AND state = 'active'`, [userId])
    if (open.rows.length) throw new AppError('GAME_IN_PROGRESS')
    const seed = await takeNonce(q, userId, at)
    const inserted = await q.query<{ id: bigint }>(
      `INSERT INTO casino_bets (user_id, game, seed_id, nonce, amount, mines, state, multiplier, created_at)
       VALUES ($1, 'mines', $2, $3, $4, $5, 'active', 10000, $6) RETURNING id`,
      [userId, seed.id, seed.nonce, stake, mines, at],
    )
    const betId = one(inserted.rows, 'INSERT INTO casino_bets').id
    const funding = await debitForBet(q, userId, stake, { ref: `casino:${betId}`, at, meta: { game: 'mines' }, rules: deps.config.wallet })
    await q.query('UPDATE casino_bets SET from_cash = $2, from_bonus = $3 WHERE id = $1', [betId, funding.fromCash, funding.fromBonus])
    await q.query('INSERT INTO open_game_locks (user_id, ref, created_at) VALUES ($1, $2, $3)', [userId, `casino:${betId}`, at])
    return viewOf(q, userId, betId)
  })
}

/**
 * Ends a mines game. Toward a gift's wagering it counts by the multiplier it ended on: a cash-out's
 * own, a lost game's the one its last tile aimed for.
 */
async function settleMines(q: Queryable, rules: WagerRules, userId: bigint, row: BetRow, payout: bigint, aimed: bigint, at: Date): Promise<void> {
  const ref = `casino:${row.id}`
  await q.query('UPDATE casino_bets SET state = $2, payout = $3, settled_at = $4 WHERE id = $1', [row.id, payout > 0n ? 'won' : 'lost', payout, at])
  if (payout > 0n) await creditWin(q, userId, payout, { ref, at, funding: { fromCash: BigInt(row.from_cash), fromBonus: BigInt(row.from_bonus) }, meta: { game: 'mines' } })
  await q.query('DELETE FROM open_game_locks WHERE user_id = $1 AND ref = $2', [userId, ref])
  await countWager(q, rules, userId, { game: 'mines', stake: BigInt(row.amount), multiplier4: aimed, placedAt: new Date(row.created_at) }, at)
}

/** Reveals a tile: a mine ends the game; the last safe tile, or reaching the payout cap, cashes out. */
export async function revealTile(deps: Deps, userId: bigint, tile: number, limits: CasinoLimits): Promise<Bet> {
  return deps.db.tx(async (q) => {
    const at = new Date(deps.now())
    const row = await loadBet(q, userId, `b.game = 'mines' AND b.state = 'active'`, [], true)
    if (!row) throw new AppError('NO_ACTIVE_GAME')
    if (row.revealed.includes(tile)) throw new AppError('TILE_REVEALED')
    const mines = row.mines ?? 1
    const positions = minePositions(pairOf(row), mines)
    const revealed = [...row.revealed, tile]
    if (positions.includes(tile)) {
      await q.query('UPDATE casino_bets SET revealed = $2, multiplier = 0 WHERE id = $1', [row.id, JSON.stringify(revealed)])
      await settleMines(q, deps.config.wallet, userId, { ...row, revealed }, 0n, minesMultiplier(mines, revealed.length), at)
    } else {
      const multiplier = minesMultiplier(mines, revealed.length)
      await q.query('UPDATE casino_bets SET revealed = $2, multiplier = $3 WHERE id = $1', [row.id, JSON.stringify(revealed), multiplier])
      const payout = payoutOf(BigInt(row.amount), multiplier)
      if (revealed.length === TILES - mines || payout >= limits.maxPayout) {
        await settleMines(q, deps.config.wallet, userId, { ...row, revealed }, payout < limits.maxPayout ? payout : limits.maxPayout, multiplier, at)
      }
    }
    return viewOf(q, userId, row.id)
  })
}

export async function cashOut(deps: Deps, userId: bigint, limits: CasinoLimits): Promise<Bet> {
  return deps.db.tx(async (q) => {
    const at = new Date(deps.now())
    const row = await loadBet(q, userId, `b.game = 'mines' AND b.state = 'active'`, [], true)
    if (!row) throw new AppError('NO_ACTIVE_GAME')
    if (row.revealed.length === 0) throw new AppError('CASHOUT_NEEDS_GEM')
    const payout = payoutOf(BigInt(row.amount), BigInt(row.multiplier))
    await settleMines(q, deps.config.wallet, userId, row, payout < limits.maxPayout ? payout : limits.maxPayout, BigInt(row.multiplier), at)
    return viewOf(q, userId, row.id)
  })
}

export { balanceOf }
