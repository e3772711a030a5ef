import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatInstant } from '../../src/server/i18n/formatTime'
import { creditVipAwards } from '../../src/server/loyalty/vip/awards'
import { calls } from '../../src/shared/contract'
import { login, registerUser } from './flows'
import { call, readOutbox, startTestApp, type TestApp } from './testApp'
import { balances, callKeyed, checkLedgerAfterEach, fundCash, pkg100, prePay, verifiedPlayer, type Player } from './walletHelpers'

/**
 * Player protection (issue 31): a pause or self-exclusion a player sets on themselves. At once it
 * stops bets (every path reads it in wallet_bets), deposits, transfers and reward claims, and an
 * e-mail says until when; login, records and withdrawals stay open; it can only be made longer, an
 * indefinite exclusion never ends; the same e-mail or CPF cannot open another account meanwhile.
 */

let t: TestApp
const DAY = 86_400_000
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(() => t.close())
checkLedgerAfterEach(() => t)

async function funded(): Promise<Awaited<ReturnType<typeof verifiedPlayer>>> {
  const p = await verifiedPlayer(t)
  await fundCash(t, p.userId, 10_000n)
  return p
}
const dice = (p: Player) => callKeyed(t, calls.diceBet, { token: p.token, body: { amount: '1.00', target: '50.50', condition: 'over' } })
const status = async (p: Player) => (await call(t, calls.rgStatus, { token: p.token })).body.data as { pausedUntil: number | null; excludedUntil: number | null; indefinite: boolean }
/** Signs in again (a block leaves login open; a new login ends the player's other sessions). */
async function signIn(p: Player): Promise<void> {
  const res = await login(t, p.email, p.pwd)
  expect(res.body.status).toBe(200)
  p.token = res.body.data.access_token
}
/** The last e-mail to the player, its quoted-printable text decoded. */
const mailText = (p: Player) =>
  Buffer.from((readOutbox(t.config, p.email) ?? '').replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8')
const blocks = async (p: Player) => Number((await t.db.query<{ n: bigint }>('SELECT count(*)::bigint AS n FROM rg_blocks WHERE user_id = $1', [p.userId])).rows[0]!.n)

describe('pause', () => {
  it('blocks bets, deposits, transfers and the daily reward at once, says why and until when, by e-mail too; withdrawals and login stay open; it ends on time', async () => {
    const p = await funded()
    const asked = t.app.deps.now()
    const paused = await callKeyed(t, calls.rgPause, { token: p.token, body: { days: 7 } })
    expect(paused.body.status).toBe(200)
    expect(paused.body.data.pausedUntil - asked).toBeGreaterThanOrEqual(7 * DAY)
    expect(paused.body.data.pausedUntil - asked).toBeLessThan(7 * DAY + 5000)
    expect(await status(p)).toMatchObject({ pausedUntil: paused.body.data.pausedUntil, excludedUntil: null, indefinite: false })
    expect(mailText(p)).toContain(`Sua pausa no jogo começou agora e vai até ${formatInstant(new Date(paused.body.data.pausedUntil), 'pt_BR')} (horário de Brasília)`)

    const before = await balances(t, p.userId)
    const bet = await dice(p)
    expect([bet.http, bet.body.status]).toEqual([403, 6004])
    expect(bet.body.msg).toMatch(/^Você pausou o jogo até \d{2}\/\d{2}\/\d{4}/)
    expect((await prePay(t, p.token, await pkg100(t), 0)).body.status).toBe(6004)
    expect((await callKeyed(t, calls.transfer, { token: p.token, body: { toUser: 'someone@example.com', amount: '1.00' } })).body.status).toBe(6004)
    expect((await callKeyed(t, calls.signinClaim, { token: p.token, body: {} })).body.status).toBe(6004)
    expect(await balances(t, p.userId)).toEqual(before)

    await signIn(p)
    const out = await callKeyed(t, calls.withdraw, { token: p.token, body: { payCardBank: 'CPF', payCardNo: p.cpf, ifsc: '', name: p.name, amount: '30', whatsapp: '11999990000' } })
    expect(out.body.status, out.raw).toBe(200)

    t.advance(7 * DAY + 5000)
    await signIn(p)
    expect(await status(p)).toMatchObject({ pausedUntil: null, excludedUntil: null, indefinite: false })
    expect((await dice(p)).body.status).toBe(200)
  })

  it('can be made longer, never shorter; a wrong number of days is refused', async () => {
    const p = await funded()
    expect((await callKeyed(t, calls.rgPause, { token: p.token, body: { days: 7 } })).body.status).toBe(200)
    expect((await callKeyed(t, calls.rgPause, { token: p.token, body: { days: 1 } })).body.status).toBe(6006)
    expect((await callKeyed(t, calls.rgPause, { token: p.token, body: { days: 30 } })).body.status).toBe(200)
    expect((await callKeyed(t, calls.rgPause, { token: p.token, body: { days: 2 } })).http).toBe(400)
    expect(await blocks(p)).toBe(2)
  })
})

describe('self-exclusion', () => {
  it('needs the password: a wrong one records nothing', async () => {
    const p = await funded()
    const res = await callKeyed(t, calls.rgExclusion, { token: p.token, body: { months: 6, password: 'not-mine' } })
    expect([res.body.status, res.body.msg]).toEqual([6007, 'Senha incorreta. A autoexclusão não foi registrada.'])
    expect(await blocks(p)).toBe(0)
    expect((await dice(p)).body.status).toBe(200)
  })

  it('for 6 months: bets refused with its end, the e-mail sent, a pause cannot shorten it; the same e-mail or CPF cannot open another account', async () => {
    const p = await funded()
    const res = await callKeyed(t, calls.rgExclusion, { token: p.token, body: { months: 6, password: p.pwd } })
    expect(res.body.status).toBe(200)
    expect(res.body.data.excludedUntil - t.app.deps.now()).toBeGreaterThan(180 * DAY)
    expect(mailText(p)).toContain(`Sua autoexclusão começou agora e vai até ${formatInstant(new Date(res.body.data.excludedUntil), 'pt_BR')}`)
    const bet = await dice(p)
    expect(bet.body.status).toBe(6005)
    expect(bet.body.msg).toMatch(/^Você está autoexcluído até \d{2}\/\d{2}\/\d{4}/)
    expect((await callKeyed(t, calls.rgPause, { token: p.token, body: { days: 30 } })).body.status).toBe(6006)

    await expect(registerUser(t, { username: p.email })).rejects.toThrow(/"status":2003/)
    const other = await verifiedPlayer(t)
    const kyc = await callKeyed(t, calls.updateKyc, { token: other.token, body: { name: 'Outra Pessoa', cardNo: p.cpf } })
    expect(kyc.body.status).not.toBe(200)
  })

  it('indefinite: never ends, nothing can replace it', async () => {
    const p = await funded()
    expect((await callKeyed(t, calls.rgExclusion, { token: p.token, body: { months: null, password: p.pwd } })).body.data).toMatchObject({ pausedUntil: null, excludedUntil: null, indefinite: true })
    t.advance(3650 * DAY)
    // Ten years on (the session long gone), the player signs in again: still excluded.
    await signIn(p)
    const bet = await dice(p)
    expect([bet.body.status, bet.body.msg]).toEqual([6005, 'Você está autoexcluído por tempo indeterminado. Apostas, depósitos, transferências e bônus ficam bloqueados; saques e registros continuam disponíveis.'])
    expect((await callKeyed(t, calls.rgExclusion, { token: p.token, body: { months: 60, password: p.pwd } })).body.status).toBe(6006)
    expect(await status(p)).toMatchObject({ pausedUntil: null, excludedUntil: null, indefinite: true })
  })
})

describe('no bonus while a block stands', () => {
  it('a paused player is offered no second-deposit gift, and a VIP award waits, pending, until the pause ends', async () => {
    const p = await verifiedPlayer(t)
    expect((await call(t, calls.userGift, { token: p.token, query: {} })).body.data).toBe(1)
    expect((await callKeyed(t, calls.rgPause, { token: p.token, body: { days: 1 } })).body.status).toBe(200)
    expect((await call(t, calls.userGift, { token: p.token, query: {} })).body.data).toBe(0)
    // A level reached before the pause (its award recorded, not yet credited).
    await t.db.query('INSERT INTO vip_awards (user_id, level, award, reached_at) VALUES ($1, 1, 500, $2)', [p.userId, new Date(t.app.deps.now())])
    const credit = () => t.db.tx((q) => creditVipAwards(q, 15, new Date(t.app.deps.now()), p.userId))
    expect(await credit()).toEqual([])
    expect((await balances(t, p.userId)).bonus).toBe(0n)
    t.advance(DAY + 1000)
    expect(await credit()).toEqual([{ userId: p.userId, level: 1, award: 500n }])
    expect((await balances(t, p.userId)).bonus).toBe(500n)
  })
})

