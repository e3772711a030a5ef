import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, inject, it } from 'vitest'
import type { Db } from '../../src/server/db/connection'
import { centavosOf } from '../centavos'
import { CAPTCHA } from './testApp'
import { postJson, registerPlayer, serverPlace } from './serverProcess'
import { expectLedgerInvariant, freshCpf } from './walletHelpers'

/**
 * The real server as a child process, killed with SIGKILL again and again while transfers and
 * dice bets stream in (the bets through the group-committed bet path): after each restart every
 * acknowledged transfer and bet is still there, exactly once, and the ledger still balances.
 * Unacknowledged ones are retried with their Idempotency-Key, as a client would, so in the end
 * every one is acknowledged exactly once.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const KILLS = 5
const AMOUNT = 1n // centavos per transfer
const FUNDS = 10_000n

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

const cleanup: (() => Promise<void>)[] = []
afterAll(async () => {
  for (const fn of cleanup.reverse()) await fn().catch(() => undefined)
})

describe('crash safety', () => {
  it(`keeps every acknowledged transfer and bet and the ledger invariant through ${KILLS} SIGKILLs`, async () => {
    // The stream sends hundreds of transfers: lift the daily count, which is not under test here.
    const env: NodeJS.ProcessEnv = { ...process.env, CAPTCHA_FIXED_ANSWER: CAPTCHA, LOG: '0', PAYOUT_SANDBOX_SETTLE_SECONDS: 'off', NODE_ENV: 'test', TRANSFER_COUNT_PER_DAY: '1000000', DEPOSIT_TURNOVER: '0', ROUNDS: 'off' }
    const { base, openDb } = await serverPlace('crash', env, inject('pgliteTemplate'), cleanup)
    let child: ChildProcess | null = null
    let output = ''

    const stats = (msg: string) => process.env.CRASH_STATS && console.log(`crash test ${(performance.now() / 1000).toFixed(1)}s: ${msg}`)
    async function start(): Promise<void> {
      stats('starting')
      const proc = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] })
      child = proc
      proc.stdout!.on('data', (d) => (output = (output + d).slice(-4000)))
      proc.stderr!.on('data', (d) => (output = (output + d).slice(-4000)))
      const end = Date.now() + 30_000
      for (;;) {
        if (proc.exitCode !== null) throw new Error(`server exited (${proc.exitCode}): ${output}`)
        try {
          const res = await fetch(`${base}/api/app/user/getBalance`)
          if (res.status === 401) return void stats('started')
        } catch {
          // Not listening yet.
        }
        if (Date.now() > end) throw new Error(`server did not start: ${output}`)
        await sleep(50)
      }
    }
    async function kill(signal: NodeJS.Signals): Promise<void> {
      const proc = child
      if (!proc || proc.exitCode !== null || proc.signalCode !== null) return
      const exited = new Promise((r) => proc.once('exit', r))
      proc.kill(signal)
      await exited
    }
    cleanup.push(() => kill('SIGKILL'))

    const post = (url: string, body: unknown, headers: Record<string, string> = {}) => postJson(base, url, body, headers)
    const register = (email: string) => registerPlayer(base, email, CAPTCHA)

    await start()
    const alice = `alice.${process.pid}@example.com`
    const bob = `bob.${process.pid}@example.com`
    const aliceToken = await register(alice)
    await register(bob)
    // Deposits and transfers need a verified identity.
    const kyc = await post('/api/app/user/updateKyc', { name: 'Alice Souza', cardNo: freshCpf() }, { authorization: aliceToken })
    expect(kyc.http).toBe(200)
    // Alice deposits R$100 through the sandbox provider: prePay, then the bank's button.
    const prices = JSON.parse(await (await fetch(`${base}/api/app/order/getPrices`, { headers: { authorization: aliceToken } })).text())
    const pkg = prices.data.find((p: { curreny: string; price: number }) => p.curreny === 'BRL' && p.price === 100)
    const order = JSON.parse((await post(`/api/app/order/prePay/${pkg.pkgId}`, { gift: 0, pkgId: pkg.pkgId, isapp: 0 }, { authorization: aliceToken, 'idempotency-key': 'deposit-1' })).text)
    const paid = await fetch(`${base}/api/pay/sandbox/pix/${order.data.payNo}/pay`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' })
    expect(paid.status).toBe(303)

    // The stream: transfers of 0.01 (keys k0, k1, ...) and R$ 0,10 dice bets (keys b0, b1, ...);
    // four of each in flight at a time.
    const acked = new Map<string, string>()
    let alive = true
    const BET = { amount: '0.10', target: '50.50', condition: 'over' }
    const send = (key: string) =>
      key.startsWith('b')
        ? post('/api/app/casino/dice/bet', BET, { authorization: aliceToken, 'idempotency-key': key })
        : post('/api/app/order/transfer', { toUser: bob, amount: '0.01' }, { authorization: aliceToken, 'idempotency-key': key })
    const attempt = async (key: string) => {
      let r: { http: number; text: string }
      try {
        r = await send(key)
      } catch {
        // The server died under the request: not acknowledged, retried later with the same key.
        alive = false
        return
      }
      if (r.http === 200) acked.set(key, r.text)
      else throw new Error(`${key} refused: ${r.http} ${r.text}`)
    }
    let next = 0
    const keys: string[] = []
    const stream = () =>
      Promise.all(
        Array.from({ length: 8 }, async (_, worker) => {
          while (alive) {
            const key = `${worker % 2 ? 'b' : 'k'}${next++}`
            keys.push(key)
            await attempt(key)
          }
        }),
      )
    const countTransfers = async (db: Db) =>
      Number((await db.query<{ n: bigint }>('SELECT count(*)::bigint AS n FROM transfers')).rows[0]!.n)

    for (let round = 0; round < KILLS; round++) {
      const ackedBefore = acked.size
      alive = true
      const streaming = stream()
      // Kill mid-stream, once this round has had some transfers acknowledged (a random number of them).
      const target = ackedBefore + 5 + Math.floor(Math.random() * 30)
      const deadline = Date.now() + 15_000
      while (acked.size < target && Date.now() < deadline) await sleep(2)
      await kill('SIGKILL')
      stats(`killed with ${acked.size} acknowledged`)
      await streaming
      expect(acked.size, `round ${round}: no transfer was acknowledged before the kill`).toBeGreaterThan(ackedBefore)
      await start()
      // Every acknowledged transfer is still there: a replay answers what was acknowledged, byte for byte.
      const entries = [...acked]
      for (let i = 0; i < entries.length; i += 16) {
        await Promise.all(
          entries.slice(i, i + 16).map(async ([key, text]) => {
            const again = await send(key)
            expect(again.text, key).toBe(text)
          }),
        )
      }
    }
    // Requests cut by the kills were never acknowledged (some may have committed just before).
    const unacked = keys.filter((k) => !acked.has(k))
    expect(unacked.length).toBeGreaterThanOrEqual(KILLS)
    if (process.env.CRASH_STATS) console.log(`crash test: ${acked.size} acknowledged, ${unacked.length} cut by ${KILLS} kills`)
    // Settle them as a client would: retry each with its key.
    for (const key of unacked) await attempt(key)
    expect(acked.size).toBe(keys.length)
    const transferKeys = keys.filter((k) => k.startsWith('k'))
    const betKeys = keys.filter((k) => k.startsWith('b'))
    // What the bets took, from their acknowledged replies.
    const lost = betKeys.reduce((sum, k) => {
      const bet = JSON.parse(acked.get(k)!).data
      return sum + centavosOf(bet.amount) - centavosOf(bet.payout)
    }, 0n)
    const balance = JSON.parse(await (await fetch(`${base}/api/app/user/getBalance`, { headers: { authorization: aliceToken } })).text()).data.balance
    expect(centavosOf(balance)).toBe(FUNDS - AMOUNT * BigInt(transferKeys.length) - lost)
    await kill('SIGTERM')

    const db = await openDb()
    try {
      await expectLedgerInvariant(db)
      expect(await countTransfers(db)).toBe(transferKeys.length)
      const bets = await db.query<{ n: bigint; nonces: bigint }>('SELECT count(*)::bigint AS n, count(DISTINCT nonce)::bigint AS nonces FROM casino_bets')
      expect(bets.rows[0]).toEqual({ n: BigInt(betKeys.length), nonces: BigInt(betKeys.length) })
      const stored = await db.query<{ n: bigint }>(`SELECT count(*)::bigint AS n FROM idempotency_keys WHERE key ~ '^[kb][0-9]+$' AND http_status = 200`)
      expect(Number(stored.rows[0]!.n)).toBe(keys.length)
    } finally {
      await db.close()
    }
  }, 90_000)
})
