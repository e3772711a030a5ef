import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as sport from '../../src/shared/contract/sport'
import { centavosOf } from '../centavos'
import { sportFeedOf } from '../../src/server/sport/feeds'
import { call, startTestApp, type TestApp } from './testApp'
import { toFootballHours } from './sportHours'
import { balances, callKeyed, checkLedgerAfterEach, fundCash, idem, newPlayer } from './walletHelpers'

/**
 * H1 of issue 29: the sportsbook's liability and price safety. The audit won a R$ 100 ten-leg parlay
 * paying R$ 2.182.608,48 (no cap on a bet's payout), saw 19.671,25 offered at 89', and stacked bets
 * on one match without limit.
 */

type Market = { marketId: string; type: string; period: number; line: number; status: string; selections: { selectionId: string; name: string; odds: number }[] }
type Detail = { match: { matchId: string; matchTime: number }; markets: Market[] }

let t: TestApp
let capped: TestApp
beforeAll(async () => {
  ;[t, capped] = await Promise.all([
    startTestApp({}, { SPORT_SEED: '29' }),
    // Small caps, so a few reais reach them.
    startTestApp({}, { SPORT_SEED: '29', SPORT_MAX_PAYOUT: '50', SPORT_MAX_MATCH_PAYOUT: '80', SPORT_MAX_ODDS: '3' }),
  ])
  await Promise.all([toFootballHours(t), toFootballHours(capped)])
})
afterAll(async () => {
  await Promise.all([t?.close(), capped?.close()])
})
checkLedgerAfterEach(() => t)
checkLedgerAfterEach(() => capped)

async function upcoming(app: TestApp, n: number): Promise<Detail[]> {
  const list = (await call<{ matchId: string }[]>(app, sport.sportMatches, { query: { sport: 'football', state: 'upcoming' } })).body.data
  return Promise.all(list.slice(0, n).map(async (m) => (await call<Detail>(app, sport.sportMatch, { params: { matchId: m.matchId } })).body.data))
}
const open = (d: Detail) => d.markets.filter((m) => m.status === 'open')
const bet = (app: TestApp, token: string, selections: { selectionId: string; odds: number }[], amount: string) =>
  callKeyed<{ odds: number; potentialWin: number }>(app, sport.sportBet, {
    token,
    key: idem(),
    body: { type: selections.length > 1 ? 'parlay' : 'single', amount, selections: selections.map((s) => ({ selectionId: s.selectionId, odds: s.odds })), acceptOdds: 'any' },
  })

describe('payout caps', () => {
  it("the audit's R$ 100 ten-leg parlay on the longest prices is refused above SPORT_MAX_PAYOUT (R$ 100.000), nothing moved", async () => {
    const p = await newPlayer(t)
    await fundCash(t, p.userId, centavosOf(200))
    const legs = (await upcoming(t, 10)).map((d) => {
      const sel = open(d)
        .filter((m) => m.type === '1x2' && m.period === 1)
        .flatMap((m) => m.selections)
        .sort((a, b) => b.odds - a.odds)[0]!
      return { selectionId: sel.selectionId, odds: sel.odds }
    })
    expect(legs.reduce((x, l) => x * l.odds, 100)).toBeGreaterThan(100_000)
    const r = await bet(t, p.token, legs, '100.00')
    expect([r.http, r.body.status, r.body.msg]).toEqual([400, 4208, 'O prêmio possível desta aposta passa do limite de R$ 100.000,00; diminua o valor'])
    expect((await balances(t, p.userId)).cash).toBe(centavosOf(200))
    // The same parlay for R$ 0,10 pays under the cap: taken.
    const small = legs.slice(0, 4)
    expect((await bet(t, p.token, small, '0.10')).http).toBe(200)
  })

  it('a single that could pay more than SPORT_MAX_PAYOUT is refused; the same at a smaller stake is taken', async () => {
    const p = await newPlayer(capped)
    await fundCash(capped, p.userId, centavosOf(100))
    const [d] = await upcoming(capped, 1)
    const sel = open(d!).flatMap((m) => m.selections).find((s) => s.odds >= 1.8 && s.odds <= 2.5)!
    const over = (await bet(capped, p.token, [sel], '30.00')).body
    expect([over.status, over.msg]).toEqual([4208, 'O prêmio possível desta aposta passa do limite de R$ 50,00; diminua o valor'])
    expect((await balances(capped, p.userId)).cash).toBe(centavosOf(100))
    expect((await bet(capped, p.token, [sel], '10.00')).http).toBe(200)
  })

  it("one player's open bets on one match may pay at most SPORT_MAX_MATCH_PAYOUT together, even racing each other", async () => {
    const p = await newPlayer(capped)
    await fundCash(capped, p.userId, centavosOf(200))
    const d = (await upcoming(capped, 3))[2]!
    const sel = open(d).flatMap((m) => m.selections).find((s) => s.odds >= 1.5 && s.odds <= 2.5)!
    // Eight bets of R$ 20 at once: each could pay 30 to 50, and together at most R$ 80.
    const replies = await Promise.all(Array.from({ length: 8 }, () => bet(capped, p.token, [sel], '20.00')))
    const taken = replies.filter((r) => r.http === 200)
    expect(taken.length).toBeGreaterThanOrEqual(1)
    expect(taken.reduce((sum, r) => sum + r.body.data.potentialWin, 0)).toBeLessThanOrEqual(80)
    const refused = replies.filter((r) => r.http !== 200)
    expect(refused.length).toBeGreaterThanOrEqual(1)
    for (const r of refused) expect([r.body.status, r.body.msg]).toEqual([4209, 'Suas apostas abertas nesta partida já chegam ao limite de prêmio de R$ 80,00'])
    expect((await balances(capped, p.userId)).cash).toBe(centavosOf(200) - centavosOf(20) * BigInt(taken.length))
    // Another match is not held by this one's bets.
    const other = open((await upcoming(capped, 4))[3]!).flatMap((m) => m.selections).find((s) => s.odds >= 1.5 && s.odds <= 2.5)!
    expect((await bet(capped, p.token, [other], '20.00')).http).toBe(200)
  })
})

