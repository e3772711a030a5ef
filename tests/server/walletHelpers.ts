import { randomUUID } from 'node:crypto'
import { generateCpf } from '@brazilian-utils/brazilian-utils'
import type { AddressInfo } from 'node:net'
import { io as connect, type Socket } from 'socket.io-client'
import { afterEach, expect } from 'vitest'
import { calls, type CallDef } from '../../src/shared/contract'
import { SOCKET_PATH, type ClientToServerEvents, type ServerToClientEvents } from '../../src/shared/contract/socket'
import type { Db, Queryable } from '../../src/server/db/connection'
import { dayOf } from '../../src/server/wallet/days'
import { ledgerFigures } from '../../src/server/wallet/ledgerCheck'
import { sportPayoutsDrift } from '../../src/server/sport/bets'
import { WEBHOOK_PREFIX } from '../../src/server/payments/buildProviders'
import type { PspEmulator } from '../../src/server/payments/emulator/PspEmulator'
import { post, systemAccountId, userAccountId } from '../../src/server/wallet/ledger'
import { centavosOf } from '../centavos'
import { registerUser } from './flows'
import { call, type CallOptions, type TestApp } from './testApp'

export const idem = () => `k-${randomUUID()}`

/** A call of an idempotent route with a fresh Idempotency-Key (or the one given). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as call's: a test reads a reply as the server sent it
export function callKeyed<T = any>(t: TestApp, def: CallDef, opts: CallOptions & { key?: string } = {}) {
  return call<T>(t, def, { ...opts, headers: { 'idempotency-key': opts.key ?? idem(), ...opts.headers } })
}

export interface Player {
  token: string
  email: string
  pwd: string
  /** The internal users.id (ledger, orders); never on the wire. */
  userId: bigint
  /** The public id (userInfo's uId, a transfer's receiver). */
  uId: number
}

/** A registered player, not verified (kyc 0): enough to bet, not to deposit, withdraw or transfer. */
export async function newPlayer(t: TestApp, extra: Record<string, unknown> = {}): Promise<Player> {
  const { token, email, pwd } = await registerUser(t, extra)
  // The wire's uId is public and random; tests reach the ledger by the internal id.
  const r = await t.db.query<{ id: bigint; uid: bigint }>('SELECT id, uid FROM users WHERE email = $1', [email])
  return { token, email, pwd, userId: BigInt(r.rows[0]!.id), uId: Number(r.rows[0]!.uid) }
}

const usedCpfs = new Set<string>()
/** A valid CPF no other test of this run uses (nor the fixed ones below). */
export function freshCpf(): string {
  for (;;) {
    const cpf = generateCpf()
    if (!usedCpfs.has(cpf) && !Object.values(CPF).includes(cpf)) {
      usedCpfs.add(cpf)
      return cpf
    }
  }
}

/** A player whose identity is verified (kyc 1) with `cpf` (a fresh one by default): what deposits, withdrawals and transfers need. */
export async function verifiedPlayer(t: TestApp, opts: { cpf?: string; name?: string; extra?: Record<string, unknown> } = {}): Promise<Player & { cpf: string; name: string }> {
  const p = await newPlayer(t, opts.extra)
  const cpf = opts.cpf ?? freshCpf()
  const name = opts.name ?? 'Ana Souza'
  const res = await call(t, calls.updateKyc, { token: p.token, body: { name, cardNo: cpf } })
  if (res.body.status !== 200) throw new Error(`updateKyc failed: ${res.raw}`)
  return { ...p, cpf, name }
}

/** Puts cash straight into a user's account (a settled deposit without its order), centavos. */
export async function fundCash(t: TestApp, userId: bigint, centavos: bigint, kind: 'cash' | 'bonus' = 'cash'): Promise<void> {
  await t.db.tx(async (q) => {
    const clearing = await systemAccountId(q, 'clearing')
    const account = await userAccountId(q, userId, kind)
    await post(q, { kind: 'test_credit', userId, entries: [{ accountId: clearing, amount: -centavos }, { accountId: account, amount: centavos }] }, new Date())
  })
}

