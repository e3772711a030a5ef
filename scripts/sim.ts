/**
 * The money simulator (issue 34): a seeded population of players doing what players do through
 * the real HTTP API of the real server process, with the faults of a PSP, a game provider, a
 * client's network and the machine (SIGKILL at random moments, restarted on the same data),
 * checked against a model of what every answer said.
 *
 *   npm run sim -- [--seed N] [--ops M] [--players P] [--db pglite|postgres] [--crash-every K]
 *                  [--concurrency C] [--keep] [--json out.json]
 *
 * Defaults: seed 1, 100,000 operations, 100 players, PGlite, a crash every 1,000 operations, 8
 * operations in flight. The exit code is 1 when any invariant broke; the first broken one is
 * printed with the operation that broke it and the command that replays the run.
 *
 * Checked after every answer (the model): the balance the answer shows equals the model's (an
 * interval while a deposit, a round or sports bet or a withdrawal is on its way), a refusal for
 * want of money is right, no stake above the balance is taken, a replay answers the first answer's
 * bytes, a paused player's bet is refused, a provider's repeat, early win, rollback after a win
 * or win above the cap moves nothing. Checked at every crash (on the dead server's data) and at
 * the end: every transaction sums to zero, each account equals its entries, no player account is
 * below zero, no deposit is credited without its payment at the bank (and at the end every payment
 * is credited, once), no withdrawal is both paid by the bank and returned, each player's books
 * equal the model, and the house's books equal the players' stakes less their returns.
 */
