import type { AddressInfo } from 'node:net'
import { io as connect, type Socket } from 'socket.io-client'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { calls } from '../../src/shared/contract'
import { SOCKET_PATH, type ClientToServerEvents, type ServerToClientEvents } from '../../src/shared/contract/socket'
import { login, registerUser } from './flows'
import { call, startTestApp, type TestApp } from './testApp'

let t: TestApp
let base: string
const open: Socket[] = []

beforeAll(async () => {
  t = await startTestApp()
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
})
afterEach(() => {
  for (const s of open.splice(0)) s.disconnect()
})
afterAll(() => t.close())

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>

function socketFor(token: string | undefined): ClientSocket {
  const s: ClientSocket = connect(base, { path: SOCKET_PATH, transports: ['websocket'], query: token ? { token } : {}, reconnection: false, forceNew: true })
  open.push(s)
  return s
}

function connected(s: ClientSocket): Promise<void> {
  return new Promise((resolve, reject) => {
    s.once('connect', () => resolve())
    s.once('connect_error', (err) => reject(err))
  })
}

function refused(s: ClientSocket): Promise<string> {
  return new Promise((resolve, reject) => {
    s.once('connect', () => reject(new Error('connected without a valid token')))
    s.once('connect_error', (err) => resolve(err.message))
  })
}

function next<E extends keyof ServerToClientEvents>(s: ClientSocket, event: E, ms = 3000): Promise<Parameters<ServerToClientEvents[E]>[0]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms)
    s.once(event as 'notice', ((payload: never) => {
      clearTimeout(timer)
      resolve(payload)
    }) as never)
  })
}

describe('realtime socket', () => {
  it('refuses a connection without a token or with a dead one', async () => {
    expect(await refused(socketFor(undefined))).toBe('40101')
    expect(await refused(socketFor('not-a-token'))).toBe('40101')
  })

  it('refuses the polling transport', async () => {
    const { token } = await registerUser(t)
    const res = await fetch(`${base}${SOCKET_PATH}/?EIO=4&transport=polling&token=${token}`)
    expect(res.status).toBe(400)
  })

  it('pushes to one user only, and to everyone', async () => {
    const alice = await registerUser(t)
    const bob = await registerUser(t)
    const a = socketFor(alice.token)
    const b = socketFor(bob.token)
    await Promise.all([connected(a), connected(b)])
    let bobGotIt = false
    b.on('updateUserInfo', () => {
      bobGotIt = true
    })
    const update = next(a, 'updateUserInfo')
    await call(t, calls.setHeader, { token: alice.token, params: { index: 7 } })
    expect(await update).toEqual({ header: 7 })

    const notices = [next(a, 'notice'), next(b, 'notice')]
    t.app.deps.realtime.toAll('notice', { id: 'n1', text: 'Manutenção às 3h', time: 1 })
    expect(await Promise.all(notices)).toEqual([
      { id: 'n1', text: 'Manutenção às 3h', time: 1 },
      { id: 'n1', text: 'Manutenção às 3h', time: 1 },
    ])
    expect(bobGotIt).toBe(false)

    const balance = next(b, 'insBalance')
    const bobId = (await t.db.query<{ id: bigint }>('SELECT id FROM users WHERE email = $1', [bob.email])).rows[0]!.id
    t.app.deps.realtime.toUser(BigInt(bobId), 'insBalance', { balance: 12.5, balanceVersion: 3 })
    expect(await balance).toEqual({ balance: 12.5, balanceVersion: 3 })
  })

  it('accepts offGame and ends that game', async () => {
    const { token, email } = await registerUser(t)
    await t.db.query(`INSERT INTO game_sessions (user_id, game_code, product_code, started_at) SELECT id, 'PG-77', 'PG', now() FROM users WHERE email = $1`, [email])
    const s = socketFor(token)
    await connected(s)
    s.emit('offGame', 'PG-other')
    s.emit('offGame', { gameCode: 'PG-77' })
    const deadline = Date.now() + 3000
    let inPlay: unknown = 'pending'
    while (Date.now() < deadline) {
      inPlay = (await call(t, calls.inPlay, { token })).body.data
      if (inPlay === null) break
      await new Promise((r) => setTimeout(r, 50))
    }
    expect(inPlay).toBeNull()
  })

  it('drops the socket when its session logs out', async () => {
    const { token } = await registerUser(t)
    const s = socketFor(token)
    await connected(s)
    const dropped = new Promise<string>((resolve) => s.once('disconnect', (reason) => resolve(reason)))
    await call(t, calls.logout, { token })
    expect(await dropped).toBe('io server disconnect')
  })

  it('"sign out everywhere" drops the sockets of every device of the player, and no one else\'s', async () => {
    const { email, pwd, token } = await registerUser(t)
    const other = (await login(t, email, pwd, { deviceId: 'second-phone' })).body.data.access_token
    const stranger = await registerUser(t)
    const [mine, theirs, bystander] = [socketFor(token), socketFor(other), socketFor(stranger.token)]
    await Promise.all([connected(mine), connected(theirs), connected(bystander)])
    const dropped = (s: ClientSocket) => new Promise<string>((resolve) => s.once('disconnect', (reason) => resolve(reason)))
    const both = Promise.all([dropped(mine), dropped(theirs)])
    expect((await call(t, calls.logoutAll, { token: other })).body.status).toBe(200)
    expect(await both).toEqual(['io server disconnect', 'io server disconnect'])
    expect(bystander.connected).toBe(true)
  })
})

describe('online count', () => {
  it('tells a new socket how many players are connected, and everyone when it changes', async () => {
    const carol = await registerUser(t)
    const dave = await registerUser(t)
    const c = socketFor(carol.token)
    const first = next(c, 'online:count')
    await connected(c)
    const mine = (await first).count
    expect(mine).toBeGreaterThanOrEqual(1)
    // A second player: they hear the new figure at once; the first hears it within ONLINE_EVERY_MS.
    const later = next(c, 'online:count', 8000)
    const d = socketFor(dave.token)
    const theirs = next(d, 'online:count')
    await connected(d)
    expect((await theirs).count).toBe(mine + 1)
    expect((await later).count).toBe(mine + 1)
    // Two sockets of one player count once.
    const d2 = socketFor(dave.token)
    const again = next(d2, 'online:count')
    await connected(d2)
    expect((await again).count).toBe(mine + 1)
  }, 20_000)
})
