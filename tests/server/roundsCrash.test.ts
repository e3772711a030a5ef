import { afterAll, describe, expect, inject, it } from 'vitest'
import type { Db } from '../../src/server/db/connection'
import { tileColor } from '../../src/shared/games/rounds/double'
import { CAPTCHA } from './testApp'
import { serverPlace, ServerProcess, sleep } from './serverProcess'
import { expectLedgerInvariant } from './walletHelpers'

/**
 * The real server as a child process, killed with SIGKILL while a Double round takes bets: once
 * with betting time left (the round goes on after the restart and takes more bets), once just
 * before its betting closes (the restart finds it closed and settles it with its committed hash).
 * Every acknowledged bet is settled exactly once and the ledger balances.
 */
const cleanup: (() => Promise<void>)[] = []
afterAll(async () => {
  for (const fn of cleanup.reverse()) await fn().catch(() => undefined)
})

describe('shared rounds through SIGKILL', () => {
  it('settles every acknowledged bet exactly once after a restart', async () => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      CAPTCHA_FIXED_ANSWER: CAPTCHA,
      LOG: '0',
      PAYOUT_SANDBOX_SETTLE_SECONDS: 'off',
      RETENTION_INTERVAL_MINUTES: '0',
      ROUNDS: 'on',
      ROUND_CHAIN_LENGTH: '300',
      ROUND_SALT_WAIT_SECONDS: '0',
      ROUND_CHAIN_CHECKPOINT: '20',
      ROUND_TIMINGS: 'double=16/0.3/0.3,rowDouble=600/1/1,luckyColor=600/1/1',
    }
    const { base, openDb } = await serverPlace('rcrash', env, inject('pgliteTemplate'), cleanup)
    const server = new ServerProcess(env, base)
    cleanup.push(() => server.kill())
    const start = () => server.start()
    const kill = () => server.kill()
    const json = (url: string, init?: RequestInit) => server.json(url, init)
    const output = () => server.output
    const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
      json(url, { method: 'POST', headers: { 'content-type': 'application/json', lang: 'pt_BR', ...headers }, body: JSON.stringify(body) })
    const login = async () => {
      const captcha = async () => {
        const codeId = Math.floor(Math.random() * 99_999_999)
        await (await fetch(`${base}/api/auth/user/captcha/${codeId}`)).arrayBuffer()
        return codeId
      }
      const reg = await post('/api/auth/user/restRegister', { username: `rc.${process.pid}.${Date.now()}@example.com`, pwd: 'segredo123', codeId: await captcha(), captCode: CAPTCHA })
      const test = await json('/api/app/user/getUserTest', { headers: { authorization: reg.data.access_token } })
      const r = await post('/api/auth/user/restLogin', { username: test.data.username, pwd: test.data.pwd, codeId: await captcha(), captCode: CAPTCHA })
      return r.data.access_token as string
    }
    /** The open Double round with at least `ms` of betting left. */
    const openRound = async (ms: number) => {
      const end = Date.now() + 30_000
      for (;;) {
        const s = await json('/api/app/casino/double/state')
        if (s.data && s.data.phase === 'betting' && s.data.bettingEndsAt - s.data.serverTime >= ms) return s.data as { roundId: string; bettingEndsAt: number; serverTime: number }
        if (Date.now() > end) throw new Error(`no open Double round: ${output()}`)
        await sleep(50)
      }
    }
    const settledRoll = async (roundId: string) => {
      const end = Date.now() + 30_000
      for (;;) {
        const r = await json('/api/app/casino/double/rounds?limit=100')
        const found = (r.data.rounds as { roundId: string; roll: number | null }[]).find((x) => x.roundId === roundId)
        if (found) return found.roll
        if (Date.now() > end) throw new Error(`round ${roundId} never settled: ${output()}`)
        await sleep(100)
      }
    }

    await start()
    const token = await login()
    const bet = (roundId: string, choice: string, key: string) =>
      post('/api/app/casino/double/bet', { roundId, choice, amount: '1.00' }, { authorization: token, 'idempotency-key': key })

    // 1. Killed with betting time left: the same round goes on and takes one more bet.
    // A restart on a busy 2-core machine can take several seconds: the round keeps 13 s of its 16 for it.
    const r1 = await openRound(13_000)
    for (const [choice, key] of [['red', 'a1'], ['black', 'a2']]) expect((await bet(r1.roundId, choice!, key!)).status).toBe(200)
    await kill()
    await start()
    expect((await bet(r1.roundId, 'white', 'a3')).status).toBe(200)
    // A replay of a bet from before the kill moves nothing.
    expect((await bet(r1.roundId, 'red', 'a1')).status).toBe(200)
    const roll1 = await settledRoll(r1.roundId)

    // 2. Killed just before betting closes: the restart settles the round with its committed hash.
    const r2 = await openRound(1_500)
    for (const [choice, key] of [['red', 'b1'], ['white', 'b2']]) expect((await bet(r2.roundId, choice!, key!)).status).toBe(200)
    await kill()
    await sleep(Math.max(0, r2.bettingEndsAt - r2.serverTime) + 300)
    await start()
    const roll2 = await settledRoll(r2.roundId)
    await kill()

    const db: Db = await openDb()
    try {
      const bets = await db.query<{ id: bigint; round_id: string; choice: string; state: string; payout: bigint }>(
        `SELECT b.id, r.round_id, b.choice, b.state, b.payout FROM round_bets b JOIN rounds r ON r.id = b.round_pk ORDER BY b.id`,
      )
      expect(bets.rows.map((b) => [b.round_id, b.choice])).toEqual([
        [r1.roundId, 'red'],
        [r1.roundId, 'black'],
        [r1.roundId, 'white'],
        [r2.roundId, 'red'],
        [r2.roundId, 'white'],
      ])
      for (const b of bets.rows) {
        const roll = b.round_id === r1.roundId ? roll1 : roll2
        expect(roll).not.toBeNull()
        const won = tileColor(roll!) === b.choice
        expect(b.state).toBe(won ? 'won' : 'lost')
        expect(BigInt(b.payout)).toBe(won ? (b.choice === 'white' ? 1400n : 200n) : 0n)
        // One stake and at most one win on the ledger for each bet.
        const txs = await db.query<{ kind: string; n: bigint }>(`SELECT kind, count(*)::bigint AS n FROM ledger_transactions WHERE ref = $1 GROUP BY kind ORDER BY kind`, [`round:${b.id}`])
        expect(txs.rows.map((t) => [t.kind, Number(t.n)])).toEqual(won ? [['bet', 1], ['win', 1]] : [['bet', 1]])
      }
      await expectLedgerInvariant(db)
    } finally {
      await db.close()
    }
  }, 120_000)
})