/**
 * Takes a stake the way every bet path does: wallet_bet (src/server/db/functions/wallet), the one
 * home of the rule (cash first, then bonus; the bonus stake limit), unsettled. Its code ('OK',
 * 'INSUFFICIENT_BALANCE', 'BONUS_MAX_STAKE') and how it was paid (what a win is paid back by).
 */
export async function stake(q: Queryable, t: TestApp, userId: bigint, amount: bigint, ref = 'test-bet'): Promise<{ code: string; fromCash: bigint; fromBonus: bigint }> {
  const at = new Date()
  const r = await q.query<{ code: string; from_cash: bigint | null; from_bonus: bigint | null }>(
    "SELECT code, from_cash, from_bonus FROM wallet_bet($1, $2, NULL, $3, $4, $5, '{}'::jsonb, $6)",
    [userId, amount, ref, at, dayOf(at.getTime()), t.config.wallet.bonusMaxStake],
  )
  const row = r.rows[0]!
  return { code: row.code, fromCash: BigInt(row.from_cash ?? 0), fromBonus: BigInt(row.from_bonus ?? 0) }
}

/** The wagering still owed before the bonus turns into cash, as the player's bonus page shows it, centavos. */
export async function wageringLeft(t: TestApp, p: Pick<Player, 'token'>): Promise<bigint> {
  const b = (await call(t, calls.myBonus, { token: p.token })).body.data
  const left = centavosOf(b.required) - centavosOf(b.wagered)
  return left > 0n ? left : 0n
}

export async function balances(t: TestApp, userId: bigint): Promise<{ cash: bigint; bonus: bigint; hold: bigint }> {
  const r = await t.db.query<{ kind: 'cash' | 'bonus' | 'hold'; balance: bigint }>('SELECT kind, balance FROM ledger_accounts WHERE user_id = $1', [userId])
  const out = { cash: 0n, bonus: 0n, hold: 0n }
  for (const row of r.rows) out[row.kind] = BigInt(row.balance)
  return out
}

/**
 * The ledger's invariant: every transaction's entries sum to zero (so all entries do), each
 * account's balance is the sum of its entries, and no user account is below zero.
 */
export async function expectLedgerInvariant(db: Db): Promise<void> {
  expect(await ledgerFigures(db)).toEqual({ total: 0n, unbalanced: 0n, drift: 0n, negative: 0n, accounts: 0n })
  // And the sportsbook's per-match cap's running total equals the open bets it sums.
  expect(await sportPayoutsDrift(db)).toBe(0n)
}

/** Checks the ledger invariant after every test of the file. */
export function checkLedgerAfterEach(get: () => TestApp | undefined): void {
  afterEach(async () => {
    const t = get()
    if (t) await expectLedgerInvariant(t.db)
  })
}

/** The PSP emulator of the test server (PIX_PROVIDER=sandbox): the bank a test pays through. */
export function bank(t: TestApp): PspEmulator {
  const emulator = t.app.pixRails?.emulator
  if (!emulator) throw new Error('the test server runs no PSP emulator')
  return emulator
}

/** Posts a webhook call as a PSP would (API Pix: `{ pix: [...] }` to {webhookUrl}/pix), with the right secret unless another is given. */
export async function sendWebhook(t: TestApp, body: object | string, opts: { secret?: string } = {}) {
  const secret = opts.secret ?? t.config.wallet.paymentWebhookSecret
  const res = await t.app.inject({
    method: 'POST',
    url: `${WEBHOOK_PREFIX}/${encodeURIComponent(secret)}/pix`,
    headers: { 'content-type': 'application/json' },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  })
  return { http: res.statusCode, body: JSON.parse(res.body) as { status: number; msg: string; data: { outcomes: string[] } | null } }
}

/** prePay through the contract: the order, its payNo and the pay page's url. */
export async function prePay(t: TestApp, token: string, pkgId: number, gift: 0 | 1 = 1) {
  const res = await callKeyed<{ orderId: string; payNo: string; url: string }>(t, calls.prePay, { token, params: { pkgId }, body: { gift, pkgId, isapp: 0 } })
  return res
}

