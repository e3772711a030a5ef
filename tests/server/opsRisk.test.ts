/**
 * Risk in the operators' console (issue 35): the players with harm markers, strongest first, with
 * their last contact; a contact noted; a limit, pause or self-exclusion set at a player's request
 * through the player's own rules; notices posted from the console. Each an audit line.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { calls } from '../../src/shared/contract'
import * as ops from '../../src/shared/contract/opsConsole'
import { call, readOutbox, startTestApp, type TestApp } from './testApp'
import { callKeyed, checkLedgerAfterEach, fundCash, listen, newPlayer, recorder, socketFor, verifiedPlayer, waitFor, type Player } from './walletHelpers'
import { bootstrapAdmin, enrol, operatorOf, withCookie } from './opsHelpers'

let t: TestApp
let admin = ''
let support = ''
let risk = ''
beforeAll(async () => {
  t = await startTestApp()
  admin = (await enrol(t, (await bootstrapAdmin(t)).enrolPath)).cookie
  support = (await operatorOf(t, admin, 'support')).cookie
  risk = (await operatorOf(t, admin, 'risk')).cookie
})
afterAll(() => t.close())
checkLedgerAfterEach(() => t)

const DAY = 86_400_000
const uIdOf = async (p: Player) => String((await t.db.query<{ uid: bigint }>('SELECT uid FROM users WHERE id = $1', [p.userId])).rows[0]!.uid)
const dayAgo = (n: number) => new Date(t.now() - n * DAY).toISOString().slice(0, 10)
/** The daily markers job's rows (protection/markers.ts writes them from the day's play), for one player. */
const mark = (p: Player, daysAgo: number, marker: string, strength: number) =>
  t.db.query('INSERT INTO rg_markers (user_id, day, marker, strength) VALUES ($1, $2::date, $3, $4)', [p.userId, dayAgo(daysAgo), marker, strength])
