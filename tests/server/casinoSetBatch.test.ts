import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { activeSeed } from '../../src/server/casino/seeds'
import { BONUS_MAX, movesJson, PARTS, type Move } from './casinoMoves'
import type { Queryable } from '../../src/server/db/connection'
import { dayOf } from '../../src/server/wallet/days'
import { startTestApp, type TestApp } from './testApp'
import { checkLedgerAfterEach, fundCash, idem, newPlayer } from './walletHelpers'

/**
 * casino_play_batch (db/functions/casino/casino_play_batch.sql) takes the common case of a batch
 * (dice and limbo bets that cash alone pays) as set-based statements, their money through
 * wallet_bets and wallet_count_wagers with all of them at once (the functions a single move calls
 * with one), and every other move through casino_play one at a time. Whatever a batch holds, the books it leaves must be the ones the same moves leave when
 * each goes through casino_play alone: the same balances, entries, bets, turnover, today's stakes,
 * VIP sums and levels, referral sums, wagering and released bonus, stored replies and nudges.
 * Each case runs both ways on the same rows (each way rolled back), and compares everything but
 * the ids the sequences hand out.
 */
let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(() => t.close())
checkLedgerAfterEach(() => t)

class Rollback extends Error {}

/** Runs fn in a transaction that is rolled back, and returns what it returned. */
async function rolledBack<T>(fn: (q: Queryable) => Promise<T>): Promise<T> {
  let out: T | undefined
  await t.db
    .tx(async (q) => {
      out = await fn(q)
      throw new Rollback()
    })
    .catch((err: unknown) => {
      if (!(err instanceof Rollback)) throw err
    })
  return out as T
}

/** Everything the moves may have changed, without the ids sequences hand out. */
async function books(q: Queryable, users: bigint[]) {
  const rows = async (sql: string) => (await q.query<Record<string, unknown>>(sql, [users])).rows
  return {
    accounts: await rows(`SELECT a.user_id, a.kind, a.shard, a.balance,
        (SELECT count(*) FROM ledger_entries e WHERE e.account_id = a.id) AS entries,
        (SELECT COALESCE(sum(e.amount), 0) FROM ledger_entries e WHERE e.account_id = a.id) AS summed
      FROM ledger_accounts a WHERE a.user_id = ANY ($1) OR a.user_id IS NULL ORDER BY a.user_id, a.kind, a.shard`),
    // A ledger transaction by what it is: its kind, the bet it names (by seed and nonce), its meta
    // and its entries (account kind and amount) in posting order.
    transactions: await rows(`SELECT x.user_id, x.kind, x.meta, b.seed_id, b.nonce,
        (SELECT json_agg(json_build_array(a.kind, a.shard, e.amount) ORDER BY e.id) FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id WHERE e.tx_id = x.id) AS entries
      FROM ledger_transactions x LEFT JOIN casino_bets b ON 'casino:' || b.id = x.ref
      WHERE x.user_id = ANY ($1) ORDER BY x.user_id, b.nonce, x.id`),
    bets: await rows(`SELECT user_id, game, seed_id, nonce, amount, target, condition, outcome, mines, revealed, state, multiplier, payout,
        from_cash, from_bonus, created_at, settled_at FROM casino_bets WHERE user_id = ANY ($1) ORDER BY user_id, seed_id, nonce`),
    seeds: await rows('SELECT user_id, id, nonce, active FROM fair_seeds WHERE user_id = ANY ($1) ORDER BY id'),
    daily: await rows('SELECT * FROM play_days WHERE user_id = ANY ($1) ORDER BY user_id, day'),
    turnover: await rows('SELECT * FROM cash_turnover WHERE user_id = ANY ($1) ORDER BY user_id'),
    vip: await rows('SELECT * FROM vip_progress WHERE user_id = ANY ($1) ORDER BY user_id'),
    awards: await rows('SELECT user_id, level, award, reached_at, credited_at FROM vip_awards WHERE user_id = ANY ($1) ORDER BY user_id, level'),
    levels: await rows('SELECT user_id, level FROM vip_progress WHERE user_id = ANY ($1) ORDER BY user_id'),
    wagerDays: await rows('SELECT * FROM wager_days WHERE user_id = ANY ($1) ORDER BY user_id, day'),
    wagering: await rows('SELECT * FROM bonus_wagering WHERE user_id = ANY ($1) ORDER BY user_id'),
    locks: await rows('SELECT user_id, created_at FROM open_game_locks WHERE user_id = ANY ($1) ORDER BY user_id'),
    keys: await rows(`SELECT user_id, key, request_hash, http_status, created_at, response IS NOT NULL AS answered FROM idempotency_keys WHERE user_id = ANY ($1) ORDER BY user_id, key`),
  }
}

