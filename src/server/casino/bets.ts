import type { WireBalance } from '../../shared/contract'
import type { Bet } from '../../shared/contract/casino'
import type { DiceCondition } from '../../shared/games/dice'
import type { SeedPair } from '../../shared/games/fair'
import { minePositions } from '../../shared/games/mines'
import { multiplierToNumber, payoutOf } from '../../shared/games/payout'
import { centavosToReais } from '../../shared/money'
import type { Queryable } from '../db/connection'
import { AppError } from '../AppError'
import { readWireBalance } from '../wallet/walletInfo'

export interface CasinoLimits {
  minStake: bigint
  maxStake: bigint
  maxPayout: bigint
}

export interface BetRow {
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

/** The player's balance and its version. */
export const balanceOf = (q: Queryable, userId: bigint): Promise<WireBalance> => readWireBalance(q, userId)

export function checkStake(limits: CasinoLimits, stake: bigint, multiplier4: bigint | null): void {
  if (stake < limits.minStake || stake > limits.maxStake) {
    throw new AppError('STAKE_OUT_OF_RANGE', { min: limits.minStake, max: limits.maxStake })
  }
  if (multiplier4 !== null && payoutOf(stake, multiplier4) > limits.maxPayout) {
    throw new AppError('PAYOUT_TOO_HIGH', { max: limits.maxPayout })
  }
}