import { ledgerFigures } from '../src/server/wallet/ledgerCheck'
import { sportPayoutsDrift } from '../src/server/sport/bets'
import type { Db } from '../src/server/db/connection'
import { Model, type Player } from './sim/model'
import { Players, type OpContext } from './sim/players'
import { Rng } from './sim/rng'
import { loadVipLevels, vipAwards } from './sim/vip'
import { World } from './sim/world'

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`)
  if (i >= 0 && process.argv[i + 1] !== undefined && !process.argv[i + 1]!.startsWith('--')) return process.argv[i + 1]!
  const eq = process.argv.find((a) => a.startsWith(`--${name}=`))
  return eq ? eq.slice(name.length + 3) : fallback
}
const flag = (name: string) => process.argv.includes(`--${name}`)
const int = (name: string, fallback: number, min: number) => {
  const v = Number(arg(name, String(fallback)))
  if (!Number.isInteger(v) || v < min) throw new Error(`--${name} must be a whole number of at least ${min}`)
  return v
}

const seed = int('seed', 1, 0)
const ops = int('ops', 100_000, 1)
const playerCount = int('players', 100, 2)
const crashEvery = int('crash-every', 1000, 0)
const concurrency = int('concurrency', 16, 1)
const db = arg('db', 'pglite')
if (db !== 'pglite' && db !== 'postgres') throw new Error('--db must be pglite or postgres')
const replay = `npm run sim -- --seed ${seed} --ops ${ops} --players ${playerCount} --crash-every ${crashEvery} --concurrency ${concurrency} --db ${db}${arg('mix', '') ? ` --mix ${arg('mix', '')}` : ''}`

/** What a player does, by weight. */
const WEIGHTS = {
  dice: 22,
  limbo: 10,
  mines: 8,
  round: 5,
  sport: 6,
  parlay: 3,
  slot: 14,
  deposit: 6,
  withdraw: 4,
  transfer: 5,
  resolve: 6,
  balance: 3,
  finishMatch: 0.3,
  signin: 0.5,
  limit: 0.2,
  pause: 0.05,
} as const
type Kind = keyof typeof WEIGHTS
/** --mix slot=1,resolve=1: only the kinds named, by those weights (to find which one a failure or a cost comes from). */
const MIX: Record<Kind, number> = (() => {
  const raw = arg('mix', '')
  if (!raw) return WEIGHTS
  const mix = {} as Record<Kind, number>
  for (const part of raw.split(',')) {
    const [k, w] = part.split('=')
    if (!(k! in WEIGHTS) || !(Number(w) > 0)) throw new Error(`--mix must read like slot=1,dice=2 with kinds among ${Object.keys(WEIGHTS).join(', ')}, not "${part}"`)
    mix[k as Kind] = Number(w)
  }
  return mix
})()

const model = new Model()
const t0 = performance.now()
const world = await World.create({ seed, db, rates: { dropWebhook: 0.1, duplicateWebhook: 0.1, delayWebhook: 0.1, reorderWebhook: 0.1, unavailable: 0.03, loseAnswer: 0.03 } })
const players = new Players(world, model, 0.05)
const plan = new Rng(seed, 1)
const ctxOf = (n: number): OpContext => ({ n, rng: new Rng(seed, 1000 + n) })
let crashes = 0
let dbChecks = 0

async function booksOf(q: Db): Promise<Map<string, bigint>> {
  const r = await q.query<{ email: string; balance: bigint }>(
    `SELECT u.email, COALESCE(SUM(a.balance), 0)::bigint AS balance FROM users u JOIN ledger_accounts a ON a.user_id = u.id AND a.kind IN ('cash', 'bonus') GROUP BY u.email`,
  )
  return new Map(r.rows.map((x) => [x.email, BigInt(x.balance)]))
}

/** The invariants on the data itself (the server down, or stopped at the end). */
async function checkData(q: Db, n: number, final: boolean): Promise<void> {
  dbChecks++
  const f = await ledgerFigures(q)
  model.check('every transaction sums to zero, each account equals its entries', f.total === 0n && f.unbalanced === 0n && f.drift === 0n && f.accounts === 0n, n, () => JSON.stringify(f, (_, v) => (typeof v === 'bigint' ? String(v) : v)))
  model.check('no player account below zero', f.negative === 0n, n, () => `${f.negative} accounts below zero`)
  const capDrift = await sportPayoutsDrift(q)
  model.check("each player's open sport bets on a match sum to the cap's running total", capDrift === 0n, n, () => `${capDrift} (player, match) totals differ from their open bets`)
  const unpaid = await q.query<{ n: bigint }>(`SELECT count(*)::bigint AS n FROM credited_payments c LEFT JOIN psp_sandbox_pix x ON x.e2e_id = c.e2e_id WHERE x.e2e_id IS NULL OR x.valor <> c.amount`)
  model.check('no deposit credited without its payment', BigInt(unpaid.rows[0]!.n) === 0n, n, () => `${unpaid.rows[0]!.n} credits without a payment at the bank`)
  const twice = await q.query<{ n: bigint }>(
    `SELECT count(*)::bigint AS n FROM psp_sandbox_sends s JOIN orders o ON s.id_envio = 'W' || o.id WHERE s.status = 'REALIZADO' AND o.status = '01'`,
  )
  model.check('no withdrawal both paid and returned', BigInt(twice.rows[0]!.n) === 0n, n, () => `${twice.rows[0]!.n} withdrawals paid by the bank and returned to the player`)
  const twiceSettled = await q.query<{ n: bigint }>(
    `SELECT count(*)::bigint AS n FROM (
       SELECT ref FROM ledger_transactions WHERE kind IN ('win', 'refund') AND ref ~ '^(casino|round|sport):' GROUP BY ref HAVING count(*) > 1
       UNION ALL
       SELECT ref FROM ledger_transactions WHERE kind IN ('deposit', 'withdrawal', 'withdrawal_refund') GROUP BY ref HAVING count(*) > 1) d`,
  )
  model.check('every bet settled once, every deposit and withdrawal moved once', BigInt(twiceSettled.rows[0]!.n) === 0n, n, () => `${twiceSettled.rows[0]!.n} settled or moved twice`)
  if (final) {
    const sys = await q.query<{ kind: string; balance: bigint }>(`SELECT kind, SUM(balance)::bigint AS balance FROM ledger_accounts WHERE is_system GROUP BY kind`)
    const system = (kind: string) => BigInt(sys.rows.find((r) => r.kind === kind)?.balance ?? 0n)
    const m = (k: string) => model.moved[k] ?? 0n
    model.check("the house's books equal stakes less returns", system('house') === m('stakes') - m('returns'), n, () => `house ${system('house')}, stakes ${m('stakes')} less returns ${m('returns')}`)
    model.check('the bank account equals deposits less withdrawals paid', system('clearing') === m('withdrawals paid') - m('deposits'), n, () => `clearing ${system('clearing')}, deposits ${m('deposits')}, withdrawals paid ${m('withdrawals paid')}`)
    model.check('the promotions paid equal the rewards seen', system('promotions') === -(m('sign-in rewards') + m('VIP awards')), n, () => `promotions ${system('promotions')}, rewards ${m('sign-in rewards')} + VIP ${m('VIP awards')}`)
    const uncredited = await q.query<{ n: bigint }>(`SELECT count(*)::bigint AS n FROM psp_sandbox_pix x LEFT JOIN credited_payments c ON c.e2e_id = x.e2e_id WHERE c.e2e_id IS NULL`)
    model.check('every payment at the bank credited', BigInt(uncredited.rows[0]!.n) === 0n, n, () => `${uncredited.rows[0]!.n} payments never credited`)
    const sent = await q.query<{ total: bigint }>(`SELECT COALESCE(SUM(valor), 0)::bigint AS total FROM psp_sandbox_sends WHERE status = 'REALIZADO'`)
    const paid = model.moved['withdrawals paid'] ?? 0n
    model.check('the bank paid out what the model saw paid', BigInt(sent.rows[0]!.total) === paid, n, () => `bank ${sent.rows[0]!.total}, model ${paid}`)
  }
  // Each player's books against the model (those with nothing in flight).
  const books = await booksOf(q)
  for (const p of model.players) {
    if (p.busy) continue
    const { lo, hi } = model.bounds(p)
    const b = books.get(p.email) ?? 0n
    model.check("each player's books equal the model", b >= lo && b <= hi, n, () => `player ${p.index}: books ${b}, model ${lo === hi ? lo : `${lo}..${hi}`}`)
  }
}

async function run(kind: Kind, ctx: OpContext, p: Player, q: Player | null): Promise<void> {
  switch (kind) {
    case 'dice':
    case 'limbo':
      return players.instant(ctx, p, kind)
    case 'mines':
      return players.mines(ctx, p)
    case 'round':
      return players.round(ctx, p)
    case 'sport':
      return players.sport(ctx, p, 1)
    case 'parlay':
      return players.sport(ctx, p, ctx.rng.between(2, 3))
    case 'slot':
      return players.slot(ctx, p)
    case 'deposit':
      return players.deposit(ctx, p)
    case 'withdraw':
      return players.withdraw(ctx, p)
    case 'transfer':
      return players.transfer(ctx, p, q!)
    case 'resolve':
      return players.resolve(ctx, p)
    case 'balance':
      return players.balance(ctx, p)
    case 'finishMatch':
      return players.finishMatch(ctx)
    case 'signin':
      return players.signin(ctx, p)
    case 'limit':
      return players.limit(ctx, p)
    case 'pause':
      return players.pause(ctx, p)
  }
}

const inflight = new Set<Promise<void>>()
/** How long each kind of operation took, in all (its answers' latency, the waits for a round). */
const timeByKind: Record<string, { count: number; ms: number }> = {}
/**
 * Operations waiting for a player busy with an earlier one: each player's operations run one at a
 * time and in the plan's order, while the other players' go on (a busy player no longer holds up
 * the whole plan).
 */
const waiting: { n: number; who: Player[]; work: () => Promise<void> }[] = []
function pump(): void {
  for (let i = 0; i < waiting.length && inflight.size < concurrency; i++) {
    const w = waiting[i]!
    if (w.who.some((p) => p.busy) || waiting.slice(0, i).some((e) => e.who.some((p) => w.who.includes(p)))) continue
    waiting.splice(i--, 1)
    for (const p of w.who) p.busy = true
    const task: Promise<void> = w
      .work()
      .catch((err: unknown) => void model.check('every operation completes', false, w.n, () => String(err instanceof Error ? err.stack : err)))
      .finally(() => {
        for (const p of w.who) p.busy = false
        inflight.delete(task)
        pump()
      })
    inflight.add(task)
  }
}
async function launch(n: number, who: Player[], work: () => Promise<void>): Promise<void> {
  waiting.push({ n, who, work })
  pump()
  while (waiting.length > 4 * concurrency) await Promise.race(inflight)
}
/** Until every operation launched has run. */
async function drain(): Promise<void> {
  while (inflight.size || waiting.length) await Promise.race(inflight)
}

const progressEvery = Math.max(1000, Math.round(ops / 20 / 1000) * 1000)
const progress = (msg: string) => process.stderr.write(`sim ${((performance.now() - t0) / 1000).toFixed(0)}s: ${msg}\n`)

try {
  // The population: each registers, verifies its identity and makes a first deposit.
  const tag = `${seed}x${Date.now().toString(36)}`
  for (let i = 0; i < playerCount; i++) {
    const n = -playerCount + i
    await launch(n, [], async () => {
      const p = await players.join(ctxOf(n), i, tag)
      model.players[i] = p
      await players.deposit(ctxOf(n), p)
    })
  }
  await drain()
  await loadVipLevels(players, model.players[0]!)
  progress(`${playerCount} players joined`)
  // The crashes' own stream, so a shorter run (--ops) is a prefix of the longer one's plan.
  const crashRng = new Rng(seed, 2)
  const crashAt = new Set<number>()
  if (crashEvery > 0) for (let c = crashEvery; c <= ops; c += crashEvery) crashAt.add(c - 1 - crashRng.int(Math.max(1, Math.floor(crashEvery / 2))))

  for (let n = 0; n < ops; n++) {
    if (crashAt.has(n)) {
      await new Promise((r) => setTimeout(r, new Rng(seed, 2_000_000_000 + n).int(30)))
      crashes++
      await world.crash((q) => checkData(q, n, false))
      if (crashes % 10 === 0) progress(`op ${n}: ${crashes} crashes, ${model.violations.length} violations`)
    }
    if (n > 0 && n % progressEvery === 0) progress(`op ${n}, ${model.violations.length} violations`)
    const kind = plan.weighted(MIX)
    const p = model.players[plan.int(playerCount)]!
    let q: Player | null = null
    if (kind === 'transfer') {
      q = model.players[plan.int(playerCount)]!
      if (q === p) q = model.players[(p.index + 1) % playerCount]!
    }
    if (kind === 'finishMatch') {
      await launch(n, [], () => players.finishMatch(ctxOf(n)))
      continue
    }
    // A paused player only watches its balance (and tries a dice bet, which must be refused). At
    // most a twentieth of the players pause and a fifth set a limit: the rest keep playing.
    const share = (f: (x: Player) => boolean) => model.players.filter(f).length / playerCount
    let k: Kind = p.paused && kind !== 'resolve' && kind !== 'balance' && kind !== 'dice' ? 'resolve' : kind
    if ((k === 'pause' && share((x) => x.paused) >= 0.05) || (k === 'limit' && share((x) => x.limited) >= 0.2)) k = 'balance'
    await launch(n, q ? [p, q] : [p], async () => {
      const started = performance.now()
      const before = `${p.known}/${p.pending.size}`
      await run(k, ctxOf(n), p, q)
      model.trail(p, `${n} ${k}${q ? `->${q.index}` : ''}: ${before} -> ${p.known}/${p.pending.size}`)
      if (q) model.trail(q, `${n} transfer from ${p.index}: -> ${q.known}`)
      const t = (timeByKind[k] ??= { count: 0, ms: 0 })
      t.count++
      t.ms += performance.now() - started
    })
  }
  await drain()
  progress(`${ops} operations done; settling what is on its way`)

  // The end: every match with bets finished, every webhook held released, everything pending resolved.
  await world.flushHeld()
  for (const id of [...players.betMatches]) await players.finishMatch(ctxOf(ops), id)
  const deadline = Date.now() + 180_000
  for (;;) {
    const open = model.players.filter((p) => p.pending.size > 0)
    if (open.length === 0 || Date.now() > deadline) break
    for (const p of open) await launch(ops, [p], () => players.resolve(ctxOf(ops), p))
    await drain()
    if (model.players.some((p) => p.pending.size > 0)) await new Promise((r) => setTimeout(r, 2000))
  }
  // The VIP awards job credits within seconds: then every award counted.
  await new Promise((r) => setTimeout(r, 7000))
  for (const p of model.players) await launch(ops, [p], () => vipAwards(players, ctxOf(ops), p))
  await drain()
  for (const p of model.players) {
    model.check('everything on its way arrives', p.pending.size === 0, ops, () => `player ${p.index}: ${JSON.stringify([...p.pending.values()], (_, v) => (typeof v === 'bigint' ? String(v) : v))}`)
    await players.balance(ctxOf(ops), p)
  }
  await world.stop()
  await world.withDb((q) => checkData(q, ops, true))
} catch (err) {
  model.check('the simulation runs to its end', false, -1, () => `${String(err instanceof Error ? err.stack : err)}\n--- server output ---\n${world.output.slice(-3000)}`)
} finally {
  await world.dispose(flag('keep'))
}

const seconds = (performance.now() - t0) / 1000
const report = {
  seed,
  db,
  operations: ops,
  players: playerCount,
  crashes,
  dataChecks: dbChecks,
  seconds: Math.round(seconds),
  opsPerSecond: Math.round(ops / seconds),
  done: model.ops,
  meanMsByKind: Object.fromEntries(Object.entries(timeByKind).map(([k, v]) => [k, Math.round(v.ms / v.count)])),
  requests: Object.values(world.requests).reduce((a, b) => a + b, 0),
  requestsByRoute: Object.fromEntries(Object.entries(world.requests).sort((a, b) => b[1] - a[1])),
  faults: world.faults,
  checks: model.checks,
  violations: model.violations.length,
  unexplainedRefusals: players.unexpected,
  moved: Object.fromEntries(Object.entries(model.moved).map(([k, v]) => [k, String(v)])),
}
console.log(JSON.stringify(report, null, 2))
const out = arg('json', '')
if (out) (await import('node:fs')).writeFileSync(out, JSON.stringify({ ...report, firstViolations: model.violations.slice(0, 20) }, null, 2))
if (model.violations.length) {
  const first = model.violations[0]!
  console.error(`\nFIRST VIOLATION at operation ${first.op}: ${first.what}\n  ${first.detail}\n`)
  for (const v of model.violations.slice(1, 10)) console.error(`  then at ${v.op}: ${v.what}: ${v.detail.slice(0, 300)}`)
  console.error(`\nReplay: ${replay}${first.op >= 0 ? `\nThe shortest prefix that may show it: ${replay.replace(`--ops ${ops}`, `--ops ${first.op + 1}`)}` : ''}`)
  process.exit(1)
}
