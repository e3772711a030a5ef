import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { calls } from '../../src/shared/contract'
import type { RgStatus } from '../../src/shared/contract/rg'
import { startTestApp, type TestApp } from './testApp'
import { balances, callKeyed, checkLedgerAfterEach, fundCash, newPlayer, toSaoPauloHour, type Player } from './walletHelpers'

/**
 * Player protection (issue 31): the time a player plays, held to the daily time limit, and the
 * reality check every 15, 30 or 60 minutes of a session, kept by the server (a reload does not skip
 * it). A session runs from a stake to the last that followed with no pause over 10 minutes; its
 * time is the span of its stakes plus a minute.
 */

let t: TestApp
const MIN = 60_000

beforeAll(async () => {
  t = await startTestApp()
})
afterAll(() => t.close())
checkLedgerAfterEach(() => t)

const setLimit = (p: Player, kind: string, period: string, value: string | number | null) => callKeyed(t, calls.rgSetLimit, { token: p.token, body: { kind, period, value } })
const timeLimit = async (p: Player) => ((await callKeyed(t, calls.rgLimits, { token: p.token })).body.data as { kind: string; value: number | null; used: number }[]).find((l) => l.kind === 'time')!
const status = async (p: Player) => (await callKeyed(t, calls.rgStatus, { token: p.token })).body.data as RgStatus
const dice = (p: Player, amount = '1.00') => callKeyed(t, calls.diceBet, { token: p.token, body: { amount, target: '98.00', condition: 'over' } })
const answer = (p: Player) => callKeyed(t, calls.rgAnswerRealityCheck, { token: p.token, body: {} })

async function funded(): Promise<Player> {
  const p = await newPlayer(t)
  await fundCash(t, p.userId, 100_00n)
  return p
}

/** Two instants a few moments apart (the test clock runs on real time too). */
const near = (a: number | null | undefined, b: number) => expect(Math.abs((a ?? Number.NaN) - b)).toBeLessThan(2000)

const toHour = (hour: number) => toSaoPauloHour(t, hour)

/** Plays one R$ 1 stake a minute for `minutes` minutes (the clock moved between them). */
async function playFor(p: Player, minutes: number): Promise<void> {
  for (let i = 0; i < minutes; i++) {
    expect((await dice(p)).body.status).toBe(200)
    t.advance(MIN)
  }
}

describe('time played and the daily time limit', () => {
  it('counts the span of a session plus a minute; a pause over 10 minutes ends the session and is not counted', async () => {
    toHour(10)
    const p = await funded()
    expect((await timeLimit(p)).used).toBe(0)
    await playFor(p, 5) // stakes at 0..4 min: 4 minutes between them, plus the first
    t.advance(20 * MIN) // a long pause: not played
    expect((await timeLimit(p)).used).toBe(5)
    expect((await status(p)).sessionStartedAt).toBeNull()
    await playFor(p, 3) // 3 minutes, and the minute since the last stake while the session is open
    expect((await timeLimit(p)).used).toBe(9)
  })

  it('takes whole minutes from 1 to 1440 only, changing nothing otherwise', async () => {
    const p = await newPlayer(t)
    for (const bad of ['0.50', '1441']) {
      const res = await setLimit(p, 'time', 'day', bad)
      expect(res.body.status, bad).toBe(6011)
    }
    // Zero is no limit at all: refused by the call's schema, for every kind (null removes one).
    for (const kind of ['time', 'loss', 'deposit']) expect((await setLimit(p, kind, 'day', '0')).body.status, kind).toBe(400)
    expect((await t.db.query('SELECT 1 FROM rg_limits WHERE user_id = $1', [p.userId])).rows).toEqual([])
    expect((await setLimit(p, 'time', 'day', 30)).body.data).toMatchObject({ kind: 'time', period: 'day', value: 30, used: 0, pending: null })
    expect((await setLimit(p, 'time', 'week', 30)).body.status).toBe(6010)
  })

  it('refuses a stake that would pass the limit, naming it, moving nothing, until the next São Paulo day', async () => {
    toHour(10)
    const p = await funded()
    await setLimit(p, 'time', 'day', 5)
    await playFor(p, 3) // stakes at 0, 1 and 2 minutes: at 3, 4 minutes played
    expect((await dice(p)).body.status).toBe(200)
    expect((await status(p)).timeLeftMinutes).toBe(1)
    t.advance(30_000)
    expect((await dice(p)).body.status).toBe(200) // 4.5 minutes
    t.advance(31_000)
    const before = await balances(t, p.userId)
    const refused = await dice(p) // would be past 5
    expect(refused.body.status).toBe(6008)
    expect(refused.body.msg).toContain('5 minutos')
    expect(await balances(t, p.userId)).toEqual(before)
    expect((await status(p)).timeLeftMinutes).toBe(0)
    // Still refused after a pause (the day's time is spent), taken again the next day.
    t.advance(30 * MIN)
    expect((await dice(p)).body.status).toBe(6008)
    t.advance(24 * 60 * MIN)
    expect((await dice(p)).body.status).toBe(200)
  })

  it('bets raced together at the limit: none passes once it is reached', async () => {
    toHour(10)
    const p = await funded()
    await setLimit(p, 'time', 'day', 2)
    await playFor(p, 2) // at 2 minutes, 3 played with a stake now
    const replies = await Promise.all(Array.from({ length: 6 }, () => dice(p)))
    expect(replies.map((r) => r.body.status)).toEqual(Array(6).fill(6008))
  })

  it('a provider slot\'s bet past the time limit is answered as the provider\'s bet limit', async () => {
    toHour(10)
    const p = await funded()
    await setLimit(p, 'time', 'day', 1)
    await playFor(p, 1) // at 1 minute, 2 played with a stake now
    const r = await t.db.query<{ code: string }>("SELECT code FROM wallet_bet($1, 100, NULL, 'provider:demo:x', $2, ($2 AT TIME ZONE 'America/Sao_Paulo')::date, '{}'::jsonb, NULL)", [p.userId, new Date(t.app.deps.now())])
    expect(r.rows[0]?.code).toBe('LIMIT_TIME')
  })
})

