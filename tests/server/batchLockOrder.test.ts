/**
 * The batches of bets (casino_play_batch, round_play_batch, sport_play_batch) beside a settlement,
 * on PostgreSQL (PGlite has one connection: one transaction at a time). A settlement takes its
 * players' cash and bonus, then their house sub-accounts (wallet.ts lockPlayersAccounts). A batch
 * that locked each player and house as its moves came held one player's house while it waited
 * for another player, whom the settlement held while it waited for that house: PostgreSQL broke
 * the cycle by failing one of them ("deadlock detected"). The money simulator found it on the
 * 10^6-operation run (issue 34): a sport settlement failed with HTTP 500, beside a casino batch,
 * then beside a round batch. Each batch now takes every account first, in the wallet's order
 * (wallet_lock_players). And a transfer, which locks the sender's users row before the accounts
 * (lockRealUser), deadlocked with a settlement whose counted stakes raised the sender's VIP level:
 * vip_reach updated the users row after the accounts (its copy of the level, dropped by
 * migration 015). And the VIP awards job posted each award in the awards' order, holding one
 * player's accounts while it waited for another's. Each case forces the bad order rather than leaving it to chance, and fails on
 * the functions of b72afec ("deadlock detected").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { calls } from '../../src/shared/contract'
import type { Queryable } from '../../src/server/db/connection'
import { dayOf } from '../../src/server/wallet/days'
import { creditVipAwards } from '../../src/server/loyalty/vip/awards'
import { lockPlayersAccounts } from '../../src/server/wallet/wallet'
import { movesJson, PARTS } from './casinoMoves'
import { call, startTestApp, type TestApp } from './testApp'
import { callKeyed, checkLedgerAfterEach, fundCash, idem, newPlayer, verifiedPlayer } from './walletHelpers'

describe.runIf(process.env.DATABASE_URL)('lock order beside a settlement (PostgreSQL)', () => {
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

  /** Until a backend of this database running a statement that matches `pattern` (a regular expression) waits for a lock. */
  async function waitsForLock(pattern: string): Promise<void> {
    for (let i = 0; i < 200; i++) {
      const r = await t.db.query(
        "SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ~ $1 AND pid <> pg_backend_pid()",
        [pattern],
      )
      if (r.rows.length > 0) return
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
    throw new Error(`no statement matching ${pattern} waited for the settlement`)
  }

  /**
   * A settlement's transaction: `first` takes some of its locks; `other` starts, and once it waits
   * for a lock (a statement matching `waitsLike`), `then` goes on in the settlement. The other
   * side runs outside the settlement's async flow (a query inside it would join its transaction),
   * on connections of its own. Throws what either side threw.
   */
  async function besideSettlement<T>(first: (q: Queryable) => Promise<unknown>, then: (q: Queryable) => Promise<void>, other: () => Promise<T>, waitsLike: string): Promise<T> {
    let locked!: () => void
    let proceed!: () => void
    const lockedPlayers = new Promise<void>((resolve) => (locked = resolve))
    const otherWaiting = new Promise<void>((resolve) => (proceed = resolve))
    const settlement = t.db.tx(async (q) => {
      await first(q)
      locked()
      await otherWaiting
      await then(q)
    })
    await lockedPlayers
    const running = other()
    try {
      await waitsForLock(waitsLike)
    } finally {
      proceed()
    }
    const [settled, done] = await Promise.allSettled([settlement, running])
    if (settled.status === 'rejected') throw settled.reason
    if (done.status === 'rejected') throw done.reason
    return done.value
  }

  /** A batch beside a settlement that holds `second`'s cash and bonus and, once the batch waits, takes the house. Answers the replies' codes. */
  async function batchBesideSettlement(fn: string, second: bigint, moves: unknown[]): Promise<string[]> {
    const played = await besideSettlement(
      (q) => q.query("SELECT id FROM ledger_accounts WHERE user_id = $1 AND kind IN ('cash', 'bonus') ORDER BY id FOR NO KEY UPDATE", [second]),
      (q) => lockPlayersAccounts(q, [second]),
      () => t.db.query<{ code: string }>(`SELECT * FROM ${fn}($1::jsonb)`, [JSON.stringify(moves)]),
      `${fn}\\(`,
    )
    return played.rows.map((r) => r.code)
  }

  it('casino: a dice bet the set-based part takes, then a mines start played alone', async () => {
    const { first, second } = await twoOnOneHouse()
    const moves = await movesJson(t.db, [{ u: first, stake: 100n, payout: 0n }, { u: second, op: 'start', stake: 100n, payout: 0n }], new Date())
    expect(await batchBesideSettlement('casino_play_batch', second, moves)).toEqual(['OK', 'OK'])
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
    expect(await batchBesideSettlement('round_play_batch', second, [bet(first), bet(second)])).toEqual(['OK', 'OK'])
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
    expect(await batchBesideSettlement('sport_play_batch', second, [single(first), single(second)])).toEqual(['OK', 'OK'])
  })

  it('a transfer: a settlement that raises the sender\'s VIP level takes no lock of the users row', async () => {
    const a = await verifiedPlayer(t)
    const b = await verifiedPlayer(t)
    await fundCash(t, a.userId, 10_000n)
    // The transfer locks the sender's users row (lockRealUser), then waits for the accounts the
    // settlement holds; the settlement then counts stakes that raise the sender's level.
    const sent = await besideSettlement(
      (q) => lockPlayersAccounts(q, [a.userId]),
      async (q) => {
        await q.query('SELECT * FROM vip_adds(ARRAY[$1::bigint], ARRAY[$2::bigint], ARRAY[$2::bigint], ARRAY[$3::timestamptz])', [a.userId, 10n ** 10n, new Date()])
      },
      () => callKeyed(t, calls.transfer, { token: a.token, body: { toUser: b.email, amount: '1' } }),
      'ledger_accounts|wallet_lock_players',
    )
    expect(sent.body.status).toBe(200)
    const level = await t.db.query<{ level: number }>('SELECT level FROM vip_progress WHERE user_id = $1', [a.userId])
    expect(Number(level.rows[0]?.level)).toBeGreaterThan(0)
    expect((await call(t, calls.userInfo, { token: a.token })).body.data.level).toBe(Number(level.rows[0]!.level))
  })

  it("VIP awards: the job takes every awarded player's accounts first, whatever order the awards came in", async () => {
    // `low` (the smaller id) reached its award after `high`: the job credits `high` first.
    const { first: low, second: high } = await twoOnOneHouse()
    const at = new Date()
    await t.db.query(
      "INSERT INTO vip_awards (user_id, level, award, reached_at) VALUES ($1, 1, 500, $3::timestamptz - interval '1 minute'), ($2, 1, 500, $3::timestamptz)",
      [high, low, at],
    )
    // A settlement holds `low`'s cash and bonus, then, once the job waits, takes `high`'s.
    const credited = await besideSettlement(
      (q) => q.query("SELECT id FROM ledger_accounts WHERE user_id = $1 AND kind IN ('cash', 'bonus') ORDER BY id FOR NO KEY UPDATE", [low]),
      (q) => lockPlayersAccounts(q, [low, high]),
      () => t.db.tx((q) => creditVipAwards(q, 0, at)),
      'ledger_accounts|wallet_lock_players',
    )
    expect(credited.filter((c) => c.userId === low || c.userId === high).map((c) => c.userId)).toEqual([high, low])
  })
})
