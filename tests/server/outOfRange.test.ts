import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { calls, type CallDef, type CallName } from '../../src/shared/contract'
import { SANDBOX_PAGE_PREFIX, WEBHOOK_PREFIX } from '../../src/server/payments/buildProviders'
import { call, startTestApp, type CallOptions, type TestApp } from './testApp'
import { callKeyed, fundCash, newPlayer, type Player } from './walletHelpers'

/**
 * Ids and numbers out of range, concrete cases per route: beyond int4 and int8, negative,
 * zero, huge pages. Each is a 4xx envelope (not found or a validation message), never a 500.
 * (The property-based fuzzer covers the random space; these are the edges it might miss.)
 */

let t: TestApp
let player: Player

const INT4_OVER = '2147483648'
const INT8_MAX = '9223372036854775807'
const INT8_OVER = '9223372036854775808'
const TWENTY_NINES = '99999999999999999999'

interface Case {
  name: CallName
  opts: CallOptions
}

const cases: Case[] = [
  ...['100000000', '-1', INT4_OVER, INT8_OVER, TWENTY_NINES, '1e309'].map((codeId) => ({ name: 'captcha' as const, opts: { params: { codeId } } })),
  ...['36', '-1', INT4_OVER, INT8_OVER, TWENTY_NINES].map((index) => ({ name: 'setHeader' as const, opts: { params: { index } } })),
  ...['0', '-1', INT4_OVER, INT8_MAX, INT8_OVER, TWENTY_NINES].map((pkgId) => ({
    name: 'prePay' as const,
    opts: { params: { pkgId }, body: { gift: 1, pkgId: 1, isapp: 0 } },
  })),
  ...[`D${INT8_MAX}`, `D${INT8_OVER}`, `D${TWENTY_NINES}`, 'D0', 'D-1', `W${INT8_MAX}`, `D${'9'.repeat(63)}`].flatMap((orderId) => [
    { name: 'getStatus' as const, opts: { params: { orderId } } },
    { name: 'cancelPay' as const, opts: { params: { orderId }, body: {} } },
  ]),
  ...['0', INT4_OVER, INT8_MAX, INT8_OVER, '9999999999999999999'].map((betId) => ({ name: 'casinoBet' as const, opts: { params: { betId } } })),
  ...[`D${INT8_MAX}`, `W${INT8_OVER}`, `T${INT8_MAX}`, `L${INT8_MAX}`, 'L0', `L${'9'.repeat(18)}`].map((id) => ({ name: 'record' as const, opts: { params: { id } } })),
  ...([
    { page: '0' },
    { page: '-1' },
    { page: '100001' },
    { page: INT8_OVER },
    { size: '0' },
    { size: '101' },
    { from: '0001-01-01', to: '9999-12-31' },
    { from: '9999-12-31' },
    { to: '0001-01-01' },
    { to: '9999-12-31' },
  ] as Record<string, string>[]).flatMap((query) => [
    { name: 'records' as const, opts: { query } },
    ...('page' in query || 'size' in query ? [{ name: 'casinoBets' as const, opts: { query } }] : []),
  ]),
  ...[INT8_MAX, '999999999999999999', '0', TWENTY_NINES].map((toUser) => ({ name: 'transfer' as const, opts: { body: { toUser, amount: '1.00' } } })),
  ...['999999999999.99', '9999999999999.99', '0.001', '-1'].flatMap((amount) => [
    { name: 'transfer' as const, opts: { body: { toUser: 'nobody@example.com', amount } } },
    { name: 'diceBet' as const, opts: { body: { amount, target: '50.00', condition: 'over' } } },
    { name: 'limboBet' as const, opts: { body: { amount, target: '2.00' } } },
    { name: 'minesStart' as const, opts: { body: { amount, mines: 3 } } },
    {
      name: 'withdraw' as const,
      opts: { body: { payCardBank: 'CPF', payCardNo: '52998224725', ifsc: '52998224725', name: 'Ana Souza', amount, whatsapp: '11999999999' } },
    },
  ]),
  ...['100.00', '99.99', '0', '-1', '1e308'].map((target) => ({ name: 'diceBet' as const, opts: { body: { amount: '1.00', target, condition: 'over' } } })),
  ...['1.00', '0', '1e308', '99999999999999999999'].map((target) => ({ name: 'limboBet' as const, opts: { body: { amount: '1.00', target } } })),
  ...[0, 25, -1, 2 ** 31, 2 ** 63].map((mines) => ({ name: 'minesStart' as const, opts: { body: { amount: '1.00', mines } } })),
  ...[25, -1, 2 ** 31, 2 ** 63].map((tile) => ({ name: 'minesReveal' as const, opts: { body: { tile } } })),
]

beforeAll(async () => {
  t = await startTestApp()
  player = await newPlayer(t)
  await fundCash(t, player.userId, 10_000n)
})
afterAll(() => t.close())

describe('out-of-range ids and numbers', () => {
  for (const c of cases) {
    const label = `${c.name} ${JSON.stringify(c.opts.params ?? c.opts.query ?? c.opts.body)}`
    it(`${label} is a 4xx envelope`, async () => {
      const def: CallDef = calls[c.name]
      const opts = { token: player.token, ...c.opts }
      const res = def.idempotent ? await callKeyed(t, def, opts) : await call(t, def, opts)
      if (res.http === 200) return // a valid value the call may simply accept (e.g. a far-off date range)
      expect(res.http, res.raw).toBeGreaterThanOrEqual(400)
      expect(res.http, res.raw).toBeLessThan(500)
      expect(res.body.msg.length, res.raw).toBeGreaterThan(0)
    })
  }

  it('the sandbox pay page and the webhook refuse ids out of range with a 4xx', async () => {
    for (const url of [
      `${SANDBOX_PAGE_PREFIX}/${'A'.repeat(33)}`,
      `${SANDBOX_PAGE_PREFIX}/${TWENTY_NINES}`,
      `${SANDBOX_PAGE_PREFIX}/%00`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url })
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400)
      expect(res.statusCode, url).toBeLessThan(500)
    }
    const hook = await t.app.inject({ method: 'POST', url: `${WEBHOOK_PREFIX}/${'x'.repeat(150)}`, payload: '{}', headers: { 'content-type': 'application/json' } })
    expect(hook.statusCode).toBeGreaterThanOrEqual(400)
    expect(hook.statusCode).toBeLessThan(500)
  })
})