describe('the reality check', () => {
  it('is due 60 minutes into a session by default, with the session\'s time, stakes and net result; a reload (a new read) still shows it due', async () => {
    toHour(10)
    const p = await funded()
    expect(await status(p)).toMatchObject({ realityCheckMinutes: 60, sessionStartedAt: null, nextRealityCheckAt: null, session: null, timeLeftMinutes: null })
    const started = t.app.deps.now()
    await playFor(p, 61)
    const st = await status(p)
    near(st.sessionStartedAt, started)
    near(st.nextRealityCheckAt, started + 60 * MIN)
    expect(st.nextRealityCheckAt!).toBeLessThanOrEqual(t.app.deps.now())
    expect(st.session!.minutes).toBe(61)
    expect(st.session!.staked).toBe(61)
    const cash = Number((await balances(t, p.userId)).cash) / 100
    expect(st.session!.net).toBeCloseTo(cash - 100, 2)
    expect((await status(p)).nextRealityCheckAt).toBe(st.nextRealityCheckAt)
  })

  it('answered, the next is due the interval after the answer; answering when none is due is refused', async () => {
    toHour(10)
    const p = await funded()
    await callKeyed(t, calls.rgSetRealityCheck, { token: p.token, body: { minutes: 15 } })
    await playFor(p, 3)
    expect((await answer(p)).body.status).toBe(6012) // due at 15 minutes
    await playFor(p, 13)
    const answeredAt = t.app.deps.now()
    const res = await answer(p)
    expect(res.body.status).toBe(200)
    near((res.body.data as RgStatus).nextRealityCheckAt, answeredAt + 15 * MIN)
    expect((await answer(p)).body.status).toBe(6012)
  })

  it('follows a new interval at once, and starts anew with a new session', async () => {
    toHour(10)
    const p = await funded()
    const started = t.app.deps.now()
    await playFor(p, 2)
    near((await status(p)).nextRealityCheckAt, started + 60 * MIN)
    const res = await callKeyed(t, calls.rgSetRealityCheck, { token: p.token, body: { minutes: 30 } })
    expect((res.body.data as RgStatus).realityCheckMinutes).toBe(30)
    near((res.body.data as RgStatus).nextRealityCheckAt, started + 30 * MIN)
    expect((await callKeyed(t, calls.rgSetRealityCheck, { token: p.token, body: { minutes: 20 } })).body.status).toBe(400)
    t.advance(15 * MIN)
    expect((await status(p)).nextRealityCheckAt).toBeNull()
    const again = t.app.deps.now()
    await playFor(p, 1)
    near((await status(p)).nextRealityCheckAt, again + 30 * MIN)
  })

  it('a session carries over midnight (São Paulo), and so does its check', async () => {
    const p = await funded()
    // Move to 23:55 in São Paulo (UTC-3): 02:55 UTC.
    const now = t.app.deps.now()
    const d = new Date(now)
    const target = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), 2, 55)
    t.advance(((target - now) % (24 * 60 * MIN) + 24 * 60 * MIN) % (24 * 60 * MIN))
    const started = t.app.deps.now()
    await playFor(p, 10)
    const st = await status(p)
    near(st.sessionStartedAt, started)
    near(st.nextRealityCheckAt, started + 60 * MIN)
    // The new day's time starts at its first stake (00:00): its minute, 4 more, and the open minute.
    expect((await timeLimit(p)).used).toBe(6)
  })
})
