import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { calls } from '../../src/shared/contract'
import type { RgStatus } from '../../src/shared/contract/rg'
import { call, startTestApp, type TestApp } from './testApp'
import { balances, bank, callKeyed, checkLedgerAfterEach, CNPJ, depositState, freshCpf, fundCash, newPlayer, pkg100, prePay, sendWebhook, type Player } from './walletHelpers'

/**
 * The Brazil-regulated profile (JURISDICTION=BR; issue 31): identity before money (an adult, the
 * phone, gender and address), the two prudential limits and the current terms before the first
 * deposit, no deposit-linked bonus, own money only (a deposit from another CPF returned, never
 * credited; no transfers; CPF withdrawals only). The spec's profile is kept apart (the last block).
 */

let t: TestApp
const TERMS = '2026-11-01'
beforeAll(async () => {
  t = await startTestApp({}, { JURISDICTION: 'BR', TERMS_VERSION: TERMS })
})
afterAll(() => t.close())
checkLedgerAfterEach(() => t)

const ADDRESS = { cep: '01310-100', street: 'Avenida Paulista', number: '1000', city: 'São Paulo', state: 'SP' }
const kycBody = (cpf: string, extra: Record<string, unknown> = {}) => ({ name: 'Ana Souza', cardNo: cpf, birthDate: '1990-05-20', phone: '+55 11 98765-4321', gender: 'F', address: ADDRESS, ...extra })
const kyc = (p: Player, body: Record<string, unknown>) => call(t, calls.updateKyc, { token: p.token, body })

/** A BR player verified, with the two required limits set and the terms accepted (ready to deposit). */
async function readyPlayer(): Promise<Player & { cpf: string }> {
  const p = await newPlayer(t)
  const cpf = freshCpf()
  expect((await kyc(p, kycBody(cpf))).body.status).toBe(200)
  expect((await callKeyed(t, calls.rgSetLimit, { token: p.token, body: { kind: 'loss', period: 'month', value: '500.00' } })).body.status).toBe(200)
  expect((await callKeyed(t, calls.rgSetLimit, { token: p.token, body: { kind: 'time', period: 'day', value: '120' } })).body.status).toBe(200)
  expect((await call(t, calls.rgAcceptTerms, { token: p.token, body: { version: TERMS } })).body.status).toBe(200)
  return { ...p, cpf }
}

describe('identity before money', () => {
  it('refuses a minor, stores nothing; needs the phone, gender and a full address with a real state; keeps them, and the registration address', async () => {
    const p = await newPlayer(t)
    const cpf = freshCpf()
    const under = new Date(t.app.deps.now() - 17 * 365.25 * 86_400_000).toISOString().slice(0, 10)
    const minor = await kyc(p, kycBody(cpf, { birthDate: under }))
    expect(minor.body.status).toBe(3316)
    for (const bad of [{ phone: '1234' }, { gender: undefined }, { address: { ...ADDRESS, state: 'XX' } }, { address: { ...ADDRESS, cep: '1' } }, { birthDate: undefined }]) {
      expect((await kyc(p, kycBody(cpf, bad))).body.status, JSON.stringify(bad)).toBe(6017)
    }
    const row = async () => (await t.db.query('SELECT kyc, card_no, birth_date, phone, gender, address, registered_ip FROM users WHERE id = $1', [p.userId])).rows[0] as Record<string, unknown>
    expect(await row()).toMatchObject({ kyc: 0, card_no: '', birth_date: null, gender: null, address: null })
    expect((await t.db.query('SELECT 1 FROM kyc_tax_ids WHERE card_no = $1', [cpf])).rows).toEqual([])
    expect((await kyc(p, kycBody(cpf))).body.status).toBe(200)
    const kept = await row()
    expect(kept).toMatchObject({ kyc: 1, card_no: cpf, phone: '+5511987654321', gender: 'F', address: { cep: '01310100', street: 'Avenida Paulista', number: '1000', city: 'São Paulo', state: 'SP' } })
    expect(String(kept.registered_ip)).toMatch(/\d/)
  })
})

describe('before the first deposit', () => {
  it('needs the monthly loss limit and the daily time limit set, and the current terms accepted; no charge is made before', async () => {
    const p = await newPlayer(t)
    expect((await kyc(p, kycBody(freshCpf()))).body.status).toBe(200)
    const pkg = await pkg100(t)
    expect((await prePay(t, p.token, pkg, 0)).body.status).toBe(6016)
    expect((await call(t, calls.rgAcceptTerms, { token: p.token, body: { version: 'old' } })).body.status).toBe(6018)
    expect((await call(t, calls.rgAcceptTerms, { token: p.token, body: { version: TERMS } })).body.status).toBe(200)
    expect(((await call(t, calls.rgStatus, { token: p.token })).body.data as RgStatus).termsAccepted).toBe(true)
    const refused = await prePay(t, p.token, pkg, 0)
    expect(refused.body.status).toBe(6013)
    await callKeyed(t, calls.rgSetLimit, { token: p.token, body: { kind: 'loss', period: 'month', value: '500.00' } })
    expect((await prePay(t, p.token, pkg, 0)).body.status).toBe(6013)
    await callKeyed(t, calls.rgSetLimit, { token: p.token, body: { kind: 'time', period: 'day', value: '120' } })
    expect((await t.db.query('SELECT 1 FROM orders WHERE user_id = $1', [p.userId])).rows).toEqual([])
    expect((await prePay(t, p.token, pkg, 0)).body.status).toBe(200)
  })
})

