import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { calls } from '../../src/shared/contract'
import * as casino from '../../src/shared/contract/casino'
import { purgeExpired, type Purged } from '../../src/server/maintenance/retention'
import { PROVIDER_WALLET_PREFIX } from '../../src/server/providers/routes'
import { providerSecretOf } from '../../src/server/providers/secrets'
import { closeProviderSessions, openProviderSession } from '../../src/server/providers/sessions'
import { signBody } from '../../src/server/providers/signature'
import { captchaId } from './flows'
import { call, startTestApp, type TestApp } from './testApp'
import { balances, callKeyed, CPF, deposit, fundCash, newPlayer, pkg100, type Player } from './walletHelpers'

/**
 * The retention job: rows of each kind made long ago are purged once past their use, rows made
 * since are kept. The test clock moves 91 days between the two sets.
 */

const DAY = 86_400_000
let t: TestApp

/** A player with a session, a password-reset code, Idempotency-Keys, a paid deposit (one payment event) and a day's stakes. */
async function activePlayer(cpf: string): Promise<Player> {
  const p = await newPlayer(t)
  await callKeyed(t, calls.updateKyc, { token: p.token, body: { name: 'Ana Souza', cardNo: cpf } })
  await deposit(t, p, await pkg100(t))
  expect((await callKeyed(t, casino.diceBet, { token: p.token, body: { amount: '1.00', target: '50.50', condition: 'over' } })).body.status).toBe(200)
  expect((await call(t, calls.sendEmail, { body: { email: p.email } })).body.status).toBe(200)
  return p
}

async function counts(p: Player) {
  const n = async (sql: string, param: unknown) => Number((await t.db.query<{ n: bigint }>(`SELECT count(*)::bigint AS n FROM ${sql}`, [param])).rows[0]!.n)
  return {
    sessions: await n('sessions WHERE user_id = $1', p.userId),
    idempotencyKeys: await n('idempotency_keys WHERE user_id = $1', p.userId),
    passwordResets: await n('password_resets WHERE email = $1', p.email),
    paymentEvents: await n(`payment_events e JOIN orders o ON o.pay_no = e.pay_no AND o.provider = e.provider WHERE o.user_id = $1`, p.userId),
    playDays: await n('play_days WHERE user_id = $1', p.userId),
  }
}

const captchaRows = async (codeId: number) => Number((await t.db.query<{ n: bigint }>('SELECT count(*)::bigint AS n FROM captchas WHERE code_id = $1', [codeId])).rows[0]!.n)

beforeAll(async () => {
  t = await startTestApp()
})
afterAll(() => t.close())

