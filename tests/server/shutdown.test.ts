import { afterAll, describe, expect, inject, it } from 'vitest'
import { centavosOf } from '../centavos'
import { CAPTCHA } from './testApp'
import { postJson, registerPlayer, serverPlace, ServerProcess, sleep } from './serverProcess'
import { expectLedgerInvariant, freshCpf, socketFor } from './walletHelpers'

/**
 * SIGTERM while dice bets (the group-committed bet path) and transfers stream in: the process
 * stops taking requests, answers every one it took, and exits 0 within its 10 s. Every request
 * answered 200 is applied exactly once (a replay after a restart answers the same bytes); a request
 * refused while it closes (503, or the connection refused) applied nothing; nothing is half-done
 * and the ledger balances.
 */

const FUNDS = 10_000n
const cleanup: (() => Promise<void>)[] = []
afterAll(async () => {
  for (const fn of cleanup.reverse()) await fn().catch(() => undefined)
})

/** ok: answered 200; refused: 503 or no connection; cut: the connection ended without an answer; failed: any other answer. */
type Outcome = { kind: 'ok'; text: string; at: number } | { kind: 'refused' | 'cut' | 'failed'; why: string }

describe('graceful shutdown', () => {
  it('answers what it took, refuses the rest, applies each once and exits 0', async () => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      CAPTCHA_FIXED_ANSWER: CAPTCHA,
      // The log says why, should the process not exit 0.
      LOG: '1',
      PAYOUT_SANDBOX_SETTLE_SECONDS: 'off',
      NODE_ENV: 'test',
      TRANSFER_COUNT_PER_DAY: '1000000',
      DEPOSIT_TURNOVER: '0',
      ROUNDS: 'off',
    }
    const { base, openDb } = await serverPlace('shutdown', env, inject('pgliteTemplate'), cleanup)
    const server = new ServerProcess(env, base)
    cleanup.push(() => server.kill())
    const post = (url: string, body: unknown, headers: Record<string, string> = {}) => postJson(base, url, body, headers)
    const register = (email: string) => registerPlayer(base, email, CAPTCHA)

    await server.start()
    const bob = `bob.shutdown.${process.pid}@example.com`
    const token = await register(`alice.shutdown.${process.pid}@example.com`)
    await register(bob)
    expect((await post('/api/app/user/updateKyc', { name: 'Alice Souza', cardNo: freshCpf() }, { authorization: token })).http).toBe(200)
    // R$ 100 through the sandbox PSP: prePay, then the bank's button.
    const prices = JSON.parse(await (await fetch(`${base}/api/app/order/getPrices`, { headers: { authorization: token } })).text())
    const pkg = prices.data.find((p: { curreny: string; price: number }) => p.curreny === 'BRL' && p.price === 100)
    const order = JSON.parse((await post(`/api/app/order/prePay/${pkg.pkgId}`, { gift: 0, pkgId: pkg.pkgId, isapp: 0 }, { authorization: token, 'idempotency-key': 'deposit-1' })).text)
    const paid = await fetch(`${base}/api/pay/sandbox/pix/${order.data.payNo}/pay`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' })
    expect(paid.status).toBe(303)

    // The stream: R$ 0,10 dice bets (keys s-b…) and R$ 0,01 transfers (keys s-k…), eight in flight;
    // each worker goes on until the server refuses it.
    const BET = { amount: '0.10', target: '50.50', condition: 'over' }
    const send = (key: string) =>
      key.startsWith('s-b')
        ? post('/api/app/casino/dice/bet', BET, { authorization: token, 'idempotency-key': key })
        : post('/api/app/order/transfer', { toUser: bob, amount: '0.01' }, { authorization: token, 'idempotency-key': key })
    const outcomes = new Map<string, Outcome>()
    let next = 0
    const attempt = async (key: string): Promise<Outcome> => {
      try {
        const r = await send(key)
        if (r.http === 200) return { kind: 'ok', text: r.text, at: performance.now() }
        if (r.http === 503) return { kind: 'refused', why: '503' }
        return { kind: 'failed', why: `${r.http} ${r.text}` }
      } catch (err) {
        const code = (err as { cause?: { code?: string } }).cause?.code ?? String(err)
        return { kind: code === 'ECONNREFUSED' ? 'refused' : 'cut', why: code }
      }
    }
    const streaming = Promise.all(
      Array.from({ length: 8 }, async (_, worker) => {
        for (;;) {
          const key = `s-${worker % 2 ? 'b' : 'k'}${next++}`
          const out = await attempt(key)
          outcomes.set(key, out)
          if (out.kind !== 'ok') return
        }
      }),
    )
    // An open socket must not hold the close up either.
    const socket = await socketFor(base, token)
    cleanup.push(async () => void socket.close())
    const acked = () => [...outcomes.values()].filter((o) => o.kind === 'ok').length
    const deadline = Date.now() + 20_000
    while (acked() < 60 && Date.now() < deadline) await sleep(5)
    const signalled = performance.now()
    await server.kill('SIGTERM')
    const took = performance.now() - signalled
    await streaming
    expect(server.exit, server.output).toEqual({ code: 0, signal: null })
    expect(took).toBeLessThan(10_000)
    // Nothing failed on the way down (a job still running on a closed database would log an error).
    expect(server.output).not.toMatch(/"level":(50|60)/)

    const ok = new Map([...outcomes].flatMap(([k, o]) => (o.kind === 'ok' ? [[k, o.text] as const] : [])))
    const failed = [...outcomes].filter(([, o]) => o.kind === 'failed')
    // Taken before closing: answered. After: refused, never cut or failed.
    expect(failed, server.output).toEqual([])
    expect(ok.size).toBeGreaterThanOrEqual(60)
    // Requests in flight when the signal came were finished and answered, not dropped.
    expect([...outcomes.values()].filter((o) => o.kind === 'ok' && o.at > signalled).length).toBeGreaterThan(0)
    // Each worker went on until refused (or its connection ended unanswered: then nothing was applied, checked below).
    expect([...outcomes.values()].filter((o) => o.kind === 'refused' || o.kind === 'cut').length).toBe(8)

    // After a restart every answered request replays the same bytes.
    await server.start()
    for (const [key, text] of ok) expect((await send(key)).text, key).toBe(text)
    const balance = JSON.parse(await (await fetch(`${base}/api/app/user/getBalance`, { headers: { authorization: token } })).text()).data.balance
    const okBets = [...ok].filter(([k]) => k.startsWith('s-b'))
    const okTransfers = [...ok].filter(([k]) => k.startsWith('s-k'))
    const lost = okBets.reduce((sum, [, text]) => {
      const bet = JSON.parse(text).data
      return sum + centavosOf(bet.amount) - centavosOf(bet.payout)
    }, 0n)
    expect(centavosOf(balance)).toBe(FUNDS - BigInt(okTransfers.length) - lost)
    await server.kill('SIGTERM')
    expect(server.exit, server.output).toEqual({ code: 0, signal: null })

    // Exactly what was answered, once; nothing of what was refused.
    const db = await openDb()
    try {
      await expectLedgerInvariant(db)
      const stored = await db.query<{ key: string; http_status: number }>(`SELECT key, http_status FROM idempotency_keys WHERE key LIKE 's-%'`)
      expect(stored.rows.map((r) => r.key).sort()).toEqual([...ok.keys()].sort())
      expect(stored.rows.every((r) => Number(r.http_status) === 200)).toBe(true)
      const bets = await db.query<{ n: bigint }>('SELECT count(*)::bigint AS n FROM casino_bets')
      expect(Number(bets.rows[0]!.n)).toBe(okBets.length)
      const transfers = await db.query<{ n: bigint }>('SELECT count(*)::bigint AS n FROM transfers')
      expect(Number(transfers.rows[0]!.n)).toBe(okTransfers.length)
    } finally {
      await db.close()
    }
  }, 120_000)
})
