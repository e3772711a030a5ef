import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { calls } from '../../src/shared/contract'
import type { RgStatus } from '../../src/shared/contract/rg'
import { markYesterday } from '../../src/server/protection/markers'
import { startTestApp, type TestApp } from './testApp'
import { callKeyed, checkLedgerAfterEach, deposit, fundCash, newPlayer, pkg100, verifiedPlayer, toSaoPauloHour, type Player } from './walletHelpers'

/**
 * Harm markers (issue 31): computed once a day over the week before, kept per player, shown to the
 * player as a gentle message; nothing is blocked. Each marker from the play that makes it, and
 * none from ordinary play.
 */

let t: TestApp
const HOUR = 3_600_000
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(() => t.close())
checkLedgerAfterEach(() => t)

const dice = (p: Player) => callKeyed(t, calls.diceBet, { token: p.token, body: { amount: '1.00', target: '98.00', condition: 'over' } })
const markers = async (p: Player) => (await t.db.query<{ marker: string; strength: number }>('SELECT marker, strength FROM rg_markers WHERE user_id = $1 ORDER BY marker', [p.userId])).rows
const status = async (p: Player) => (await callKeyed(t, calls.rgStatus, { token: p.token })).body.data as RgStatus

const toHour = (hour: number) => toSaoPauloHour(t, hour)

/** Computes yesterday's markers as the daily job does (forgetting an earlier run of the same day, so each test computes its own). */
async function markNow(): Promise<void> {
  await t.db.query('DELETE FROM rg_marked_days')
  expect(await markYesterday(t.db, t.app.deps.now())).not.toBeNull()
}

describe('harm markers', () => {
  it('night play: half of 20 or more stakes between midnight and six; a day player gets none; the page says so gently', async () => {
    const night = await newPlayer(t)
    const day = await newPlayer(t)
    await fundCash(t, night.userId, 100_00n)
    await fundCash(t, day.userId, 100_00n)
    toHour(2)
    for (let i = 0; i < 20; i++) expect((await dice(night)).body.status).toBe(200)
    toHour(15)
    for (let i = 0; i < 20; i++) expect((await dice(day)).body.status).toBe(200)
    toHour(9)
    await markNow()
    expect(await markers(night)).toEqual([{ marker: 'night_play', strength: 20 }])
    expect(await markers(day)).toEqual([])
    expect((await status(night)).care).toBe(true)
    expect((await status(day)).care).toBe(false)
    // Nothing is blocked.
    expect((await dice(night)).body.status).toBe(200)
  })

  it('limits raised: a raise or a removal asked in the week', async () => {
    const p = await newPlayer(t)
    await callKeyed(t, calls.rgSetLimit, { token: p.token, body: { kind: 'stake', period: 'day', value: '10.00' } })
    expect((await callKeyed(t, calls.rgSetLimit, { token: p.token, body: { kind: 'stake', period: 'day', value: '100.00' } })).body.data).toMatchObject({ pending: { value: 100 } })
    t.advance(24 * HOUR)
    await markNow()
    expect(await markers(p)).toEqual([{ marker: 'limits_raised', strength: 1 }])
  })

  it('rising deposits and deposits right after losses', async () => {
    // Each stake and its deposit on one São Paulo day, whatever the wall clock says.
    toHour(10)
    const p = await verifiedPlayer(t)
    await fundCash(t, p.userId, 5_00n)
    const pkg = await pkg100(t)
    for (let i = 0; i < 3; i++) {
      // A stake lost (the day is losing), then a deposit minutes later.
      await lostStake(p)
      t.advance(5 * 60_000)
      await deposit(t, p, pkg, 0)
      t.advance(HOUR)
    }
    t.advance(24 * HOUR)
    await markNow()
    expect(await markers(p)).toEqual([
      { marker: 'deposit_after_loss', strength: 3 },
      { marker: 'rising_deposits', strength: 3 },
    ])
  })
})

/** A stake of R$ 1 that loses (its bet settled at once with nothing paid back), at the test clock's time. */
async function lostStake(p: Player): Promise<void> {
  const at = new Date(t.app.deps.now())
  const r = await t.db.query<{ code: string }>("SELECT code FROM wallet_bet($1, 100, 0, 'casino:test', $2, ($2 AT TIME ZONE 'America/Sao_Paulo')::date, '{}'::jsonb, NULL)", [p.userId, at])
  expect(r.rows[0]?.code).toBe('OK')
}
