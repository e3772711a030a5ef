/**
 * The app's other server figures, from a process of their own over undici keep-alive connections:
 *  - login: median of 30 logins of one account (the captcha fetch before each is not timed);
 *  - userInfo: 1,000 sequential calls with one token (calls per second, median);
 *  - transfer: 500 sequential player-to-player transfers of R$ 0,01 (session, Idempotency-Key,
 *    ledger, reply);
 *  - deposit: 30 sandbox PIX webhooks, each timed from its POST until the player's socket has
 *    received both insBalance and updateUserInfo.
 *
 * Login and userInfo are measured the same way against the bare server (scripts/bench/bareServer.ts)
 * when its origin is given, as their baselines.
 *
 * Run by scripts/bench.ts: `tsx scripts/bench/appFigures.ts <origin> <bare origin or -> <out.json>`,
 * against an app started with CAPTCHA_FIXED_ANSWER and the transfer limits lifted.
 */
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import { generateCpf } from '@brazilian-utils/brazilian-utils'
import { io as connect } from 'socket.io-client'
import { Pool } from 'undici'
import { SANDBOX_PAGE_PREFIX } from '../../src/server/payments/buildProviders'
import { SOCKET_PATH } from '../../src/shared/contract/socket'
import { call, captcha, ANSWER, login, ok, PASSWORD, quantile, register, round } from './lib'

export interface AppFigures {
  loginMedianMs: number
  loginP95Ms: number
  userInfoPerSecond: number
  userInfoMedianMs: number
  transferPerSecond: number
  transferMedianMs: number
  depositToSocketMedianMs: number
  depositToSocketP95Ms: number
  clientCpuCores: number
  /** The same login and userInfo measures against the bare server, when one is given. */
  bare?: { loginMedianMs: number; userInfoPerSecond: number; userInfoMedianMs: number }
}

const [origin, bareOrigin, outPath] = process.argv.slice(2)
if (!origin || !bareOrigin || !outPath) throw new Error('usage: appFigures.ts <origin> <bare origin or -> <out.json>')
const pool = new Pool(origin, { connections: 4, keepAliveTimeout: 60_000 })
const tag = randomBytes(4).toString('hex')
const cpu0 = process.cpuUsage()
const wall0 = performance.now()

const alice = `alice-${tag}@example.com`
const bob = `bob-${tag}@example.com`
const aliceToken = await register(pool, alice)
await register(pool, bob)

interface Side {
  pool: Pool
  token: string
  logins: number[]
  userInfo: number[]
  userInfoMs: number
}
const side = (target: Pool, token: string): Side => ({ pool: target, token, logins: [], userInfo: [], userInfoMs: 0 })
const sides = [side(pool, aliceToken)]
if (bareOrigin !== '-') {
  const barePool = new Pool(bareOrigin, { connections: 4, keepAliveTimeout: 60_000 })
  await ok(call(barePool, 'POST', '/bench/account', { email: alice, pwd: PASSWORD }), 'bare account')
  sides.push(side(barePool, await login(barePool, alice, PASSWORD, 'bench')))
}

// 30 logins (a captcha fetched before each, not timed), then 1,000 sequential userInfo calls in
// blocks of 100; the app and the bare server take turns, so both see the same moments of the machine.
for (let i = 0; i < 30; i++) {
  for (const s of sides) {
    const codeId = await captcha(s.pool)
    const t0 = performance.now()
    await ok(call(s.pool, 'POST', '/api/auth/user/restLogin', { username: alice, pwd: PASSWORD, codeId, captCode: ANSWER }, { deviceId: `bench-login-${i}` }), 'login')
    s.logins.push(performance.now() - t0)
  }
}
for (let block = 0; block < 10; block++) {
  for (const s of sides) {
    const b0 = performance.now()
    for (let i = 0; i < 100; i++) {
      const t0 = performance.now()
      await ok(call(s.pool, 'GET', '/api/app/user/userInfo?loading=false', undefined, { authorization: s.token, lang: 'pt_BR' }), 'userInfo')
      s.userInfo.push(performance.now() - t0)
    }
    s.userInfoMs += performance.now() - b0
  }
}
const [mine, bareSide] = sides as [Side, Side | undefined]
if (bareSide) await bareSide.pool.close()
const bare: AppFigures['bare'] = bareSide && {
  loginMedianMs: round(quantile(bareSide.logins, 0.5), 2),
  userInfoPerSecond: round(1000 / (bareSide.userInfoMs / 1000)),
  userInfoMedianMs: round(quantile(bareSide.userInfo, 0.5), 3),
}

