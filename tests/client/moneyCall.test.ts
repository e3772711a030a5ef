import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { calls, type Bet } from '../../src/shared/contract'
import { setApiBase } from '../../src/client/store/api'
import { CallFailed } from '../../src/client/store/errors'
import { moneyCall } from '../../src/client/store/moneyCall'
import { store } from '../../src/client/store/store'
import { playMoneyServer } from './playMoneyServer'

/**
 * moneyCall against the real server and database, through a real local HTTP proxy that can lose an
 * answer: it forwards the request, lets the server act and reply, then drops the connection
 * instead of passing the reply on (what a phone losing its signal sees).
 */
let server: Awaited<ReturnType<typeof playMoneyServer>>
let proxy: http.Server
/** Each request the proxy saw: path and Idempotency-Key. */
let seen: { path: string; key: string | undefined }[] = []
/** How many of the next answers the proxy drops after the server has acted. */
let lose = 0

beforeAll(async () => {
  server = await playMoneyServer('money', { ROUNDS: 'off' })
  expect(server.loggedIn).toBe(true)
  const upstream = new URL(server.base)
  proxy = http.createServer((req, res) => {
    seen.push({ path: req.url ?? '', key: req.headers['idempotency-key'] as string | undefined })
    const forward = http.request({ host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: req.headers }, (answer) => {
      const chunks: Buffer[] = []
      answer.on('data', (c: Buffer) => chunks.push(c))
      answer.on('end', () => {
        if (lose > 0) {
          lose--
          req.socket.destroy()
          return
        }
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        res.end(Buffer.concat(chunks))
      })
    })
    req.pipe(forward)
  })
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
  setApiBase(`http://127.0.0.1:${(proxy.address() as AddressInfo).port}`)
})
afterAll(async () => {
  await new Promise((resolve) => proxy.close(resolve))
  await server.close()
})

/** The player's dice bets as the server's records have them (asked directly, not through the proxy). */
async function diceBetsOnServer(): Promise<number> {
  const res = await fetch(`${server.base}/api/app/order/records?type=41`, { headers: { authorization: store.session.token! } })
  const body = (await res.json()) as { data: { records: { game?: string }[] } }
  return body.data.records.filter((r) => r.game === 'dice').length
}

const diceBody = (amount: string) => ({ amount, target: '50.50', condition: 'under' })
const betsSent = () => seen.filter((s) => s.path.startsWith('/api/app/casino/dice/bet'))

describe('moneyCall', () => {
  it('a lost answer is sent again with the same key: the bet is made once and its reply arrives', async () => {
    seen = []
    const before = await diceBetsOnServer()
    lose = 1
    const bet = await moneyCall<Bet>(calls.diceBet, { body: diceBody('1.00'), loading: false, retryDelaysMs: [50, 50] })
    const sent = betsSent()
    expect(sent).toHaveLength(2)
    expect(sent[0]!.key).toMatch(/^[\x21-\x7e]{1,100}$/)
    expect(sent[1]!.key).toBe(sent[0]!.key)
    expect(await diceBetsOnServer()).toBe(before + 1)
    expect(bet.amount).toBe(1)
  })

  it('a refusal is an answer: not sent again', async () => {
    seen = []
    const before = await diceBetsOnServer()
    // More than the test account's R$ 1.000: refused.
    const failed = await moneyCall<Bet>(calls.diceBet, { body: diceBody('5000.00'), loading: false, retryDelaysMs: [50, 50] }).catch((e: unknown) => e)
    expect(failed).toBeInstanceOf(CallFailed)
    expect((failed as CallFailed).status).toBeGreaterThan(0)
    expect(betsSent()).toHaveLength(1)
    expect(await diceBetsOnServer()).toBe(before)
  })

  it('retries a bounded number of times, always with the action\'s key; each action has its own key', async () => {
    seen = []
    lose = 5
    const failed = await moneyCall<Bet>(calls.diceBet, { body: diceBody('1.00'), loading: false, retryDelaysMs: [50, 50] }).catch((e: unknown) => e)
    expect(failed).toBeInstanceOf(CallFailed)
    expect((failed as CallFailed).status).toBe(-1)
    const sent = betsSent()
    expect(sent).toHaveLength(3)
    expect(new Set(sent.map((s) => s.key)).size).toBe(1)
    lose = 0
    // The server made that bet once (its first send); a new action is a new bet with a new key.
    await moneyCall<Bet>(calls.diceBet, { body: diceBody('1.00'), loading: false })
    const keys = betsSent().map((s) => s.key)
    expect(keys).toHaveLength(4)
    expect(keys[3]).not.toBe(keys[0])
  })
})