describe('prices', () => {
  it('a market with a selection dearer than SPORT_MAX_ODDS is suspended, not offered, and takes no bet', async () => {
    const [d] = await upcoming(capped, 1)
    const dear = d!.markets.filter((m) => m.selections.some((s) => s.odds > 3))
    expect(dear.length).toBeGreaterThan(0)
    expect(dear.every((m) => m.status !== 'open')).toBe(true)
    expect(open(d!).every((m) => m.selections.every((s) => s.odds <= 3))).toBe(true)
    const p = await newPlayer(capped)
    await fundCash(capped, p.userId, centavosOf(10))
    const sel = dear[0]!.selections.find((s) => s.odds > 3)!
    expect((await bet(capped, p.token, [sel], '1.00')).body.status).toBe(4202)
  })

  it('odds with more than three decimals are refused in the player\'s language', async () => {
    const p = await newPlayer(t)
    await fundCash(t, p.userId, centavosOf(10))
    const [d] = await upcoming(t, 1)
    const sel = open(d!)[0]!.selections[0]!
    const r = await bet(t, p.token, [{ selectionId: sel.selectionId, odds: sel.odds + 0.0004 }], '1.00')
    expect([r.http, r.body.status, r.body.msg]).toEqual([400, 400, 'O campo cotação é inválido'])
    expect((await balances(t, p.userId)).cash).toBe(centavosOf(10))
  })
})

describe('the in-play delay (SPORT_LIVE_DELAY_SECONDS, 5)', () => {
  /**
   * A live football match's over/under 'over' (its price only rises while no goal comes), on a
   * match whose next 20 seconds hold no goal and keep that market open at that price or better: the
   * test knows the seed (SPORT_SEED), so it may look ahead, which no player can.
   */
  async function liveOver(): Promise<{ selectionId: string; odds: number }> {
    const now = t.app.deps.now()
    const ahead = (await sportFeedOf(t.config, t.db, () => now + 20_000))!
    const live = (await call<{ matchId: string; matchTime: number; minute: number; score: { home: number; away: number } }[]>(t, sport.sportMatches, { query: { sport: 'football', state: 'live' } })).body.data
    for (const m of live.filter((x) => (x.matchTime === 1 && x.minute < 40) || (x.matchTime === 3 && x.minute < 80))) {
      const later = ahead.match(m.matchId)
      if (!later || later.score.home !== m.score.home || later.score.away !== m.score.away || later.matchTime !== m.matchTime) continue
      const d = (await call<Detail>(t, sport.sportMatch, { params: { matchId: m.matchId } })).body.data
      for (const market of open(d).filter((x) => x.type === 'ou' && x.period === 1)) {
        const over = market.selections.find((s) => s.name === 'over')!
        const then = ahead.markets(m.matchId).find((x) => x.marketId === market.marketId)
        if (then?.status === 'open' && then.selections.find((s) => s.selectionId === over.selectionId)!.odds >= Math.round(over.odds * 1000)) return over
      }
    }
    throw new Error('no live match with an open over/under for the next 20 s')
  }

  it('an in-play bet waits the delay, then is taken at the price it was placed at while its market is still open', async () => {
    const p = await newPlayer(t)
    await fundCash(t, p.userId, centavosOf(10))
    const over = await liveOver()
    const started = Date.now()
    const r = await bet(t, p.token, [over], '1.00')
    expect(r.http, JSON.stringify(r.body)).toBe(200)
    expect(Date.now() - started).toBeGreaterThanOrEqual(4900)
    expect(r.body.data.odds).toBe(over.odds)
  })

  it('an in-play bet whose market closes during the delay is refused and moves nothing (before, it was taken at once)', async () => {
    const p = await newPlayer(t)
    await fundCash(t, p.userId, centavosOf(10))
    const over = await liveOver()
    const pending = bet(t, p.token, [over], '1.00')
    await new Promise((r) => setTimeout(r, 1000))
    // Three hours later on the server's clock: the match is over, its markets closed.
    t.advance(3 * 3_600_000)
    const r = await pending
    expect([r.http, r.body.status]).toEqual([409, 4201])
    expect((await balances(t, p.userId)).cash).toBe(centavosOf(10))
  })
})