/** The price of a package, centavos. */
export async function packagePrice(t: TestApp, pkgId: number): Promise<{ price: bigint; gift: bigint; x: number }> {
  const r = await t.db.query<{ price: bigint; gift: bigint; gift_wager_x: number }>('SELECT price, gift, gift_wager_x FROM price_packages WHERE id = $1', [pkgId])
  return { price: BigInt(r.rows[0]!.price), gift: BigInt(r.rows[0]!.gift), x: r.rows[0]!.gift_wager_x }
}

/** The BRL package priced R$100 (the one the client preselects). */
export async function pkg100(t: TestApp): Promise<number> {
  const r = await t.db.query<{ id: number }>(`SELECT id FROM price_packages WHERE currency = 'BRL' AND price = 10000`)
  return r.rows[0]!.id
}

/** The status of a deposit order by its payNo ('00' open, '01' closed, '10' paid). */
export async function depositState(t: TestApp, payNo: string): Promise<string | undefined> {
  const r = await t.db.query<{ status: string }>('SELECT status FROM orders WHERE pay_no = $1', [payNo])
  return r.rows[0]?.status
}

/** A full deposit: prePay, then the payer's bank pays the charge at the PSP emulator, whose webhook credits it. Returns the order id. */
export async function deposit(t: TestApp, p: Player, pkgId: number, gift: 0 | 1 = 1): Promise<string> {
  const order = await prePay(t, p.token, pkgId, gift)
  if (order.body.status !== 200) throw new Error(`prePay failed: ${order.raw}`)
  const paid = await bank(t).pay(order.body.data.payNo)
  if (paid.outcome !== 'paid' || (await depositState(t, order.body.data.payNo)) !== '10') throw new Error(`deposit not credited: ${JSON.stringify(paid)}`)
  return order.body.data.orderId
}

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>

/** The test server's base URL (it listens on a free loopback port from the start). */
export async function listen(t: TestApp): Promise<string> {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' })
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
}

export async function socketFor(base: string, token: string): Promise<ClientSocket> {
  const s: ClientSocket = connect(base, { path: SOCKET_PATH, transports: ['websocket'], query: { token }, reconnection: false, forceNew: true })
  await new Promise<void>((resolve, reject) => {
    s.once('connect', () => resolve())
    s.once('connect_error', reject)
  })
  return s
}

/** Collects every event a socket receives, by name. */
export function recorder(s: ClientSocket): Record<string, unknown[]> {
  const got: Record<string, unknown[]> = {}
  s.onAny((event: string, payload: unknown) => {
    ;(got[event] ??= []).push(payload)
  })
  return got
}

let markers = 0
/**
 * Resolves once every event the server pushed to this user before the call has arrived on the
 * socket: a marker pushed now travels behind them on the same connection. The definite signal
 * that shows an event did not come (instead of waiting a while for it not to).
 */
export async function drained(t: TestApp, s: ClientSocket, userId: bigint): Promise<void> {
  const id = `drained-${++markers}`
  const arrived = new Promise<void>((resolve) => {
    const onNotice = (notice: { id: string }) => {
      if (notice.id !== id) return
      s.off('notice', onNotice)
      resolve()
    }
    s.on('notice', onNotice)
  })
  t.app.deps.realtime.toUser(userId, 'notice', { id, text: '', time: 0 })
  await arrived
}

export async function waitFor(check: () => boolean | Promise<boolean>, ms = 5000): Promise<void> {
  const end = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time')
    await new Promise((r) => setTimeout(r, 10))
  }
}

/** Valid tax ids for tests (check digits hold). */
export const CPF = { a: '52998224725', b: '11144477735', c: '12345678909', d: '93541134780' }
export const CNPJ = '11222333000181'
export const USDT_ADDRESS = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL'

/**
 * Moves a test server's clock to the next `hour`:00 in São Paulo (UTC-3): a test that counts a
 * São Paulo day must not cross midnight by the wall clock it runs at (the clock is the real one
 * plus offsets).
 */
export function toSaoPauloHour(t: TestApp, hour: number): void {
  const now = t.app.deps.now()
  const d = new Date(now)
  let target = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), (hour + 3) % 24)
  while (target <= now) target += 86_400_000
  t.advance(target - now)
}
