import { randomBytes } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Duplex } from 'node:stream'
import Fastify from 'fastify'
import { io as connect, type Socket } from 'socket.io-client'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { clientAddress, fastifyTrustProxy, type TrustProxy } from '../../src/server/config'
import { calls } from '../../src/shared/contract'
import * as sport from '../../src/shared/contract/sport'
import { SOCKET_PATH, type ClientToServerEvents, type ServerToClientEvents } from '../../src/shared/contract/socket'
import { login, registerUser } from './flows'
import { waitFor } from './walletHelpers'
import { call, startTestApp, type TestApp } from './testApp'

let t: TestApp
let base: string
const open: Socket[] = []

beforeAll(async () => {
  // One proxy hop, so that each test's sockets come from an address of their own (X-Forwarded-For);
  // a larger event bucket than the default's, so that a test may send 30 events at once.
  t = await startTestApp({}, { TRUST_PROXY: '1', SOCKETS_PER_ADDRESS: '25', SOCKET_EVENT_BURST: '40', SOCKET_EVENTS_PER_SECOND: '10' })
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
})
afterEach(() => {
  for (const s of open.splice(0)) s.disconnect()
})
afterAll(() => t.close())

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>

function socketFor(token: string | undefined, from?: string): ClientSocket {
  const extraHeaders = from ? { 'x-forwarded-for': from } : undefined
  const s: ClientSocket = connect(base, { path: SOCKET_PATH, transports: ['websocket'], query: token ? { token } : {}, reconnection: false, forceNew: true, extraHeaders })
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

/** Connected, or refused with its message and reason. */
function outcome(s: ClientSocket): Promise<'connected' | { message: string; reason?: string }> {
  return new Promise((resolve) => {
    s.once('connect', () => resolve('connected'))
    s.once('connect_error', (err) => resolve({ message: err.message, reason: (err as Error & { data?: { reason?: string } }).data?.reason }))
  })
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const dropped = (s: ClientSocket) => new Promise<string>((resolve) => s.once('disconnect', (reason) => resolve(reason)))

/** Ids of matches the feed has, live and upcoming. */
async function realMatchIds(n: number): Promise<string[]> {
  const ids: string[] = []
  for (const state of ['live', 'upcoming']) {
    const list = await call<{ matchId: string }[]>(t, sport.sportMatches, { query: { state } })
    ids.push(...list.body.data.map((m) => m.matchId))
  }
  expect(ids.length).toBeGreaterThanOrEqual(n)
  return ids.slice(0, n)
}

describe('the socket edge', () => {
  it('a player gets SOCKETS_PER_PLAYER sockets (10): the others are refused with the reason, and a closed one frees its place', async () => {
    const { token } = await registerUser(t)
    const sockets = Array.from({ length: 50 }, () => socketFor(token, '198.51.100.50'))
    const results = await Promise.all(sockets.map(outcome))
    expect(results.filter((r) => r === 'connected')).toHaveLength(10)
    expect(results.filter((r) => r !== 'connected')).toEqual(Array(40).fill({ message: '1429', reason: 'sockets_per_player' }))
    const first = sockets.find((s) => s.connected)!
    first.disconnect()
    await sleep(200)
    expect(await outcome(socketFor(token, '198.51.100.50'))).toBe('connected')
    expect(await outcome(socketFor(token, '198.51.100.51'))).toEqual({ message: '1429', reason: 'sockets_per_player' })
  })

  it('an address gets SOCKETS_PER_ADDRESS sockets (25 here), whoever the players; the proxy\'s own address is not the client\'s', async () => {
    const players = await Promise.all([registerUser(t), registerUser(t), registerUser(t)])
    const sockets = players.flatMap((p) => Array.from({ length: 10 }, () => socketFor(p.token, '203.0.113.77')))
    const results = await Promise.all(sockets.map(outcome))
    expect(results.filter((r) => r === 'connected')).toHaveLength(25)
    expect(results.filter((r) => r !== 'connected')).toEqual(Array(5).fill({ message: '1429', reason: 'sockets_per_address' }))
    // A client's own X-Forwarded-For entry, left of the one the proxy appends, changes nothing.
    expect(await outcome(socketFor((await registerUser(t)).token, '10.9.9.9, 203.0.113.77'))).toEqual({ message: '1429', reason: 'sockets_per_address' })
    // The same players from another address.
    expect(await outcome(socketFor((await registerUser(t)).token, '203.0.113.78'))).toBe('connected')
  })

  it('connections without a session count against their address too (twice SOCKETS_PER_ADDRESS, while they wait to be closed)', async () => {
    // Raw websocket upgrades that never open the namespace: socket.io holds each until its connect timeout.
    const held: Duplex[] = []
    const upgrade = (from: string) =>
      new Promise<number>((resolve, reject) => {
        const port = (t.app.server.address() as AddressInfo).port
        const req = http.request({
          port,
          host: '127.0.0.1',
          path: `${SOCKET_PATH}/?EIO=4&transport=websocket`,
          headers: { connection: 'Upgrade', upgrade: 'websocket', 'sec-websocket-version': '13', 'sec-websocket-key': randomBytes(16).toString('base64'), 'x-forwarded-for': from },
        })
        req.once('upgrade', (_res, socket) => {
          held.push(socket)
          resolve(101)
        })
        req.once('response', (res) => {
          res.resume()
          resolve(res.statusCode ?? 0)
        })
        req.once('error', reject)
        req.end()
      })
    try {
      const opened: number[] = []
      for (let i = 0; i < 50; i++) opened.push(await upgrade('203.0.113.90'))
      expect(opened).toEqual(Array(50).fill(101))
      // That address is now full: another upgrade, and a player with a session; another address is not.
      expect(await upgrade('203.0.113.90')).not.toBe(101)
      const { token } = await registerUser(t)
      expect(await outcome(socketFor(token, '203.0.113.90'))).not.toBe('connected')
      expect(await outcome(socketFor(token, '203.0.113.91'))).toBe('connected')
      for (const socket of held.splice(0)) socket.destroy()
      await sleep(300)
      expect(await outcome(socketFor(token, '203.0.113.90'))).toBe('connected')
    } finally {
      for (const socket of held) socket.destroy()
    }
  })

  it('a socket watches at most SOCKET_WATCH_MAX matches (10), and only matches the feed has', async () => {
    const { token } = await registerUser(t)
    const s = socketFor(token, '198.51.100.60')
    await connected(s)
    const fake = Array.from({ length: 15 }, (_, i) => String(999_999_000 + i))
    const real = await realMatchIds(15)
    for (const matchId of [...fake, ...real]) s.emit('sport:watch', { matchId })
    await waitFor(() => t.app.deps.realtime.watchedMatches().length >= 10)
    await sleep(300)
    const watched = t.app.deps.realtime.watchedMatches()
    expect(watched.filter((id) => fake.includes(id))).toEqual([])
    expect(watched.sort()).toEqual(real.slice(0, 10).sort())
    s.disconnect()
    await waitFor(() => t.app.deps.realtime.watchedMatches().length === 0)
  })

  it('a token bucket on every event: past its allowance events are dropped, and it refills', async () => {
    const { token } = await registerUser(t)
    const s = socketFor(token, '198.51.100.61')
    await connected(s)
    const [matchId] = await realMatchIds(1)
    // 40 events (the bucket here) of any kind, then a watch: dropped.
    for (let i = 0; i < 40; i++) s.emit('game:join', { game: `none-${i}` })
    s.emit('sport:watch', { matchId: matchId! })
    await sleep(300)
    expect(t.app.deps.realtime.watchedMatches()).not.toContain(matchId)
    // A few tokens later (10 a second here) the same watch is taken.
    s.emit('sport:watch', { matchId: matchId! })
    await waitFor(() => t.app.deps.realtime.watchedMatches().includes(matchId!))
    expect(s.connected).toBe(true)
    s.disconnect()
  })

  it('a socket that keeps flooding events is cut; the others stay', async () => {
    const flooder = await registerUser(t)
    const bystander = await registerUser(t)
    const s = socketFor(flooder.token, '198.51.100.62')
    const calm = socketFor(bystander.token, '198.51.100.62')
    await Promise.all([connected(s), connected(calm)])
    const cut = dropped(s)
    for (let i = 0; i < 1000; i++) s.emit('offGame', { gameCode: `PG-${i}` })
    const reason = await Promise.race([cut, sleep(5000).then(() => 'still connected')])
    expect(reason).toBe('io server disconnect')
    expect(calm.connected).toBe(true)
    // Its place is given back: the flooder may connect again (and start with a full bucket).
    expect(await outcome(socketFor(flooder.token, '198.51.100.62'))).toBe('connected')
  })

  it('the address counted is the one fastify gives a request (the same TRUST_PROXY rule)', async () => {
    const cases: [TrustProxy, string, string | undefined][] = [
      [false, '10.0.0.2', '198.51.100.1'],
      [1, '10.0.0.2', '198.51.100.1'],
      [1, '10.0.0.2', '6.6.6.6, 198.51.100.1'],
      [2, '10.0.0.2', '6.6.6.6, 198.51.100.1, 10.0.0.3'],
      [5, '10.0.0.2', '198.51.100.1'],
      [1, '10.0.0.2', undefined],
      [['10.0.0.0/8'], '10.0.0.2', '6.6.6.6, 198.51.100.1, 10.1.2.3'],
      [['10.0.0.2'], '10.0.0.2', '198.51.100.1'],
      [['10.0.0.2'], '10.0.0.9', '198.51.100.1'],
      [['fd00::/8'], 'fd00::1', '2001:db8::7'],
      [['10.0.0.2'], '::ffff:10.0.0.2', '198.51.100.1'],
    ]
    for (const [trust, peer, forwarded] of cases) {
      const app = Fastify({ trustProxy: fastifyTrustProxy(trust) })
      app.get('/', (request) => ({ ip: request.ip }))
      const res = await app.inject({ method: 'GET', url: '/', remoteAddress: peer, headers: forwarded ? { 'x-forwarded-for': forwarded } : {} })
      expect(clientAddress(trust, peer, forwarded), `${JSON.stringify(trust)} ${peer} ${forwarded}`).toBe(res.json().ip)
      await app.close()
    }
  })
})