type RiskRow = { uId: string; strength: number; markers: { marker: string; days: number; strength: number }[]; blocked: boolean; limits: number; lastContact: { channel: string; operator: string | null } | null }
const riskList = async (cookie = risk, days?: string) => call<RiskRow[]>(t, ops.opsRisk, { ...withCookie(cookie), query: days ? { days } : {} })
/** The last e-mail to the player, its quoted-printable text decoded. */
const mailText = (p: Player) =>
  Buffer.from((readOutbox(t.config, p.email) ?? '').replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8')
const auditOf = async (target: string) => (await t.db.query<{ action: string; reason: string }>('SELECT action, reason FROM ops_audit WHERE target = $1 ORDER BY id', [target])).rows

describe('the risk list', () => {
  it('lists the players with markers in the window, strongest first, with what triggered them and the last contact', async () => {
    const [weak, strong, old] = [await newPlayer(t), await newPlayer(t), await newPlayer(t)]
    await mark(weak, 2, 'night_play', 3)
    await mark(strong, 1, 'deposit_after_loss', 4)
    await mark(strong, 3, 'deposit_after_loss', 2)
    await mark(strong, 3, 'rising_deposits', 5)
    // Forty days ago: outside the 30-day window, inside a 60-day one.
    await mark(old, 40, 'limits_raised', 50)
    const [wId, sId, oId] = [await uIdOf(weak), await uIdOf(strong), await uIdOf(old)]

    const list = (await riskList()).body.data
    const mine = list.filter((r) => [wId, sId, oId].includes(r.uId))
    expect(mine.map((r) => [r.uId, r.strength])).toEqual([
      [sId, 11],
      [wId, 3],
    ])
    expect(mine[0]!.markers.map((m) => [m.marker, m.days, m.strength])).toEqual([
      ['deposit_after_loss', 2, 6],
      ['rising_deposits', 1, 5],
    ])
    expect(mine[0]!.lastContact).toBeNull()
    expect((await riskList(risk, '60')).body.data.find((r) => r.uId === oId)?.strength).toBe(50)
    for (const bad of ['6', '91', '30.5', 'x']) expect((await riskList(risk, bad)).body.status, bad).toBe(400)

    // A contact noted: on the list (who, how), on the player's page as a note, in the trail.
    const noted = await call(t, ops.opsPlayerContact, { ...withCookie(risk), params: { uId: sId }, body: { channel: 'phone', text: 'Liguei; ofereci limites de depósito' } })
    expect(noted.body.status).toBe(200)
    const after = (await riskList()).body.data.find((r) => r.uId === sId)!
    expect(after.lastContact).toMatchObject({ channel: 'phone', operator: expect.stringContaining('@') })
    const page = await call<{ notes: { text: string }[] }>(t, ops.opsPlayer, { ...withCookie(risk), params: { uId: sId } })
    expect(page.body.data.notes.map((n) => n.text)).toEqual(['Liguei; ofereci limites de depósito'])
    expect((await auditOf(`player:${sId}`)).map((a) => a.action)).toEqual(['player.contact', 'player.read'])

    // Support reads players but not the markers' list, nor notes a contact.
    expect((await riskList(support)).body.status).toBe(6403)
    expect((await call(t, ops.opsPlayerContact, { ...withCookie(support), params: { uId: wId }, body: { channel: 'email', text: 'tentativa' } })).body.status).toBe(6403)
  })
})

describe("protection at a player's request", () => {
  const dice = (p: Player) => callKeyed(t, calls.diceBet, { token: p.token, body: { amount: '1.00', target: '50.50', condition: 'over' } })
  const protect = (uId: string, body: Record<string, unknown>, cookie = risk) => call(t, ops.opsPlayerProtection, { ...withCookie(cookie), params: { uId }, body: { ...body, reason: 'pedido do jogador por telefone' } })
  const limits = async (p: Player) => (await call<{ kind: string; period: string; value: number | null; pending: { value: number | null } | null }[]>(t, calls.rgLimits, { token: p.token, query: {} })).body.data

  it('sets limits by the same rules as the player: lower at once, higher only after 24 hours', async () => {
    const p = await verifiedPlayer(t)
    const uId = await uIdOf(p)
    expect((await protect(uId, { limit: { kind: 'deposit', period: 'day', value: '100.00' } })).body.status).toBe(200)
    expect((await limits(p)).find((l) => l.kind === 'deposit' && l.period === 'day')).toMatchObject({ value: 100, pending: null })
    // A raise asked by phone waits like the player's own.
    expect((await protect(uId, { limit: { kind: 'deposit', period: 'day', value: '500.00' } })).body.status).toBe(200)
    expect((await limits(p)).find((l) => l.kind === 'deposit' && l.period === 'day')).toMatchObject({ value: 100, pending: { value: 500 } })
    // The player's own rules' refusals reach the operator.
    expect((await protect(uId, { limit: { kind: 'stake', period: 'week', value: '10.00' } })).body.status).not.toBe(200)
    expect((await protect(uId, { limit: { kind: 'time', period: 'day', value: '90' } })).body.status).toBe(200)
    const page = await call<{ limits: { kind: string; value: number | null }[] }>(t, ops.opsPlayer, { ...withCookie(risk), params: { uId } })
    expect(page.body.data.limits.find((l) => l.kind === 'time')?.value).toBe(90)
    expect((await auditOf(`player:${uId}`)).map((a) => [a.action, a.reason])).toEqual([
      ['player.limit', 'pedido do jogador por telefone'],
      ['player.limit', 'pedido do jogador por telefone'],
      ['player.limit', 'pedido do jogador por telefone'],
      ['player.read', ''],
    ])
  })

  it('pauses a player at once (bets refused, the player told by e-mail); never shorter; support may not', async () => {
    const p = await verifiedPlayer(t)
    await fundCash(t, p.userId, 5_000n)
    const uId = await uIdOf(p)
    expect((await dice(p)).body.status).toBe(200)
    expect((await protect(uId, { pause: { days: 7 } }, support)).body.status).toBe(6403)
    expect((await protect(uId, { pause: { days: 7 } })).body.status).toBe(200)
    expect((await dice(p)).body.status).toBe(6004)
    await waitFor(() => /pausa/i.test(mailText(p)))
    // Shorter than the pause in force: the player's rule (RG_BLOCK_SHORTER).
    expect((await protect(uId, { pause: { days: 1 } })).body.status).toBe(6006)
    expect((await protect(uId, { exclusion: { months: null } })).body.status).toBe(200)
    await mark(p, 1, 'night_play', 2)
    expect((await riskList()).body.data.find((r) => r.uId === uId)).toMatchObject({ strength: 2, blocked: true })
    expect((await auditOf(`player:${uId}`)).map((a) => a.action)).toEqual(['player.pause', 'player.exclusion'])
  })
})

describe('notices from the console', () => {
  it('an admin posts one: saved, sent to the players online, listed, audited; a support operator may read but not post', async () => {
    const base = await listen(t)
    const p = await newPlayer(t)
    const s = await socketFor(base, p.token)
    const got = recorder(s)
    const posted = await call<{ id: string }>(t, ops.opsNoticePost, { ...withCookie(admin), body: { text: 'Manutenção às 3h', marketing: false, reason: 'janela de manutenção' } })
    expect(posted.body.status).toBe(200)
    await waitFor(() => (got.notice ?? []).length > 0)
    expect(got.notice).toEqual([expect.objectContaining({ id: posted.body.data.id, text: 'Manutenção às 3h' })])
    s.disconnect()
    const list = await call<{ id: string; text: string; marketing: boolean }[]>(t, ops.opsNotices, withCookie(support))
    expect(list.body.data[0]).toMatchObject({ id: posted.body.data.id, text: 'Manutenção às 3h', marketing: false })
    expect(await auditOf(`notice:${posted.body.data.id}`)).toEqual([{ action: 'notice.post', reason: 'janela de manutenção' }])
    expect((await call(t, ops.opsNoticePost, { ...withCookie(support), body: { text: 'x', marketing: false, reason: 'sem papel' } })).body.status).toBe(6403)
  })
})
