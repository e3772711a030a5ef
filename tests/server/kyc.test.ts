import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { calls } from '../../src/shared/contract'
import { login } from './flows'
import { call, snapshotDb, startTestApp, type TestApp } from './testApp'
import { checkLedgerAfterEach, CPF, freshCpf, newPlayer, verifiedPlayer, type Player } from './walletHelpers'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(() => t.close())
checkLedgerAfterEach(() => t)

const kyc = (p: Player | string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  call(t, calls.updateKyc, { token: typeof p === 'string' ? p : p.token, body, headers })
const info = async (p: Player) => (await call(t, calls.userInfo, { token: p.token })).body.data

describe('KYC', () => {
  it('a name and a CPF with valid check digits verify the account (kyc 1)', async () => {
    const p = await newPlayer(t)
    expect((await info(p)).kyc).toBe(0)
    const res = await kyc(p, { name: '  Ana   Souza ', cardNo: '529.982.247-25' })
    expect(res.body).toEqual({ status: 200, msg: 'Identidade verificada com sucesso', data: null })
    expect(await info(p)).toMatchObject({ kyc: 1, name: 'Ana Souza' })
    const row = (await t.db.query('SELECT card_no FROM users WHERE id = $1', [p.userId])).rows[0]
    expect(row).toEqual({ card_no: CPF.a })
  })

  it('a verified identity is final: the same data again is OK and writes nothing; another name or CPF is refused', async () => {
    const p = await newPlayer(t)
    expect((await kyc(p, { name: 'Bruno Lima', cardNo: CPF.b })).body.status).toBe(200)
    const before = await snapshotDb(t.db)
    // The same data again (spelled with the CPF mask and extra spaces): OK, nothing written.
    const again = await kyc(p, { name: ' Bruno  Lima ', cardNo: '111.444.777-35' })
    expect(again.body).toEqual({ status: 200, msg: 'Identidade verificada com sucesso', data: null })
    expect(await snapshotDb(t.db)).toBe(before)
    // The old hole: the same CPF with another name used to rename the verified account.
    const renamed = await kyc(p, { name: 'Carlos Pereira', cardNo: CPF.b })
    expect([renamed.http, renamed.body.status, renamed.body.msg]).toEqual([409, 3303, 'Sua identidade já foi verificada: o nome e o CPF não podem ser alterados'])
    const other = await kyc(p, { name: 'Bruno Lima', cardNo: freshCpf() })
    expect([other.http, other.body.status]).toEqual([409, 3303])
    expect(await snapshotDb(t.db)).toBe(before)
    expect(await info(p)).toMatchObject({ kyc: 1, name: 'Bruno Lima' })
    // The database holds to it too, whatever code path would write the row.
    await expect(t.db.query(`UPDATE users SET name = 'Outro' WHERE id = $1`, [p.userId])).rejects.toThrow(/cannot change/)
  })

  it('refuses a CPF whose check digits fail, and a missing name or CPF, leaving kyc at 0', async () => {
    const p = await newPlayer(t)
    let res = await kyc(p, { name: 'Ana', cardNo: '52998224724' })
    expect([res.http, res.body.status, res.body.msg]).toEqual([400, 3108, 'CPF inválido: confira os números'])
    expect((await kyc(p, { name: 'Ana', cardNo: '11111111111' })).body.status).toBe(3108)
    res = await kyc(p, { name: '', cardNo: CPF.b })
    expect([res.body.status, res.body.msg]).toEqual([3301, 'Informe o nome completo e o CPF'])
    expect((await kyc(p, { cardNo: CPF.b })).body.status).toBe(3301)
    expect((await kyc(p, { name: 'Ana' })).body.status).toBe(3301)
    expect((await kyc(p, {})).body.status).toBe(3301)
    expect((await kyc(p, { name: 'Ana', cardNo: '1'.repeat(33) })).http).toBe(400)
    expect((await info(p)).kyc).toBe(0)
  })

  it('one CPF belongs to one account, and a verified account keeps its CPF', async () => {
    const a = await newPlayer(t)
    const b = await newPlayer(t)
    expect((await kyc(a, { name: 'Ana', cardNo: CPF.c })).body.status).toBe(200)
    const taken = await kyc(b, { name: 'Bia', cardNo: '123.456.789-09' })
    expect([taken.http, taken.body.status, taken.body.msg]).toEqual([409, 3302, 'Este CPF já está vinculado a outra conta'])
    // Nothing in the refusal says whose account holds it.
    const aInfo = await info(a)
    expect(taken.raw).not.toContain(a.email)
    expect(taken.raw).not.toContain(String(aInfo.uId))
    expect(taken.body.data).toBeNull()
    expect((await kyc(b, { name: 'Bia', cardNo: CPF.c }, { lang: 'en_US' })).body.msg).toBe('This CPF is already linked to another account')
    expect((await info(b)).kyc).toBe(0)
    const change = await kyc(a, { name: 'Ana', cardNo: CPF.d })
    expect([change.http, change.body.status]).toEqual([409, 3303])
    // Two accounts racing for one CPF: one wins.
    const c = await newPlayer(t)
    const d = await newPlayer(t)
    const race = await Promise.all([kyc(c, { name: 'C', cardNo: CPF.d }), kyc(d, { name: 'D', cardNo: CPF.d })])
    expect(race.map((r) => r.body.status).sort()).toEqual([200, 3302])
  })

  it('cannot be used to list registered CPFs: five taken CPFs a day per account, then every submission waits (429)', async () => {
    const holders = []
    for (let i = 0; i < 6; i++) holders.push(await verifiedPlayer(t))
    const prober = await newPlayer(t)
    for (const h of holders.slice(0, 5)) expect((await kyc(prober, { name: 'Eva', cardNo: h.cpf })).body.status).toBe(3302)
    // The sixth probe, taken or free, gets no answer about the CPF.
    const sixth = await kyc(prober, { name: 'Eva', cardNo: holders[5]!.cpf })
    expect([sixth.http, sixth.body.status]).toEqual([429, 1429])
    const free = await kyc(prober, { name: 'Eva', cardNo: freshCpf() })
    expect([free.http, free.body.status]).toEqual([429, 1429])
    expect((await info(prober)).kyc).toBe(0)
    // Another account is not affected, and the day passes.
    expect((await kyc(await newPlayer(t), { name: 'Rui', cardNo: freshCpf() })).body.status).toBe(200)
    t.advance(86_400_000 + 1_000)
    expect((await kyc(prober, { name: 'Eva', cardNo: freshCpf() })).body.status).toBe(200)
  })

  it('test accounts cannot claim a CPF', async () => {
    const p = await newPlayer(t)
    const demo = (await call(t, calls.getUserTest, { token: p.token })).body.data
    const token = (await login(t, demo.username, demo.pwd)).body.data.access_token
    expect((await kyc(token, { name: 'Demo', cardNo: CPF.b })).body.status).toBe(2009)
  })
})
