/**
 * `npx tsx scripts/bench-wallet.ts`: the wallet's costs on this machine.
 *  - ledger transfers per second (one balanced posting per database transaction), sequential
 *    and 8 in flight, on embedded PGlite and, when DATABASE_URL is set, on PostgreSQL;
 *  - the transfer call end to end over HTTP (session, Idempotency-Key, ledger, reply);
 *  - deposit to balance visible: from the provider's webhook POST to the player's socket
 *    receiving insBalance and updateUserInfo.
 */
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { generateCpf } from '@brazilian-utils/brazilian-utils'
import { io as connect } from 'socket.io-client'
import { buildApp } from '../src/server/app'
import { loadConfig } from '../src/server/config'
import { openPglite, openPostgres, type Db } from '../src/server/db/connection'
import { migrate } from '../src/server/db/migrate'
import { SandboxPixProvider } from '../src/server/payments/SandboxPixProvider'
import { openUserAccounts, post, systemAccountId, userAccountId } from '../src/server/wallet/ledger'
import { SOCKET_PATH } from '../src/shared/contract/socket'

const ANSWER = 'bench'
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)]!
const ms = (n: number) => `${n.toFixed(2)} ms`

interface Target {
  label: string
  url: string | null
  dataDir: string
  open(): Promise<Db>
  drop(): Promise<void>
}

async function pgliteTarget(): Promise<Target> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aposta-bench-wallet-'))
  return {
    label: 'PGlite (embedded)',
    url: null,
    dataDir,
    open: () => openPglite(path.join(dataDir, 'pglite')),
    drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  }
}

async function postgresTarget(adminUrl: string): Promise<Target> {
  const name = `bench_${process.pid}_${randomBytes(3).toString('hex')}`
  const admin = await openPostgres(adminUrl)
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.close()
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aposta-bench-wallet-'))
  return {
    label: 'PostgreSQL',
    url: url.toString(),
    dataDir,
    open: () => openPostgres(url.toString()),
    drop: async () => {
      const a = await openPostgres(adminUrl)
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await a.close()
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** Ledger postings alone: cash from one user to another, one database transaction each. */
async function ledgerBench(db: Db, count: number, inFlight: number): Promise<number> {
  const users: bigint[] = []
  for (let i = 0; i < 2; i++) {
    const r = await db.query<{ id: bigint }>(
      `INSERT INTO users (email, password_hash, yqm, created_at) VALUES ($1, 'x', $2, now()) RETURNING id`,
      [`bench-${randomBytes(6).toString('hex')}@example.com`, randomBytes(6).toString('hex')],
    )
    users.push(r.rows[0]!.id)
    await openUserAccounts(db, r.rows[0]!.id)
  }
  const [a, b] = [await userAccountId(db, users[0]!, 'cash'), await userAccountId(db, users[1]!, 'cash')]
  const clearing = await systemAccountId(db, 'clearing')
  await db.tx((q) => post(q, { kind: 'bench_fund', entries: [{ accountId: clearing, amount: -10_000_000n }, { accountId: a, amount: 10_000_000n }] }, new Date()))
  let next = 0
  const t0 = performance.now()
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next++ < count) {
        await db.tx((q) => post(q, { kind: 'transfer', userId: users[0], entries: [{ accountId: a, amount: -1n }, { accountId: b, amount: 1n }] }, new Date()))
      }
    }),
  )
  return count / ((performance.now() - t0) / 1000)
}

