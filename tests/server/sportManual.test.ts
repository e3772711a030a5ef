/**
 * Manual settlement (issue 33): an operator settles what a feed cannot (a void, a result it never
 * gives) or corrects a result, with the reason, through the ops call or `npm run sport:settle`; a part
 * with no score given voids its legs; the resettle rules move only the differences.
 */
import { spawn } from 'node:child_process'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as sport from '../../src/shared/contract/sport'
import { oddsFromWire } from '../../src/shared/sport/odds'
import { centavosOf } from '../centavos'
import { opsTokenOf } from '../../src/server/ops/opsToken'
import { call, startTestApp, type TestApp, logCapture } from './testApp'
import { toFootballHours } from './sportHours'
import { balances, callKeyed, checkLedgerAfterEach, fundCash, idem, listen, newPlayer } from './walletHelpers'

let t: TestApp
let base = ''
const captured = logCapture()
const log = () => captured.text()
beforeAll(async () => {
  t = await startTestApp({}, { SPORT_SEED: '7', LOG: '1' }, { logStream: captured.stream })
  // The simulator keeps real hours: at some (21:15 in Brasília on a Sunday) no upcoming match had a
  // first-half market and the suite failed by the hour it ran.
  await toFootballHours(t)
  base = await listen(t)
})
afterAll(() => t.close())
checkLedgerAfterEach(() => t)

type Market = { marketId: string; type: string; period: number; line: number; status: string; selections: { selectionId: string; name: string; odds: number }[] }
type Detail = { match: { matchId: string }; markets: Market[] }

let used = 0
/** The next upcoming football match with open full-game and first-half result markets. */
async function nextMatch(): Promise<Detail> {
  const list = await call<{ matchId: string }[]>(t, sport.sportMatches, { query: { sport: 'football', state: 'upcoming' } })
  for (const m of list.body.data.slice(used)) {
    used++
    const d = (await call<Detail>(t, sport.sportMatch, { params: { matchId: m.matchId } })).body.data
    if (d.markets.some((x) => x.type === '1x2' && x.period === 1 && x.status === 'open') && d.markets.some((x) => x.type === '1x2' && x.period === 2 && x.status === 'open')) return d
  }
  throw new Error('no upcoming match with a first-half market')
}
const sel = (d: Detail, period: number, name: string) => {
  const market = d.markets.find((m) => m.type === '1x2' && m.period === period && m.status === 'open')!
  const s = market.selections.find((x) => x.name === name)!
  return { selectionId: s.selectionId, odds: s.odds }
}
const single = (token: string, leg: { selectionId: string; odds: number }, reais: number) =>
  callKeyed(t, sport.sportBet, { token, key: idem(), body: { type: 'single', amount: reais, selections: [leg], acceptOdds: 'none' } })
const byHand = (matchId: string, body: Record<string, unknown>, token: string | null = opsTokenOf(t)) =>
  call<{ settled: number; corrected: boolean }>(t, sport.sportSettleByHand, { headers: token === null ? {} : { 'x-ops-token': token }, params: { matchId }, body })
const cash = async (userId: bigint) => (await balances(t, userId)).cash

const root = path.resolve(import.meta.dirname, '../..')
function settleCommand(args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx/esm', path.join(root, 'scripts/sport-settle.ts'), ...args], { cwd: root, env: { ...process.env, OPS_URL: base, DATA_DIR: t.config.dataDir, OPS_TOKEN: '' } })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()))
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
  return new Promise((resolve) => child.on('close', (status) => resolve({ status, stdout, stderr })))
}

describe('manual settlement', () => {
  it('only with the ops token, a reason and a known match; nothing moves otherwise', async () => {
    const d = await nextMatch()
    const p = await newPlayer(t)
    expect((await byHand(d.match.matchId, { fullTime: { home: 1, away: 0 }, reason: 'resultado oficial' }, null)).http).toBe(403)
    expect((await byHand(d.match.matchId, { fullTime: { home: 1, away: 0 }, reason: 'resultado oficial' }, p.token)).http).toBe(403)
    expect((await byHand(d.match.matchId, { fullTime: { home: 1, away: 0 } })).http).toBe(400)
    expect((await byHand(d.match.matchId, { fullTime: { home: 1, away: 0 }, reason: '  ' })).http).toBe(400)
    expect((await byHand(d.match.matchId, { void: false, reason: 'adiado' })).http).toBe(400)
    expect((await byHand('999999999999', { void: true, reason: 'cancelado' })).http).toBe(404)
    expect((await t.db.query('SELECT 1 FROM sport_results WHERE match_id = $1', [d.match.matchId])).rows).toHaveLength(0)
  })

  it("a result without the half's score pays the full game and refunds the half's legs; a correction moves only the difference; the reason is in the log", async () => {
    const d = await nextMatch()
    const p = await newPlayer(t)
    await fundCash(t, p.userId, centavosOf(100))
    const home = sel(d, 1, 'home')
    const half = sel(d, 2, 'draw')
    expect((await single(p.token, home, 10)).body.status).toBe(200)
    expect((await single(p.token, half, 5)).body.status).toBe(200)
    expect(await cash(p.userId)).toBe(centavosOf(85))

    const done = await byHand(d.match.matchId, { fullTime: { home: 2, away: 1 }, reason: 'o feed não deu o resultado' })
    expect(done.body.data).toEqual({ settled: 2, corrected: false })
    const win = (1000n * BigInt(oddsFromWire(home.odds)!)) / 1000n
    // The home win paid; the half (no score given) refunded.
    expect(await cash(p.userId)).toBe(centavosOf(85) + win + centavosOf(5))
    expect(log()).toContain('"audit":"sport-manual-settlement"')
    expect(log()).toContain('o feed não deu o resultado')

    // The official result was 0-1: the win is taken back, the refund stays.
    const corrected = await byHand(d.match.matchId, { fullTime: { home: 0, away: 1 }, halfTime: { home: 0, away: 0 }, reason: 'correção da súmula' })
    expect(corrected.body.data.corrected).toBe(true)
    expect(await cash(p.userId)).toBe(centavosOf(85) + centavosOf(5) * BigInt(oddsFromWire(half.odds)!) / 1000n)
  })

  it('npm run sport:settle voids a match with its reason, and refuses a call without one', async () => {
    const d = await nextMatch()
    const p = await newPlayer(t)
    await fundCash(t, p.userId, centavosOf(20))
    expect((await single(p.token, sel(d, 1, 'away'), 7)).body.status).toBe(200)
    const refused = await settleCommand([d.match.matchId, '--void'])
    expect(refused.status).toBe(2)
    expect(refused.stderr).toContain('the reason is required')
    const run = await settleCommand([d.match.matchId, '--void', '--reason', 'jogo cancelado pela federação'])
    expect(run.status, run.stderr).toBe(0)
    expect(run.stdout).toContain(`match ${d.match.matchId}: settled, 1 bet(s) settled`)
    expect(await cash(p.userId)).toBe(centavosOf(20))
  })
})
