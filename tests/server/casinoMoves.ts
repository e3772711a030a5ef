/** Casino moves as CasinoPlay sends them to casino_play and casino_play_batch (JSON; bigints as text), for the tests that call those functions. */
import { activeSeed } from '../../src/server/casino/seeds'
import type { Queryable } from '../../src/server/db/connection'
import { dayOf } from '../../src/server/wallet/days'
import { idem } from './walletHelpers'

export const PARTS = ['{"status":200,"data":{"betId":"', '","balance":', ',"balanceVersion":', '}}']
export const BONUS_MAX = 1000n
export const LOW = 2000n

export interface Move {
  u: bigint
  op?: 'instant' | 'start'
  stake: bigint
  payout: bigint
  counted?: bigint
  key?: string
  /** Sends a nonce the pair does not have. */
  stale?: boolean
}

export async function movesJson(q: Queryable, moves: Move[], at: Date): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = []
  for (const m of moves) {
    const seed = await activeSeed(q, m.u, at)
    const base = {
      u: String(m.u),
      k: m.key ?? idem(),
      h: 'hash',
      at: at.toISOString(),
      day: dayOf(at.getTime()),
      bonusMax: String(BONUS_MAX),
      low: String(LOW),
      parts: PARTS,
      seed: String(seed.id),
      nonce: seed.nonce + (m.stale ? 5 : 0),
      stake: String(m.stake),
    }
    out.push(
      m.op === 'start'
        ? { ...base, op: 'start', mines: 3 }
        : { ...base, op: 'instant', g: 'dice', target: 5050, cond: 'over', outcome: m.payout > 0n ? 9000 : 100, mult: m.payout > 0n ? '19800' : '0', payout: String(m.payout), counted: String(m.counted ?? m.stake) },
    )
  }
  return out
}