// Deposits and transfers need a verified identity.
await ok(call(pool, 'POST', '/api/app/user/updateKyc', { name: 'Alice Souza', cardNo: generateCpf() }, { authorization: aliceToken }), 'updateKyc')
const socket = connect(origin, { path: SOCKET_PATH, transports: ['websocket'], query: { token: aliceToken }, reconnection: false, forceNew: true })
await new Promise<void>((resolve, reject) => {
  socket.once('connect', () => resolve())
  socket.once('connect_error', reject)
})
const prices = await ok(call<{ pkgId: number; price: number; curreny: string }[]>(pool, 'GET', '/api/app/order/getPrices', undefined, { authorization: aliceToken }), 'getPrices')
const pkg = prices.find((p) => p.curreny === 'BRL' && p.price === 100)
if (!pkg) throw new Error('no R$ 100 deposit package')
const deposits: number[] = []
for (let i = 0; i < 30; i++) {
  const order = await ok(
    call<{ payNo: string }>(pool, 'POST', `/api/app/order/prePay/${pkg.pkgId}`, { gift: 0, pkgId: pkg.pkgId, isapp: 0 }, { authorization: aliceToken, 'idempotency-key': `dep-${tag}-${i}` }),
    'prePay',
  )
  const seen = Promise.all([
    new Promise<void>((resolve) => socket.once('insBalance', () => resolve())),
    new Promise<void>((resolve) => socket.once('updateUserInfo', () => resolve())),
  ])
  const t0 = performance.now()
  // The PSP emulator's bank pays: the standard's webhook, confirmed with GET /v2/pix, credits it.
  const res = await pool.request({ method: 'POST', path: `${SANDBOX_PAGE_PREFIX}/${order.payNo}/pay`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' })
  const text = await res.body.text()
  if (res.statusCode !== 303) throw new Error(`bank payment refused: HTTP ${res.statusCode} ${text}`)
  await seen
  deposits.push(performance.now() - t0)
}
socket.disconnect()

const transfers: number[] = []
const x0 = performance.now()
for (let i = 0; i < 500; i++) {
  const t0 = performance.now()
  await ok(call(pool, 'POST', '/api/app/order/transfer', { toUser: bob, amount: '0.01' }, { authorization: aliceToken, 'idempotency-key': `t-${tag}-${i}` }), 'transfer')
  transfers.push(performance.now() - t0)
}
const transferTotal = performance.now() - x0
await pool.close()

const cpu = process.cpuUsage(cpu0)
const figures: AppFigures = {
  loginMedianMs: round(quantile(mine.logins, 0.5), 2),
  loginP95Ms: round(quantile(mine.logins, 0.95), 2),
  userInfoPerSecond: round(1000 / (mine.userInfoMs / 1000)),
  userInfoMedianMs: round(quantile(mine.userInfo, 0.5), 3),
  transferPerSecond: round(500 / (transferTotal / 1000)),
  transferMedianMs: round(quantile(transfers, 0.5), 2),
  depositToSocketMedianMs: round(quantile(deposits, 0.5), 2),
  depositToSocketP95Ms: round(quantile(deposits, 0.95), 2),
  clientCpuCores: round((cpu.user + cpu.system) / 1000 / (performance.now() - wall0), 3),
  ...(bare ? { bare } : {}),
}
fs.writeFileSync(outPath, JSON.stringify(figures, null, 2))
// The socket.io client may keep a timer alive.
process.exit(0)