async function serverBench(target: Target): Promise<void> {
  // Hundreds of transfers from one player: lift the daily count, which is not what is measured.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: target.dataDir,
    CAPTCHA_FIXED_ANSWER: ANSWER,
    LOG: '0',
    PAYOUT_SANDBOX_SETTLE_SECONDS: 'off',
    CLIENT_DIR: path.join(target.dataDir, 'none'),
    // Transfer throughput is measured, not the daily limits or the deposit turnover.
    TRANSFER_COUNT_PER_DAY: '1000000',
    TRANSFER_MAX_PER_DAY: '100000000',
    DEPOSIT_TURNOVER: '0',
  }
  if (target.url) env.DATABASE_URL = target.url
  else delete env.DATABASE_URL
  const config = loadConfig(env)
  const app = await buildApp(config)
  await app.listen({ port: 0, host: '127.0.0.1' })
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
  const send = async <T = unknown>(url: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(base + url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) })
    return (await res.json()) as { status: number; data: T }
  }
  const register = async () => {
    const email = `bench-${randomBytes(6).toString('hex')}@example.com`
    const codeId = Math.floor(Math.random() * 99_999_999)
    await (await fetch(`${base}/api/auth/user/captcha/${codeId}`)).text()
    const r = await send<{ access_token: string }>('/api/auth/user/restRegister', { username: email, pwd: 'segredo123', codeId, captCode: ANSWER })
    return { email, token: r.data.access_token }
  }
  try {
    const alice = await register()
    const bob = await register()
    // Deposits and transfers need a verified identity.
    const kyc = await send('/api/app/user/updateKyc', { name: 'Alice Souza', cardNo: generateCpf() }, { authorization: alice.token })
    if (kyc.status !== 200) throw new Error(`updateKyc failed: ${JSON.stringify(kyc)}`)
    const socket = connect(base, { path: SOCKET_PATH, transports: ['websocket'], query: { token: alice.token }, reconnection: false, forceNew: true })
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve())
      socket.once('connect_error', reject)
    })
    const prices = (await (await fetch(`${base}/api/app/order/getPrices`, { headers: { authorization: alice.token } })).json()) as { data: { pkgId: number; price: number; curreny: string }[] }
    const pkg = prices.data.find((p) => p.curreny === 'BRL' && p.price === 100)!
    const provider = new SandboxPixProvider(config.wallet.paymentWebhookSecret)
    const latencies: number[] = []
    for (let i = 0; i < 30; i++) {
      const order = await send<{ payNo: string }>(`/api/app/order/prePay/${pkg.pkgId}`, { gift: 0, pkgId: pkg.pkgId, isapp: 0 }, { authorization: alice.token, 'idempotency-key': `dep-${i}` })
      const { body, headers } = provider.signedWebhook({ type: 'paid', payNo: order.data.payNo, amount: 10_000n, at: new Date() })
      const seen = Promise.all([
        new Promise<void>((resolve) => socket.once('insBalance', () => resolve())),
        new Promise<void>((resolve) => socket.once('updateUserInfo', () => resolve())),
      ])
      const t0 = performance.now()
      const res = await fetch(`${base}/api/pay/webhook/${provider.name}`, { method: 'POST', headers, body })
      if (res.status !== 200) throw new Error(`webhook refused: ${await res.text()}`)
      await seen
      latencies.push(performance.now() - t0)
    }
    console.log(`${target.label}: deposit webhook -> socket insBalance+updateUserInfo x30: median ${ms(median(latencies))}, p95 ${ms(p95(latencies))}`)

    const calls: number[] = []
    const count = 500
    const t0 = performance.now()
    for (let i = 0; i < count; i++) {
      const c0 = performance.now()
      const r = await send('/api/app/order/transfer', { toUser: bob.email, amount: '0.01' }, { authorization: alice.token, 'idempotency-key': `t-${i}` })
      if (r.status !== 200) throw new Error(`transfer failed: ${JSON.stringify(r)}`)
      calls.push(performance.now() - c0)
    }
    const total = performance.now() - t0
    console.log(`${target.label}: transfer call over HTTP x${count} sequential: ${(count / (total / 1000)).toFixed(0)}/s, median ${ms(median(calls))}, p95 ${ms(p95(calls))}`)
    socket.disconnect()
  } finally {
    await app.close()
  }
}

const targets = [await pgliteTarget()]
if (process.env.DATABASE_URL) targets.push(await postgresTarget(process.env.DATABASE_URL))
console.log(`node ${process.version}, ${os.cpus().length} cores`)
for (const target of targets) {
  try {
    const db = await target.open()
    await migrate(db)
    const seq = await ledgerBench(db, 2000, 1)
    const par = await ledgerBench(db, 2000, 8)
    await db.close()
    console.log(`${target.label}: ledger transfers (one posting per transaction) x2000: ${seq.toFixed(0)}/s sequential, ${par.toFixed(0)}/s with 8 in flight`)
    await serverBench(target)
  } finally {
    await target.drop()
  }
}
