/**
 * The batches of bets (casino_play_batch, round_play_batch, sport_play_batch) beside a settlement,
 * on PostgreSQL (PGlite has one connection: one transaction at a time). A settlement takes its
 * players' cash and bonus, then their house sub-accounts (wallet.ts lockPlayersAccounts). A batch
 * that locked each player and house as its moves came held one player's house while it waited
 * for another player, whom the settlement held while it waited for that house: PostgreSQL broke
 * the cycle by failing one of them ("deadlock detected"). The money simulator found it on the
 * 10^6-operation run (issue 34): a sport settlement failed with HTTP 500, beside a casino batch,
 * then beside a round batch. Each batch now takes every account first, in the wallet's order
 * (wallet_lock_players). Each case forces the bad order rather than leaving it to chance, and
 * fails on the batch functions before that change.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dayOf } from '../../src/server/wallet/days'
import { lockPlayersAccounts } from '../../src/server/wallet/wallet'
import { movesJson, PARTS } from './casinoMoves'
import { startTestApp, type TestApp } from './testApp'
import { checkLedgerAfterEach, fundCash, idem, newPlayer } from './walletHelpers'

describe.runIf(process.env.DATABASE_URL)('batches of bets beside a settlement (PostgreSQL)', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp()
  })
  afterAll(() => t?.close())
  checkLedgerAfterEach(() => t)

  /** Two funded players on one house sub-account (user id % 16): `first` bets first in the batch. */
  async function twoOnOneHouse(): Promise<{ first: bigint; second: bigint }> {
    const seen: bigint[] = []
    for (;;) {
      const { userId } = await newPlayer(t)
      await fundCash(t, userId, 5000n)
      const twin = seen.find((x) => x % 16n === userId % 16n)
      if (twin !== undefined) return { first: twin, second: userId }
      seen.push(userId)
    }
  }

  /** Until a backend running the batch waits for a row lock. */
  async function batchWaits(fn: string): Promise<void> {
    for (let i = 0; i < 200; i++) {
      const r = await t.db.query("SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE $1 AND pid <> pg_backend_pid()", [`%${fn}(%`])
      if (r.rows.length > 0) return
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
    throw new Error(`${fn} never waited for the settlement`)
  }

  /**
   * A settlement holds `second`'s cash and bonus; the batch runs; once it waits, the settlement
   * takes the house. The batch and the polls run outside the settlement's async flow (a query
   * inside it would join its transaction), on connections of their own. Answers the replies' codes.
   */
  async function besideSettlement(fn: string, second: bigint, moves: unknown[]): Promise<string[]> {
    let locked!: () => void
    let proceed!: () => void
    const lockedPlayer = new Promise<void>((resolve) => (locked = resolve))
    const batchWaiting = new Promise<void>((resolve) => (proceed = resolve))
    const settlement = t.db.tx(async (q) => {
      await q.query("SELECT id FROM ledger_accounts WHERE user_id = $1 AND kind IN ('cash', 'bonus') ORDER BY id FOR NO KEY UPDATE", [second])
      locked()
      await batchWaiting
      await lockPlayersAccounts(q, [second])
    })
    await lockedPlayer
    const batch = t.db.query<{ code: string }>(`SELECT * FROM ${fn}($1::jsonb)`, [JSON.stringify(moves)])
    try {
      await batchWaits(fn)
    } finally {
      proceed()
    }
    const [settled, played] = await Promise.allSettled([settlement, batch])
    if (settled.status === 'rejected') throw settled.reason
    if (played.status === 'rejected') throw played.reason
    return played.value.rows.map((r) => r.code)
  }

  it('casino: a dice bet the set-based part takes, then a mines start played alone', async () => {
    const { first, second } = await twoOnOneHouse()
    const moves = await movesJson(t.db, [{ u: first, stake: 100n, payout: 0n }, { u: second, op: 'start', stake: 100n, payout: 0n }], new Date())
    expect(await besideSettlement('casino_play_batch', second, moves)).toEqual(['OK', 'OK'])
  })

  it('shared rounds: two bets on one round', async () => {
    const { first, second } = await twoOnOneHouse()
    const at = new Date()
    const chain = await t.db.query<{ id: bigint }>(
      "INSERT INTO round_chains (game, terminating_hash, length, checkpoint_every, created_at) VALUES ('double', repeat('a', 64), 10, 5, $1) RETURNING id",
      [at],
    )
    const roundId = `lock-order-${idem()}`
    await t.db.query("INSERT INTO rounds (game, chain_id, seq, round_id, phase, started_at, betting_ends_at) VALUES ('double', $1, 1, $2, 'betting', $3, $3::timestamptz + interval '1 hour')", [
      chain.rows[0]!.id,
      roundId,
      at,
    ])
    const bet = (u: bigint) => ({
      u: String(u), k: idem(), h: 'hash', at: at.toISOString(), day: dayOf(at.getTime()), g: 'double', round: roundId, choice: 'red', stake: '100',
      bonusMax: '100000', maxBets: 10, maxPayout: '100000000', pays: ['200', '0'], parts: PARTS,
    })
    expect(await besideSettlement('round_play_batch', second, [bet(first), bet(second)])).toEqual(['OK', 'OK'])
  })

  it('sportsbook: two singles on one match', async () => {
    const { first, second } = await twoOnOneHouse()
    const at = new Date()
    const matchId = `lock-order-${idem()}`
    const single = (u: bigint) => ({
      u: String(u), k: idem(), h: 'hash', at: at.toISOString(), day: dayOf(at.getTime()), type: 'single', stake: '100', bonusMax: '100000',
      potential: '200', matchMax: '100000000', matches: [matchId],
      legs: [{ leg: 0, match_id: matchId, market_id: `${matchId}:1x2`, selection_id: `${matchId}:1x2:home`, market_type: '1x2', period: 1, line_quarters: 0, selection: 'home', odds: 2000 }],
      parts: PARTS,
    })
    expect(await besideSettlement('sport_play_batch', second, [single(first), single(second)])).toEqual(['OK', 'OK'])
  })
})