interface Reply {
  code: string
  http: number | null
  body: string | null
  bet_id: bigint | null
  stale: unknown
  balance: bigint | null
  version: bigint | null
  is_test: boolean | null
  day_total: bigint | null
  offered: boolean | null
  paid: boolean | null
}

/** A reply with its ids checked and taken out: its body is Node's text around its own bet id, balance and version. */
async function settled(q: Queryable, moves: Move[], replies: Reply[]) {
  const out = []
  for (const [i, r] of replies.entries()) {
    if (r.code === 'OK') {
      const m = moves[i]!
      expect(r.body).toBe(`${PARTS[0]}${r.bet_id}${PARTS[1]}${Number(r.balance) / 100}${PARTS[2]}${r.version}${PARTS[3]}`)
      // The version is the id of the last entry on the player's cash or bonus.
      const last = await q.query<{ id: bigint }>(
        `SELECT max(e.id) AS id FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id WHERE a.user_id = $1 AND a.kind IN ('cash', 'bonus')`,
        [m.u],
      )
      if (moves.filter((x) => x.u === m.u).length === 1) expect(r.version).toBe(last.rows[0]!.id)
      const bet = await q.query<{ user_id: bigint }>('SELECT user_id FROM casino_bets WHERE id = $1', [r.bet_id])
      expect(bet.rows[0]?.user_id).toBe(m.u)
    }
    out.push({ ...r, body: r.body === null ? null : r.code, bet_id: r.bet_id === null ? null : 'id', version: r.version === null ? null : 'v' })
  }
  return out
}

/** The moves through casino_play_batch as one batch, and through casino_play one by one: the same books. */
async function bothWays(given: Move[], slow = 0) {
  const at = new Date()
  const moves = given.map((m) => ({ ...m, key: m.key ?? idem() }))
  const users = [...new Set(moves.map((m) => m.u))]
  const run = (batch: boolean) =>
    rolledBack(async (q) => {
      const json = await movesJson(q, moves, at)
      let replies: Reply[]
      if (batch) {
        await q.query("SET LOCAL track_functions = 'pl'")
        replies = (await q.query<Reply>('SELECT * FROM casino_play_batch($1::jsonb)', [JSON.stringify(json)])).rows
        // The moves outside the common case, and only they, went through casino_play.
        const alone = await q.query<{ calls: bigint }>("SELECT COALESCE(sum(calls), 0)::bigint AS calls FROM pg_stat_xact_user_functions WHERE funcname = 'casino_play'")
        expect(alone.rows[0]!.calls).toBe(BigInt(slow))
      } else {
        replies = []
        for (const m of json) replies.push((await q.query<Reply>('SELECT * FROM casino_play($1::jsonb)', [JSON.stringify(m)])).rows[0]!)
      }
      return { replies: await settled(q, moves, replies), books: await books(q, users) }
    })
  const alone = await run(false)
  const together = await run(true)
  expect(together).toEqual(alone)
  return together
}

async function player(opts: { cash?: number; bonus?: number; test?: boolean } = {}): Promise<bigint> {
  const p = await newPlayer(t)
  if (opts.test) await t.db.query('UPDATE users SET is_test = true WHERE id = $1', [p.userId])
  if (opts.cash) await fundCash(t, p.userId, BigInt(opts.cash))
  if (opts.bonus) await fundCash(t, p.userId, BigInt(opts.bonus), 'bonus')
  await activeSeed(t.db, p.userId, new Date())
  return p.userId
}