describe('no deposit-linked bonus', () => {
  it('lists the plain amounts, no promotional package; refuses a gift and a promotional package; offers no second-deposit gift', async () => {
    const p = await readyPlayer()
    const prices = (await call(t, calls.getPrices, { token: p.token, query: {} })).body.data as { gift: number; curreny: string }[]
    expect(prices.length).toBeGreaterThan(0)
    for (const pkg of prices) expect(pkg).toMatchObject({ gift: 0, curreny: 'BRL' })
    expect((await prePay(t, p.token, await pkg100(t), 1)).body.status).toBe(6014)
    const promo = (await t.db.query<{ id: number }>("SELECT id FROM price_packages WHERE currency = 'INSBRL' LIMIT 1")).rows[0]!.id
    expect((await prePay(t, p.token, promo, 0)).body.status).toBe(6014)
    expect((await call(t, calls.userGift, { token: p.token, query: {} })).body.data).toBe(0)
  })
})

describe('own money only', () => {
  it('a deposit paid from another CPF is not credited and is returned once, even when its webhook comes twice; one from the own CPF is credited', async () => {
    const p = await readyPlayer()
    const order = await prePay(t, p.token, await pkg100(t), 0)
    expect(order.body.status).toBe(200)
    const before = await balances(t, p.userId)
    const paid = await bank(t).pay(order.body.data.payNo, { payer: { cpf: freshCpf(), nome: 'Outra Pessoa' } })
    expect(paid.outcome).toBe('paid')
    // The PSP tells the same payment again: still one refund, nothing credited.
    const again = await sendWebhook(t, { pix: [{ endToEndId: paid.e2eId, txid: order.body.data.payNo, valor: '100.00', horario: new Date(t.app.deps.now()).toISOString() }] })
    expect(again.http).toBe(200)
    expect(await balances(t, p.userId)).toEqual(before)
    expect(await depositState(t, order.body.data.payNo)).toBe('01')
    const refunds = await t.db.query<{ reason: string; amount: bigint }>('SELECT reason, amount FROM pix_refunds WHERE e2e_id = $1', [paid.e2eId])
    expect(refunds.rows.map((r) => [r.reason, BigInt(r.amount)])).toEqual([['payer_not_owner', 10_000n]])
    expect((await t.db.query('SELECT close_reason FROM orders WHERE pay_no = $1', [order.body.data.payNo])).rows[0]).toEqual({ close_reason: 'payer_not_owner' })

    const own = await prePay(t, p.token, await pkg100(t), 0)
    expect((await bank(t).pay(own.body.data.payNo, { payer: { cpf: p.cpf, nome: 'Ana Souza' } })).outcome).toBe('paid')
    expect(await depositState(t, own.body.data.payNo)).toBe('10')
    expect((await balances(t, p.userId)).cash).toBe(before.cash + 10_000n)
  })

  it('no transfers between players, and withdrawals to the own CPF only (no CNPJ, no USDT)', async () => {
    const p = await readyPlayer()
    await fundCash(t, p.userId, 100_00n)
    const other = await newPlayer(t)
    const transfer = await callKeyed(t, calls.transfer, { token: p.token, body: { toUser: other.email, amount: '10.00' } })
    expect(transfer.body.status).toBe(6015)
    expect((await balances(t, p.userId)).cash).toBe(100_00n)
    const info = (await call(t, calls.getWithdraw, { token: p.token, query: {} })).body.data as { types: string[] }
    expect(info.types).toEqual(['CPF'])
    await t.db.query("UPDATE users SET lx = '20' WHERE id = $1", [p.userId])
    for (const payCardBank of ['CNPJ', 'USDT']) {
      const res = await callKeyed(t, calls.withdraw, { token: p.token, body: { payCardBank, payCardNo: payCardBank === 'CNPJ' ? CNPJ : 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL', name: 'Ana Souza', amount: '50.00', whatsapp: '11987654321' } })
      expect(res.body.status, payCardBank).not.toBe(200)
    }
    expect((await balances(t, p.userId)).hold).toBe(0n)
  })
})

describe('what the app is told', () => {
  it('appInfo names the profile, the government self-exclusion platform and the terms version', async () => {
    const info = (await call(t, calls.appInfo, { query: {} })).body.data
    expect(info).toMatchObject({ jurisdiction: 'BR', termsVersion: TERMS })
    expect(String(info.selfExclusionUrl)).toMatch(/^https:\/\/www\.gov\.br\//)
  })
})

describe("the spec's profile (JURISDICTION unset)", () => {
  let spec: TestApp
  beforeAll(async () => {
    spec = await startTestApp()
  })
  afterAll(() => spec.close())

  it('asks only the name and CPF, still refuses a minor when a birth date is given, and offers the gift packages', async () => {
    const p = await newPlayer(spec)
    const under = new Date(spec.app.deps.now() - 17 * 365.25 * 86_400_000).toISOString().slice(0, 10)
    expect((await call(spec, calls.updateKyc, { token: p.token, body: { name: 'Ana Souza', cardNo: freshCpf(), birthDate: under } })).body.status).toBe(3316)
    expect((await call(spec, calls.updateKyc, { token: p.token, body: { name: 'Ana Souza', cardNo: freshCpf() } })).body.status).toBe(200)
    const prices = (await call(spec, calls.getPrices, { token: p.token, query: {} })).body.data as { gift: number }[]
    expect(prices.some((x) => x.gift > 0)).toBe(true)
    expect((await call(spec, calls.appInfo, { query: {} })).body.data).toMatchObject({ jurisdiction: null, selfExclusionUrl: null, termsVersion: null })
    expect(((await call(spec, calls.rgStatus, { token: p.token })).body.data as RgStatus).termsAccepted).toBe(true)
  })
})
