import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { calls } from '../../src/shared/contract'
import { call, startTestApp, type TestApp } from './testApp'
import { balances, callKeyed, checkLedgerAfterEach, CPF, fundCash, idem, verifiedPlayer } from './walletHelpers'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(() => t.close())
checkLedgerAfterEach(() => t)

const transfers = async (userId: bigint) =>
  Number((await t.db.query<{ n: bigint }>('SELECT count(*)::bigint AS n FROM transfers WHERE from_user = $1', [userId])).rows[0]!.n)

describe('idempotency keys', () => {
  it('a money-moving call without a key, or with a bad one, is refused with 428 and moves nothing', async () => {
    const a = await verifiedPlayer(t)
    const b = await verifiedPlayer(t)
    await fundCash(t, a.userId, 1_000n)
    const body = { toUser: b.email, amount: '1.00' }
    const none = await call(t, calls.transfer, { token: a.token, body })
    expect(none.http).toBe(428)
    expect(none.body).toMatchObject({ status: 1428, msg: 'Esta operação precisa do cabeçalho Idempotency-Key' })
    for (const key of ['', 'x'.repeat(101), 'has space', 'ção']) {
      const res = await call(t, calls.transfer, { token: a.token, body, headers: { 'idempotency-key': key } })
      expect(res.http, JSON.stringify(key)).toBe(428)
    }
    expect((await callKeyed(t, calls.transfer, { token: a.token, body, key: 'k'.repeat(100) })).body.status).toBe(200)
    expect(await transfers(a.userId)).toBe(1)
  })

  it('a replay answers the first reply, byte for byte, and moves nothing', async () => {
    const a = await verifiedPlayer(t)
    const b = await verifiedPlayer(t)
    await fundCash(t, a.userId, 1_000n)
    const key = idem()
    const first = await callKeyed(t, calls.transfer, { token: a.token, key, body: { toUser: b.email, amount: '2.50' } })
    expect(first.http).toBe(200)
    expect(first.body.data.balance).toBe(7.5)
    // Same request in another form (number instead of text, loading flag, other language): still a replay.
    const again = await callKeyed(t, calls.transfer, { token: a.token, key, body: { toUser: b.email.toUpperCase(), amount: 2.5, loading: false }, headers: { lang: 'en_US' } })
    expect(again.http).toBe(200)
    expect(again.raw).toBe(first.raw)
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(await transfers(a.userId)).toBe(1)
    expect(await balances(t, a.userId)).toMatchObject({ cash: 750n })
  })

  it('a refusal is stored and replayed too, even once the cause is gone', async () => {
    const a = await verifiedPlayer(t)
    const b = await verifiedPlayer(t)
    const key = idem()
    const first = await callKeyed(t, calls.transfer, { token: a.token, key, body: { toUser: b.email, amount: '5.00' } })
    expect(first.http).toBe(402)
    expect(first.body.status).toBe(9999)
    await fundCash(t, a.userId, 1_000n)
    const again = await callKeyed(t, calls.transfer, { token: a.token, key, body: { toUser: b.email, amount: '5.00' } })
    expect([again.http, again.raw]).toEqual([402, first.raw])
    expect(await transfers(a.userId)).toBe(0)
    // A new key is a new request.
    expect((await callKeyed(t, calls.transfer, { token: a.token, body: { toUser: b.email, amount: '5.00' } })).http).toBe(200)
  })

  it('the same key with a different body gets 422 and moves nothing', async () => {
    const a = await verifiedPlayer(t)
    const b = await verifiedPlayer(t)
    const c = await verifiedPlayer(t)
    await fundCash(t, a.userId, 1_000n)
    const key = idem()
    expect((await callKeyed(t, calls.transfer, { token: a.token, key, body: { toUser: b.email, amount: '1.00' } })).http).toBe(200)
    for (const body of [{ toUser: b.email, amount: '2.00' }, { toUser: c.email, amount: '1.00' }]) {
      const res = await callKeyed(t, calls.transfer, { token: a.token, key, body })
      expect(res.http).toBe(422)
      expect(res.body).toMatchObject({ status: 1422, msg: 'Esta chave de idempotência já foi usada com outros dados' })
    }
    // Another call with the same key is another request too.
    const other = await callKeyed(t, calls.withdraw, { token: a.token, key, body: { payCardBank: 'CPF', payCardNo: CPF.a, amount: '30' } })
    expect(other.http).toBe(422)
    expect(await transfers(a.userId)).toBe(1)
    expect(await balances(t, a.userId)).toMatchObject({ cash: 900n, hold: 0n })
  })

  it('keys are scoped to the user: two users may use the same key', async () => {
    const a = await verifiedPlayer(t)
    const b = await verifiedPlayer(t)
    await fundCash(t, a.userId, 1_000n)
    await fundCash(t, b.userId, 1_000n)
    const key = 'shared-key-1'
    expect((await callKeyed(t, calls.transfer, { token: a.token, key, body: { toUser: b.email, amount: '1.00' } })).http).toBe(200)
    expect((await callKeyed(t, calls.transfer, { token: b.token, key, body: { toUser: a.email, amount: '3.00' } })).http).toBe(200)
    expect(await balances(t, a.userId)).toMatchObject({ cash: 1_200n })
    expect(await balances(t, b.userId)).toMatchObject({ cash: 800n })
  })

  it('concurrent duplicates wait for the first and all get its reply; the money moves once', async () => {
    const a = await verifiedPlayer(t)
    const b = await verifiedPlayer(t)
    await fundCash(t, a.userId, 10_000n)
    const key = idem()
    const results = await Promise.all(
      Array.from({ length: 20 }, () => callKeyed(t, calls.transfer, { token: a.token, key, body: { toUser: b.email, amount: '10.00' } })),
    )
    expect(new Set(results.map((r) => r.http))).toEqual(new Set([200]))
    expect(new Set(results.map((r) => r.raw)).size).toBe(1)
    expect(results.filter((r) => r.headers['idempotent-replayed'] !== 'true')).toHaveLength(1)
    expect(await transfers(a.userId)).toBe(1)
    expect(await balances(t, b.userId)).toMatchObject({ cash: 1_000n })
    // Concurrent duplicates with a different body: the first wins, the others get 422.
    const key2 = idem()
    const mixed = await Promise.all(
      Array.from({ length: 10 }, (_, i) => callKeyed(t, calls.transfer, { token: a.token, key: key2, body: { toUser: b.email, amount: i === 0 ? '1.00' : '2.00' } })),
    )
    const ok = mixed.filter((r) => r.http === 200)
    expect(ok.length).toBeGreaterThanOrEqual(1)
    expect(mixed.every((r) => r.http === 200 || r.http === 422)).toBe(true)
    expect(await transfers(a.userId)).toBe(2)
  })

  it('a validation error is not stored: the key stays free for a corrected request', async () => {
    const a = await verifiedPlayer(t)
    const b = await verifiedPlayer(t)
    await fundCash(t, a.userId, 1_000n)
    const key = idem()
    expect((await callKeyed(t, calls.transfer, { token: a.token, key, body: { toUser: b.email, amount: '1.005' } })).http).toBe(400)
    expect((await callKeyed(t, calls.transfer, { token: a.token, key, body: { toUser: b.email, amount: '1.00' } })).http).toBe(200)
  })
})
