/**
 * Two races between the sportsbook's bets and its settlement that only PostgreSQL can run (PGlite
 * has one connection: one transaction at a time), each forced into its bad order here rather than
 * left to chance. The money simulator found both (issue 34); the fixes are in sport/bets.ts
 * (settleMatch) and sport_play_batch.sql.
 * - A bet on a match whose settlement is under way: it must wait for it, then be refused
 *   (SPORT_NOT_OPEN). Unlocked, it passed sport_play's "match settled" check before the result
 *   committed, and the settlement, which had already read the match's legs, never saw it: a leg
 *   open for ever on a finished match.
 * - A parlay whose two matches settle at once: the second must wait for the first and settle the
 *   parlay. Reading the legs before locking the bet, each saw the other's leg open and neither
 *   settled it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as sport from '../../src/shared/contract/sport'
import type { MatchOutcome } from '../../src/shared/sport/settle'
import { settleMatch } from '../../src/server/sport/bets'
import { call, startTestApp, type TestApp } from './testApp'
import { toFootballHours } from './sportHours'
import { balances, callKeyed, checkLedgerAfterEach, fundCash, idem, newPlayer } from './walletHelpers'

type Market = { type: string; period: number; status: string; selections: { selectionId: string; odds: number }[] }

describe.runIf(process.env.DATABASE_URL)('sport settlement races (PostgreSQL)', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp({}, { SPORT_SEED: 'races' })
    // The simulator keeps real hours: on a Sunday at 22:10 in Brasília no upcoming match had an open 1X2.
    await toFootballHours(t)
  })
  afterAll(() => t?.close())
  checkLedgerAfterEach(() => t)

  let used = 0
  /** The next upcoming football match's open full-game 1X2 home selection. */
  async function nextPick(): Promise<{ matchId: string; selectionId: string; odds: number }> {
    const list = (await call<{ matchId: string }[]>(t, sport.sportMatches, { query: { sport: 'football', state: 'upcoming' } })).body.data
    for (const m of list.slice(used)) {
      used++
      const markets = (await call<{ markets: Market[] }>(t, sport.sportMatch, { params: { matchId: m.matchId } })).body.data.markets
      const main = markets.find((x) => x.type === '1x2' && x.period === 1 && x.status === 'open')
      if (main) return { matchId: m.matchId, ...main.selections[0]! }
    }
    throw new Error('no upcoming football match with an open 1X2')
  }
  const finished: MatchOutcome = { status: 'finished', fullTime: { home: 2, away: 1 }, halfTime: { home: 1, away: 0 }, corners: { home: 4, away: 3 } }
  /** The locks some connection waits for now. */
  const waiting = async () => Number((await t.db.query<{ n: string }>('SELECT count(*) AS n FROM pg_locks WHERE NOT granted')).rows[0]!.n)
  /** Resolves when a lock is waited for, or `done()` (the other side did not wait), or after 10 s. */
  async function untilWaiting(done: () => boolean): Promise<void> {
    for (let i = 0; i < 200 && !done(); i++) {
      if ((await waiting()) > 0) return
      await new Promise((r) => setTimeout(r, 50))
    }
  }
  /** A match's settlement in a transaction left open until `commit()`. */
  function settlementHeldOpen(matchId: string) {
    let commit = () => {}
    const gate = new Promise<void>((r) => (commit = r))
    let settledNow = -1
    let arrived = () => {}
    const reached = new Promise<void>((r) => (arrived = r))
    const done = t.db.tx(async (q) => {
      settledNow = (await settleMatch(q, t.config.wallet, matchId, finished, new Date())).length
      arrived()
      await gate
    })
    return { reached: Promise.race([reached, done]), commit: () => commit(), done, settledNow: () => settledNow }
  }

  it('a bet placed while its match settles waits for the settlement, then is refused; no leg is left open', async () => {
    const p = await newPlayer(t)
    await fundCash(t, p.userId, 10_000n)
    const pick = await nextPick()
    const held = settlementHeldOpen(pick.matchId)
    await held.reached
    let answered = false
    const bet = callKeyed(t, sport.sportBet, { token: p.token, key: idem(), body: { type: 'single', amount: 10, selections: [{ selectionId: pick.selectionId, odds: pick.odds }], acceptOdds: 'any' } }).finally(() => (answered = true))
    await untilWaiting(() => answered)
    expect(answered, 'the bet did not wait for the settlement under way').toBe(false)
    held.commit()
    await held.done
    const r = await bet
    expect(r.body.status).toBe(4201)
    expect((await t.db.query('SELECT 1 FROM sport_bet_legs WHERE match_id = $1 AND result IS NULL', [pick.matchId])).rowCount).toBe(0)
    expect((await balances(t, p.userId)).cash).toBe(10_000n)
  })

  it('a parlay whose two matches settle at the same moment is settled, once', async () => {
    const p = await newPlayer(t)
    await fundCash(t, p.userId, 10_000n)
    const [a, b] = [await nextPick(), await nextPick()]
    const r = await callKeyed<{ betId: string }>(t, sport.sportBet, { token: p.token, key: idem(), body: { type: 'parlay', amount: 10, selections: [a, b].map((x) => ({ selectionId: x.selectionId, odds: x.odds })), acceptOdds: 'any' } })
    expect(r.body.status).toBe(200)
    const betId = BigInt(r.body.data.betId)
    const first = settlementHeldOpen(a.matchId)
    await first.reached
    expect(first.settledNow()).toBe(0)
    let secondDone = false
    let settledBySecond = -1
    const second = t.db.tx((q) => settleMatch(q, t.config.wallet, b.matchId, finished, new Date())).then((s) => {
      secondDone = true
      settledBySecond = s.length
    })
    await untilWaiting(() => secondDone)
    expect(secondDone, "the second match's settlement did not wait for the first's").toBe(false)
    first.commit()
    await Promise.all([first.done, second])
    expect(settledBySecond).toBe(1)
    expect((await t.db.query<{ status: number }>('SELECT status FROM sport_bets WHERE id = $1', [betId])).rows[0]!.status).toBe(9999)
    const payout = BigInt((await t.db.query<{ payout: string }>('SELECT payout FROM sport_bets WHERE id = $1', [betId])).rows[0]!.payout)
    expect((await balances(t, p.userId)).cash).toBe(10_000n - 1_000n + payout)
  })
})
