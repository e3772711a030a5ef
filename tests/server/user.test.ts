import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { calls, userInfoSchema } from '../../src/shared/contract'
import { login, registerUser } from './flows'
import { call, newEmail, startTestApp, type TestApp } from './testApp'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(() => t.close())

describe('user calls', () => {
  it('userInfo carries every field of the spec, with the contract shape', async () => {
    const { token } = await registerUser(t)
    const res = await call(t, calls.userInfo, { token, query: { loading: 'false' } })
    expect(res.body.status).toBe(200)
    const parsed = userInfoSchema.safeParse(res.body.data)
    expect(parsed.success).toBe(true)
    const spec = 'uId name username email level header balance payAmount yqm time extendInfo level1Amount level2Amount level3Amount level1Person level2Person level3Person paySumAmount wdSumAmount gameSumAmount nextlevel payDiscount paypackage kyc testFlag lx gamePayAmount addPayAmount'
    for (const field of spec.split(' ')) expect(res.body.data, field).toHaveProperty(field)
  })

  it('sets the avatar within 0..35 only', async () => {
    const { token } = await registerUser(t)
    expect((await call(t, calls.setHeader, { token, params: { index: 35 } })).body).toMatchObject({ status: 200, data: { header: 35 } })
    expect((await call(t, calls.userInfo, { token })).body.data.header).toBe(35)
    for (const bad of [36, -1, 'x', 1.5]) {
      const res = await call(t, calls.setHeader, { token, params: { index: bad } })
      expect(res.http, String(bad)).toBe(400)
    }
    expect((await call(t, calls.userInfo, { token })).body.data.header).toBe(35)
  })

  it('creates a funded test account from the play-money account, with its credentials', async () => {
    const { token } = await registerUser(t)
    const res = await call<{ username: string; pwd: string; balance: number }>(t, calls.getUserTest, { token })
    expect(res.body.status).toBe(200)
    const { username, pwd, balance } = res.body.data
    expect(balance).toBe(1000)
    expect(username).toMatch(/^demo\d{8}@demo\.aposta\.test$/)
    const logged = await login(t, username, pwd)
    expect(logged.body.status).toBe(200)
    const info = (await call(t, calls.userInfo, { token: logged.body.data.access_token })).body.data
    expect(info).toMatchObject({ testFlag: '1', balance: 1000, extendInfo: { username, pwd, balance: 1000 } })
    expect((await call(t, calls.getBalance, { token: logged.body.data.access_token })).body.data.balance).toBe(1000)
    // The ledger balances: the play-money account went down by what the test account holds.
    const sums = await t.db.query<{ total: bigint; play: bigint }>(
      `SELECT (SELECT COALESCE(SUM(amount), 0)::bigint FROM ledger_entries) AS total,
              (SELECT balance FROM ledger_accounts WHERE kind = 'play_money' AND user_id IS NULL) AS play`,
    )
    expect(sums.rows[0]!.total).toBe(0n)
    expect(sums.rows[0]!.play).toBeLessThanOrEqual(-100_000n)
    // No gift offer for play money.
    expect((await call(t, calls.userGift, { token: logged.body.data.access_token })).body.data).toBe(0)
  })

  it('one test account per player: a second call answers the same account, with its balance as it is now', async () => {
    const { token } = await registerUser(t)
    const first = (await call(t, calls.getUserTest, { token })).body.data
    const demoToken = (await login(t, first.username, first.pwd)).body.data.access_token
    const bet = await call(t, calls.diceBet, { token: demoToken, body: { amount: '10.00', target: '50.00', condition: 'over' }, headers: { 'idempotency-key': 'k-demo-1' } })
    expect(bet.body.status).toBe(200)
    const second = await call(t, calls.getUserTest, { token })
    expect(second.body.status).toBe(200)
    expect(second.body.data).toMatchObject({ username: first.username, pwd: first.pwd, balance: bet.body.data.balance, balanceVersion: bet.body.data.balanceVersion })
    const owned = await t.db.query<{ n: bigint }>('SELECT count(*)::bigint AS n FROM users WHERE test_owner_id = (SELECT id FROM users WHERE email = $1)', [
      (await call(t, calls.userInfo, { token })).body.data.email,
    ])
    expect(owned.rows[0]!.n).toBe(1n)
    // A test account asking for a test account gets itself, not another one.
    expect((await call(t, calls.getUserTest, { token: demoToken })).body.data).toMatchObject({ username: first.username, pwd: first.pwd })
  })

  it('two concurrent first calls create one test account, funded once', async () => {
    const { token, email } = await registerUser(t)
    const before = await t.db.query<{ play: bigint }>(`SELECT balance AS play FROM ledger_accounts WHERE kind = 'play_money' AND user_id IS NULL`)
    const [a, b] = await Promise.all([call(t, calls.getUserTest, { token }), call(t, calls.getUserTest, { token })])
    expect([a.body.status, b.body.status]).toEqual([200, 200])
    expect(b.body.data.username).toBe(a.body.data.username)
    expect(b.body.data.pwd).toBe(a.body.data.pwd)
    const owned = await t.db.query<{ n: bigint }>('SELECT count(*)::bigint AS n FROM users WHERE test_owner_id = (SELECT id FROM users WHERE email = $1)', [email])
    expect(owned.rows[0]!.n).toBe(1n)
    const after = await t.db.query<{ play: bigint }>(`SELECT balance AS play FROM ledger_accounts WHERE kind = 'play_money' AND user_id IS NULL`)
    expect(BigInt(before.rows[0]!.play) - BigInt(after.rows[0]!.play)).toBe(100_000n)
  })

  it('a test account whose password was changed is answered with a new working one', async () => {
    const { token } = await registerUser(t)
    const first = (await call(t, calls.getUserTest, { token })).body.data
    const demoToken = (await login(t, first.username, first.pwd)).body.data.access_token
    expect((await call(t, calls.updatePwd, { token: demoToken, body: { oPwd: first.pwd, nPwd: 'mudada123', nPwd1: 'mudada123' } })).body.status).toBe(200)
    const again = (await call(t, calls.getUserTest, { token })).body.data
    expect(again.username).toBe(first.username)
    expect(again.pwd).not.toBe(first.pwd)
    expect((await login(t, again.username, again.pwd)).body.status).toBe(200)
  })

  it('changes the password with the original one, then the session ends', async () => {
    const { email, pwd, token } = await registerUser(t)
    const strong = 'Jabuti-Verde-27'
    expect((await call(t, calls.updatePwd, { token, body: { oPwd: 'errada123', nPwd: strong, nPwd1: strong } })).body.status).toBe(2010)
    expect((await call(t, calls.updatePwd, { token, body: { oPwd: pwd, nPwd: strong, nPwd1: 'outra1234' } })).body.status).toBe(2004)
    const ok = await call(t, calls.updatePwd, { token, body: { oPwd: pwd, nPwd: strong, nPwd1: strong } })
    expect(ok.body).toMatchObject({ status: 200, msg: 'Senha alterada com sucesso' })
    expect((await call(t, calls.userInfo, { token })).body.status).toBe(40101)
    expect((await login(t, email, strong)).body.status).toBe(200)
  })

  it('refuses a short or common new password, in the user language, and keeps the old one', async () => {
    const { email, pwd, token } = await registerUser(t, { username: newEmail('quixabeira') })
    for (const weak of ['12345678', 'password', 'senha123']) {
      const res = await call(t, calls.updatePwd, { token, body: { oPwd: pwd, nPwd: weak, nPwd1: weak } })
      expect(res.http, weak).toBe(400)
      expect(res.body, weak).toMatchObject({ status: 2011, msg: expect.stringContaining('muito comum ou fácil de adivinhar') })
    }
    const short = await call(t, calls.updatePwd, { token, body: { oPwd: pwd, nPwd: 'Ab3$xY7', nPwd1: 'Ab3$xY7' } })
    expect(short.body).toMatchObject({ status: 400, msg: 'A senha precisa ter pelo menos 8 caracteres' })
    const english = await call(t, calls.updatePwd, { token, body: { oPwd: pwd, nPwd: 'password', nPwd1: 'password' }, headers: { lang: 'en_US' } })
    expect(english.body.msg).toMatch(/too common or too easy to guess/)
    // Strong for a stranger, but built from the user's own e-mail.
    expect((await call(t, calls.updatePwd, { token, body: { oPwd: pwd, nPwd: 'Quixabeira2024', nPwd1: 'Quixabeira2024' } })).body.status).toBe(2011)
    expect((await call(t, calls.userInfo, { token })).body.status).toBe(200)
    expect((await login(t, email, pwd)).body.status).toBe(200)
  })

  it('lists the games with the SELF part and tracks the game in play', async () => {
    const { token, email } = await registerUser(t)
    const main = await call(t, calls.main, { token })
    expect(main.body.data.SELF.records.map((g: { gameType: string }) => g.gameType)).toEqual(['mines', 'dice', 'limbo', 'luckyColor', 'rowDouble', 'double'])
    // Every one of our games is open (a stopped one would answer 'Em Breve...' when picked).
    expect(main.body.data.SELF.records.filter((g: { stop: number }) => g.stop !== 0)).toEqual([])
    expect(Object.keys(main.body.data)).toEqual(expect.arrayContaining(['PG', 'EVO', 'BG']))
    expect((await call(t, calls.userGift, { token })).body.data).toBe(1)
    expect((await call(t, calls.inPlay, { token })).body.data).toBeNull()
    await t.db.query(`INSERT INTO game_sessions (user_id, game_code, product_code, started_at) SELECT id, 'PG-1', 'PG', now() FROM users WHERE email = $1`, [email])
    expect((await call(t, calls.inPlay, { token })).body.data).toMatchObject({ gameCode: 'PG-1', productCode: 'PG' })
    expect((await call(t, calls.stopGame, { token })).body.status).toBe(200)
    expect((await call(t, calls.inPlay, { token })).body.data).toBeNull()
  })

  it('requires the token on every call but auth', async () => {
    for (const def of [calls.userInfo, calls.getBalance, calls.getUserTest, calls.main, calls.userGift, calls.inPlay, calls.stopGame, calls.logout, calls.updatePwd]) {
      const res = await call(t, def, {})
      expect(res.http, def.path).toBe(401)
      expect(res.body.status, def.path).toBe(40101)
    }
  })
})