describe('retention', () => {
  it("purges expired sessions, week-old keys, expired resets and captchas, payment events 90 days after their order closed and play days over 40 days old; keeps fresh ones", async () => {
    // Long ago: a player active on day 0, and a captcha drawn then.
    const old = await activePlayer(CPF.a)
    const oldCaptcha = await captchaId(t)
    t.advance(87 * DAY)
    // Four days before the run: a player whose session then sat idle longer than SESSION_IDLE_HOURS (72).
    const idle = await newPlayer(t)
    await callKeyed(t, calls.transfer, { token: idle.token, body: { toUser: 'nobody@example.com', amount: '1.00' } })
    const idleKeys = (await counts(idle)).idempotencyKeys
    expect(idleKeys).toBeGreaterThan(0)
    t.advance(4 * DAY)
    // Today: an active player, one who logged out, a fresh captcha.
    const fresh = await activePlayer(CPF.b)
    const gone = await newPlayer(t)
    expect((await callKeyed(t, calls.logout, { token: gone.token, body: {} })).body.status).toBe(200)
    const freshCaptcha = await captchaId(t)

    const freshBefore = await counts(fresh)
    for (const [kind, n] of Object.entries(await counts(old))) expect(n, kind).toBeGreaterThan(0)
    expect(await counts(fresh)).toEqual(await counts(old))
    expect(await captchaRows(oldCaptcha)).toBe(1)

    const purged: Purged = await purgeExpired(t.db, t.config, t.app.deps.now())
    expect(purged.sessions).toBeGreaterThanOrEqual(3)
    expect(purged.paymentEvents).toBeGreaterThanOrEqual(1)

    expect(await counts(old)).toEqual({ sessions: 0, idempotencyKeys: 0, passwordResets: 0, paymentEvents: 0, playDays: 0 })
    expect(await counts(fresh)).toEqual(freshBefore)
    expect((await counts(idle)).sessions).toBe(0)
    expect((await counts(idle)).idempotencyKeys).toBe(idleKeys) // four days old: kept for a week
    expect((await counts(gone)).sessions).toBe(0)
    expect(await captchaRows(oldCaptcha)).toBe(0)
    expect(await captchaRows(freshCaptcha)).toBe(1)
    // The fresh player is still signed in, and the records of the old one are all still there.
    expect((await call(t, calls.getBalance, { token: fresh.token })).body.status).toBe(200)
    expect(Number((await t.db.query<{ n: bigint }>(`SELECT count(*)::bigint AS n FROM orders WHERE user_id = $1`, [old.userId])).rows[0]!.n)).toBe(1)

    // Twenty minutes on, the fresh reset code and the captcha have expired too; a second run finds nothing else.
    t.advance(20 * 60_000)
    await purgeExpired(t.db, t.config, t.app.deps.now())
    expect(await counts(fresh)).toEqual({ ...freshBefore, passwordResets: 0 })
    expect(await captchaRows(freshCaptcha)).toBe(0)
  })

  it('purges provider sessions closed or expired longer ago than the settlement window, but keeps one whose bet is still open (its rollback needs it)', async () => {
    const p = await newPlayer(t)
    await fundCash(t, p.userId, 10_000n)
    const game = 'demo-fruits'
    let n = 0
    const wallet = async (token: string, op: string, body: Record<string, unknown>) => {
      const raw = JSON.stringify({ requestId: `ret-${++n}`, token, game, roundId: `ret-round-${process.pid}-${n}`, ...body })
      const res = await t.app.inject({ method: 'POST', url: `${PROVIDER_WALLET_PREFIX}/PG/wallet/${op}`, headers: { 'content-type': 'application/json', 'x-signature': signBody(providerSecretOf(t.config, 'PG')!, raw) }, payload: raw })
      return JSON.parse(res.body) as { status: string; balance?: number }
    }
    const open = async () => openProviderSession(t.db, p.userId, 'PG', game, new Date(t.app.deps.now()), t.config.providerSessionMs)
    const sessionRows = async () => (await t.db.query<{ id: string }>('SELECT id::text AS id FROM provider_sessions WHERE user_id = $1 ORDER BY id', [p.userId])).rows.map((r) => r.id)

    // Long ago: an expired session (never closed) with a settled round; a closed one with a bet never settled.
    const expired = await open()
    const roundId = `ret-settled-${process.pid}`
    const sign = (op: string, body: Record<string, unknown>) => wallet(expired, op, { roundId, ...body })
    expect((await sign('bet', { transactionId: `${roundId}-bet`, amount: 100, currency: 'BRL' })).status).toBe('OK')
    expect((await sign('win', { transactionId: `${roundId}-win`, referenceTransactionId: `${roundId}-bet`, amount: 0, currency: 'BRL' })).status).toBe('OK')
    t.advance(t.config.providerSessionMs)
    const stuck = await open()
    const stuckBet = `ret-open-${process.pid}`
    const stuckRound = `ret-open-round-${process.pid}`
    expect((await wallet(stuck, 'bet', { roundId: stuckRound, transactionId: stuckBet, amount: 300, currency: 'BRL' })).status).toBe('OK')
    await closeProviderSessions(t.db, p.userId, new Date(t.app.deps.now()))
    // Past the window for both; then a session closed just inside it, and one still open.
    t.advance(t.config.providerSettleMs + 60_000)
    await open()
    await closeProviderSessions(t.db, p.userId, new Date(t.app.deps.now()))
    t.advance(t.config.providerSettleMs - 60_000)
    const live = await open()
    const [expiredId, stuckId, recentId, liveId] = await sessionRows()
    expect([expiredId, stuckId, recentId, liveId].every(Boolean)).toBe(true)

    const purged = await purgeExpired(t.db, t.config, t.app.deps.now())
    expect(purged.providerSessions).toBeGreaterThanOrEqual(1)
    expect(await sessionRows()).toEqual([stuckId, recentId, liveId])
    expect((await wallet(expired, 'balance', { currency: 'BRL' })).status).toBe('INVALID_TOKEN')
    // The open bet's rollback still returns its stake; then its session goes too.
    expect(await wallet(stuck, 'rollback', { roundId: stuckRound, transactionId: `${stuckBet}-rb`, referenceTransactionId: stuckBet })).toEqual({ status: 'OK', balance: 9_900 })
    t.advance(120_000)
    await purgeExpired(t.db, t.config, t.app.deps.now())
    expect(await sessionRows()).toEqual([liveId])
    expect((await wallet(live, 'balance', { currency: 'BRL' })).status).toBe('OK')
    // The records stay: the player's money and history do not depend on the sessions.
    expect(Number((await t.db.query<{ n: bigint }>('SELECT count(*)::bigint AS n FROM provider_transactions WHERE user_id = $1', [p.userId])).rows[0]!.n)).toBe(4)
    expect((await balances(t, p.userId)).cash).toBe(9_900n)
  })

  it('runs on its own in the app, first shortly after start, and stops with it', async () => {
    const app = await startTestApp({}, { RETENTION_INTERVAL_MINUTES: '0.001' })
    try {
      await app.db.query(`INSERT INTO captchas (code_id, ip, answer, expires_at) VALUES (424242, '203.0.113.9', 'x', $1)`, [new Date(Date.now() - 1000)])
      // Polled on timers: PGlite answers in microtasks, and a tight loop would starve the job's own timer.
      const end = Date.now() + 10_000
      while ((await app.db.query('SELECT 1 FROM captchas WHERE code_id = 424242')).rows.length > 0) {
        if (Date.now() > end) throw new Error('the retention job did not run')
        await new Promise((r) => setTimeout(r, 20))
      }
    } finally {
      await app.close()
    }
  })
})