describe('a batch of bets leaves the books each bet leaves alone', () => {
  it('wins and losses, real and play money, turnover, today stakes, nudges', async () => {
    const a = await player({ cash: 5000 })
    const b = await player({ cash: 1500 })
    const c = await player({ cash: 100_000, test: true })
    const d = await player({ cash: 300, bonus: 800 })
    await t.db.query('INSERT INTO cash_turnover (user_id, outstanding) VALUES ($1, 250), ($2, 10000)', [a, b])
    await t.db.query("INSERT INTO boost_offers (user_id, day, multiplier, amount, sent_at) VALUES ($1, $2, 0.1, 100, now())", [b, dayOf(Date.now())])
    const out = await bothWays([
      { u: a, stake: 100n, payout: 198n },
      { u: b, stake: 1000n, payout: 0n },
      { u: c, stake: 500n, payout: 990n, counted: 500n },
      { u: d, stake: 300n, payout: 600n },
    ])
    expect(out.replies.map((r) => r.code)).toEqual(['OK', 'OK', 'OK', 'OK'])
    expect(out.replies[1]!.offered).toBe(true)
    expect(out.replies[2]!.is_test).toBe(true)
  })

  it('a counted stake raises a VIP level, adds to the inviter referral day and meets a wagering requirement that releases the bonus', async () => {
    const inviter = await player()
    const referee = await player({ cash: 10_000 })
    await t.db.query('UPDATE users SET inviter_id = $1 WHERE id = $2', [inviter, referee])
    const rising = await player({ cash: 10_000 })
    await t.db.query('INSERT INTO vip_progress (user_id, pay_sum, game_sum) VALUES ($1, 10000, 49950)', [rising])
    const wagering = await player({ cash: 2000, bonus: 700 })
    await t.db.query("INSERT INTO bonus_wagering (user_id, required, wagered, granted_at) VALUES ($1, 1000, 950, now() - interval '1 hour')", [wagering])
    const grantedLater = await player({ cash: 2000, bonus: 700 })
    await t.db.query("INSERT INTO bonus_wagering (user_id, required, wagered, granted_at) VALUES ($1, 1000, 950, now() + interval '1 hour')", [grantedLater])
    const out = await bothWays([
      { u: referee, stake: 200n, payout: 0n, counted: 150n },
      { u: rising, stake: 100n, payout: 0n, counted: 100n },
      { u: wagering, stake: 100n, payout: 198n, counted: 60n },
      { u: grantedLater, stake: 100n, payout: 0n, counted: 60n },
    ])
    expect(out.books.awards.length).toBeGreaterThan(0)
    expect(out.books.wagerDays.length).toBe(1)
    expect(out.books.wagering.find((w) => w.user_id === wagering)?.required).toBe(0n)
  })

  it('moves outside the common case among it: a replay, a stale nonce, short cash, a bonus stake, the bonus stake limit, two moves of one player, a mines start', async () => {
    const replayed = await player({ cash: 5000 })
    const key = idem()
    // The key's first use, committed: the batch replays it.
    const first = await movesJson(t.db, [{ u: replayed, stake: 100n, payout: 0n, key }], new Date())
    expect((await t.db.query<Reply>('SELECT * FROM casino_play_batch($1::jsonb)', [JSON.stringify(first)])).rows[0]!.code).toBe('OK')
    const stale = await player({ cash: 5000 })
    const short = await player({ cash: 50 })
    const bonusStake = await player({ cash: 50, bonus: 5000 })
    const limited = await player({ cash: 5000, bonus: 5000 })
    await t.db.query("INSERT INTO bonus_wagering (user_id, required, wagered, granted_at) VALUES ($1, 100000, 0, now() - interval '1 hour')", [limited])
    const twice = await player({ cash: 5000 })
    const mines = await player({ cash: 5000 })
    const plain = await player({ cash: 5000 })
    const out = await bothWays([
      { u: plain, stake: 100n, payout: 198n },
      { u: replayed, stake: 100n, payout: 0n, key },
      { u: stale, stake: 100n, payout: 0n, stale: true },
      { u: short, stake: 100n, payout: 0n },
      { u: bonusStake, stake: 100n, payout: 198n },
      { u: limited, stake: BONUS_MAX + 1n, payout: 0n },
      { u: twice, stake: 100n, payout: 0n },
      { u: twice, stake: 100n, payout: 0n, stale: true },
      { u: mines, op: 'start', stake: 100n, payout: 0n },
    ], 8)
    expect(out.replies.map((r) => r.code)).toEqual(['OK', 'REPLAY', 'STALE', 'INSUFFICIENT_BALANCE', 'OK', 'BONUS_MAX_STAKE', 'OK', 'STALE', 'OK'])
  })
})

