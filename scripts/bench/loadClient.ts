/**
 * The bet matrix's load client: one Node process for every virtual player, undici keep-alive
 * connections, against servers running in their own processes (the app, the bare baseline).
 * Each player keeps exactly one R$ 0,10 dice bet in flight (a new Idempotency-Key each); for each
 * player count the targets take turns, each a warm-up then a measured window, so the app and
 * the baseline see the same moment of this shared machine. A target of kind 'appSport' bets
 * R$ 0,10 sportsbook singles on the app instead (each player on the home side of one of the next
 * upcoming football matches, at whatever odds it has: acceptOdds 'any'). A target of kind
 * 'appWallet' plays a game provider against the app's seamless wallet: each player's test account
 * launches the demo game under PG, and each of its turns is a signed R$ 0,10 bet, then that
 * round's win (R$ 0,20 or nothing, in turn): one turn, two ledger movements, counted as one. A
 * target of kind 'appLimited' bets dice as 'app' does, with players who set limits of their own
 * (a daily loss and stake limit of R$ 100.000, never reached): every stake is checked against
 * them (rg_refusal, in the casino batch and in wallet_bets; issue 31).
 *
 * Run by scripts/bench.ts: `tsx scripts/bench/loadClient.ts <spec.json> <out.json>`.
 */
import { createHmac, createPrivateKey, randomBytes, sign, type KeyObject } from 'node:crypto'
import fs from 'node:fs'
import { pathToFileURL } from 'node:url'
import { Pool } from 'undici'
import { call, login, machineBusyMs, mapLimit, ok, processCpuMs, quantile, register, round } from './lib'

export interface LoadSpec {
  targets: { name: string; origin: string; kind: 'app' | 'bare' | 'appSport' | 'appWallet' | 'appLimited' | 'appHub88'; pid?: number; providerSecret?: string; hub88KeyFile?: string }[]
  players: number[]
  windowMs: number
  warmupMs: number
  /** Turns the measured window is cut into, the targets alternating (default 1). */
  slices?: number
}

export interface BetWindow {
  target: string
  players: number
  /** Successful replies that arrived within the measured window, per second of it (a failed bet is no bet). */
  betsPerSecond: number
  p50Ms: number
  p99Ms: number
  maxMs: number
  /** Bets started in the window (the last in flight are awaited and counted in the latencies). */
  bets: number
  /** Mean size of a reply's body, to show the two servers answer alike. */
  replyBytes: number
  /** Non-200 HTTP status or envelope status, or no reply at all. */
  failed: number
  warmupFailed: number
  firstFailure?: string
  /** This load client's CPU over the window, in cores (1 = one core busy all the time). */
  clientCpuCores: number
  /** The server process's CPU over the window, in cores (the database's own processes not counted). */
  serverCpuCores: number | null
  /** The whole machine's busy CPU over the window, in cores: beside the two above, it shows what else ran (PostgreSQL, other work). */
  machineCpuCores: number | null
}

/** A player: its session and the one bet it repeats (or, for the wallet, the provider's session and secret). */
export interface Player {
  /** The session it bets with; with `accounts`, the one it holds now. */
  token: string
  /** Sportsbook players draw their sessions from a pool (AccountPool). */
  accounts?: AccountPool
  path: string
  body: string
  wallet?: { secret: string }
  /** Hub88's side of a player: the key Hub88 signs with, and the player's public number. */
  hub88?: { key: KeyObject; user: string }
}
const DICE = { path: '/api/app/casino/dice/bet', body: JSON.stringify({ amount: '0.10', target: '50.50', condition: 'under' }) }
const run = randomBytes(4).toString('hex')
let keyCounter = 0

export async function appPlayers(pool: Pool, count: number, tag = ''): Promise<string[]> {
  // Each player: an account of its own, its test account (funded with play money), a session there.
  return mapLimit(
    Array.from({ length: count }, (_, i) => i),
    4,
    async (i) => {
      const owner = await register(pool, `bench-${run}${tag}-${i}@example.com`)
      const test = await ok(call<{ username: string; pwd: string }>(pool, 'GET', '/api/app/user/getUserTest', undefined, { authorization: owner }), 'getUserTest')
      return login(pool, test.username, test.pwd, `bench-${run}${tag}-${i}`)
    },
  )
}

/** Dice players who set a daily loss and stake limit (R$ 100.000, never reached at R$ 0,10 a bet) and a daily time limit (24 hours, never reached). */
async function limitedPlayers(pool: Pool, count: number): Promise<string[]> {
  const tokens = await appPlayers(pool, count, 'l')
  await mapLimit(tokens, 4, async (token) => {
    for (const [kind, value] of [['loss', '100000.00'], ['stake', '100000.00'], ['time', '1440']]) {
      await ok(call(pool, 'PUT', '/api/app/rg/limits', { kind, period: 'day', value }, { authorization: token, 'idempotency-key': randomBytes(12).toString('hex') }), 'limit')
    }
  })
  return tokens
}

async function barePlayers(pool: Pool, count: number): Promise<string[]> {
  return ok(call<string[]>(pool, 'POST', '/bench/players', { count }), 'bare players')
}

/** A sportsbook stake stays out until its match ends, long after the run: a test account's R$ 1.000 pays for this many R$ 0,10 bets, with a margin. */
const SPORT_BETS_PER_ACCOUNT = 9_000

/**
 * The sportsbook players' accounts. A single player at full speed places more bets in a window
 * than one account can pay for (its stakes are not won back within the run, as dice's are), so
 * each virtual player holds an account for a window and, when that account has placed what it
 * can pay for, swaps it for the free account with the most left; a refusal for want of money
 * would count as a failed bet and measure nothing. An account that has placed its share is never
 * lent again.
 */
class AccountPool {
  private readonly left = new Map<string, number>()
  private readonly free = new Set<string>()

  constructor(tokens: string[]) {
    for (const t of tokens) {
      this.left.set(t, SPORT_BETS_PER_ACCOUNT)
      this.free.add(t)
    }
  }

  /** The free account with the most bets left. */
  take(): string {
    let best: string | null = null
    for (const t of this.free) if (best === null || this.left.get(t)! > this.left.get(best)!) best = t
    if (best === null || this.left.get(best)! <= 0) throw new Error('the sportsbook players ran out of funded accounts')
    this.free.delete(best)
    return best
  }

  give(token: string): void {
    if (this.left.get(token)! > 0) this.free.add(token)
  }

  /** Counts one bet on `token`; answers the session to bet with next (another one when this one has placed its share). */
  spend(token: string): string {
    const left = this.left.get(token)! - 1
    this.left.set(token, left)
    if (left > 0) return token
    return this.take()
  }
}

/** How far ahead a sportsbook player's match must kick off (the full bench runs about 30 minutes). */
const KICKOFF_MARGIN_MS = 60 * 60_000

/** A selection the slip sends: its id and the odds shown. */
export interface Pick {
  selectionId: string
  odds: number
}

/**
 * The home side of each of the next `count` upcoming football matches that kick off more than
 * `marginMs` from now (or of the next ones, when fewer than `count` do): one that starts during a
 * measure closes its pre-match market, and its bets are refused (4202) for a reason the bench does not measure.
 */
export async function homePicks(pool: Pool, count: number, marginMs: number): Promise<Pick[]> {
  const upcoming = await ok(call<{ matchId: string; startsAt: number }[]>(pool, 'GET', '/api/app/sport/matches?sport=football&state=upcoming'), 'upcoming matches')
  const later = upcoming.filter((m) => m.startsAt > Date.now() + marginMs)
  return mapLimit((later.length >= count ? later : upcoming).slice(0, count), 4, async (m) => {
    const detail = await ok(call<{ markets: { type: string; period: number; selections: { selectionId: string; name: string; odds: number }[] }[] }>(pool, 'GET', `/api/app/sport/match/${m.matchId}`), 'match')
    const home = detail.markets.find((x) => x.type === '1x2' && x.period === 1)!.selections.find((s) => s.name === 'home')!
    return { selectionId: home.selectionId, odds: home.odds }
  })
}

/** Sportsbook players: each bets on the home side of one of the next upcoming football matches that start after the bench (round-robin). */
async function sportPlayers(pool: Pool, count: number, tag: string): Promise<Player[]> {
  // Twice as many accounts as players: the first windows' players empty a few, and the last
  // window needs a funded one for each of its players.
  const tokens = await appPlayers(pool, 2 * count, tag)
  // Matches that kick off after the whole bench.
  const picks = await homePicks(pool, 8, KICKOFF_MARGIN_MS)
  const accounts = new AccountPool(tokens)
  return tokens.slice(0, count).map((token, i) => ({
    token,
    accounts,
    path: '/api/app/sport/bet',
    body: JSON.stringify({ type: 'single', amount: '0.10', selections: [picks[i % picks.length]], acceptOdds: 'any' }),
  }))
}

/** A test account's session of the demo game under PG, as the provider's wallet calls name it (the token it calls with). */
export async function launchDemoGame(pool: Pool, token: string, secret: string): Promise<Player> {
  const launched = await ok(call<{ url: string }>(pool, 'POST', '/api/app/game/launch', { productCode: 'PG', game: 'demo-fruits' }, { authorization: token }), 'launch')
  const session = new URL(launched.url, 'http://x').searchParams.get('token')
  if (!session) throw new Error(`launch gave no session token: ${launched.url}`)
  return { token: session, path: '/api/provider/PG/wallet', body: '', wallet: { secret } }
}

/** Wallet players: each test account's session of the demo game under PG. */
async function walletPlayers(pool: Pool, count: number, secret: string): Promise<Player[]> {
  const tokens = await appPlayers(pool, count, 'w')
  return mapLimit(tokens, 4, (token) => launchDemoGame(pool, token, secret))
}

/**
 * Hub88's players: each test account launches BG's bgm_demo-fruits (served through the Hub88
 * emulator), and the load client plays Hub88 itself, calling /api/hub88 signed with Hub88's key.
 */
async function hub88Players(pool: Pool, count: number, keyFile: string): Promise<Player[]> {
  const tokens = await appPlayers(pool, count, 'h')
  const key = createPrivateKey((JSON.parse(fs.readFileSync(keyFile, 'utf8')) as { hub88: string }).hub88)
  return mapLimit(tokens, 4, async (token) => {
    const launched = await ok(call<{ url: string }>(pool, 'POST', '/api/app/game/launch', { productCode: 'BG', game: 'bgm_demo-fruits' }, { authorization: token }), 'launch')
    // The game page's token is the emulator's: the operator's session token and the player's number, signed (hub88/emulator.ts).
    const claims = JSON.parse(Buffer.from((new URL(launched.url, 'http://x').searchParams.get('token') ?? '').split('.')[0] ?? '', 'base64url').toString('utf8')) as { t: string; u: string }
    return { token: claims.t, path: '/api/hub88/transaction', body: '', hub88: { key, user: claims.u } }
  })
}

/** One Hub88 call, signed as Hub88 signs; null when it answered RS_OK. */
async function hub88Call(pool: Pool, player: Player, op: 'bet' | 'win', body: Record<string, unknown>, tally: Tally): Promise<string | null> {
  const raw = JSON.stringify(body)
  const res = await pool.request({ method: 'POST', path: `${player.path}/${op}`, headers: { 'content-type': 'application/json', 'x-hub88-signature': sign('sha256', Buffer.from(raw), player.hub88!.key).toString('base64') }, body: raw })
  const text = await res.body.text()
  tally.bytes += text.length
  return res.statusCode === 200 && text.includes('"status":"RS_OK"') ? null : `${op}: HTTP ${res.statusCode}: ${text.slice(0, 200)}`
}

/** One signed wallet call; null when it answered OK. */
async function walletCall(pool: Pool, player: Player, op: 'bet' | 'win', body: Record<string, unknown>, tally: Tally): Promise<string | null> {
  const raw = JSON.stringify(body)
  const res = await pool.request({
    method: 'POST',
    path: `${player.path}/${op}`,
    headers: { 'content-type': 'application/json', 'x-signature': createHmac('sha256', player.wallet!.secret).update(raw).digest('hex') },
    body: raw,
  })
  const text = await res.body.text()
  tally.bytes += text.length
  return res.statusCode === 200 && text.startsWith('{"status":"OK"') ? null : `${op}: HTTP ${res.statusCode}: ${text.slice(0, 200)}`
}

/** A provider's round: the bet, then its win. */
export async function walletRound(pool: Pool, player: Player, tally: Tally): Promise<string | null> {
  const id = `${run}-${keyCounter++}`
  const round = { token: player.token, game: 'demo-fruits', roundId: id }
  try {
    const placed = await walletCall(pool, player, 'bet', { requestId: `${id}-b`, ...round, transactionId: `${id}-bet`, amount: 10, currency: 'BRL' }, tally)
    if (placed !== null) return placed
    return await walletCall(pool, player, 'win', { requestId: `${id}-w`, ...round, transactionId: `${id}-win`, referenceTransactionId: `${id}-bet`, amount: keyCounter % 2 ? 20 : 0, currency: 'BRL' }, tally)
  } catch (err) {
    return String(err)
  }
}

/** Hub88's round: the bet, then its win (amounts x100000: R$ 0,10 is 10000). */
async function hub88Round(pool: Pool, player: Player, tally: Tally): Promise<string | null> {
  const id = `${run}-${keyCounter++}`
  const round = { user: player.hub88!.user, token: player.token, game_code: 'bgm_demo-fruits', round: id, currency: 'BRL' }
  try {
    const placed = await hub88Call(pool, player, 'bet', { request_uuid: `${id}-b`, ...round, transaction_uuid: `${id}-bet`, amount: 10_000 }, tally)
    if (placed !== null) return placed
    return await hub88Call(pool, player, 'win', { request_uuid: `${id}-w`, ...round, transaction_uuid: `${id}-win`, reference_transaction_uuid: `${id}-bet`, amount: keyCounter % 2 ? 20_000 : 0 }, tally)
  } catch (err) {
    return String(err)
  }
}

async function bet(pool: Pool, player: Player, tally: Tally): Promise<string | null> {
  if (player.wallet) return walletRound(pool, player, tally)
  if (player.hub88) return hub88Round(pool, player, tally)
  try {
    const res = await pool.request({
      method: 'POST',
      path: player.path,
      headers: { 'content-type': 'application/json', authorization: player.token, 'idempotency-key': `${run}-${keyCounter++}` },
      body: player.body,
    })
    const text = await res.body.text()
    tally.bytes += text.length
    if (res.statusCode !== 200) return `HTTP ${res.statusCode}: ${text.slice(0, 200)}`
    // The envelope's status is its first field in both servers; parse only when it is not 200.
    if (!text.startsWith('{"status":200,')) {
      const status = (JSON.parse(text) as { status?: number }).status
      if (status !== 200) return text.slice(0, 200)
    }
    return null
  } catch (err) {
    return String(err)
  }
}

/** A window's running sums: its bets, and the CPU time and wall time it took. */
export interface Tally {
  latencies: number[]
  /** With BENCH_LATENCY_TRACE: when each bet started, in ms after its turn began (beside `latencies`). */
  starts?: number[]
  bytes: number
  failed: number
  inWindow: number
  firstFailure?: string
  wallMs: number
  clientCpuMs: number
  serverCpuMs: number | null
  machineCpuMs: number | null
}
export const newTally = (): Tally => ({ ...(process.env.BENCH_LATENCY_TRACE ? { starts: [] } : {}), latencies: [], bytes: 0, failed: 0, inWindow: 0, wallMs: 0, clientCpuMs: 0, serverCpuMs: 0, machineCpuMs: 0 })
const minus = (a: number | null, b: number | null) => (a === null || b === null ? null : a - b)
const plus = (a: number | null, b: number | null) => (a === null || b === null ? null : a + b)

/** Every player bets back to back until `ms` have passed; bets started before then are awaited. Adds to `tally`. */
async function drive(pool: Pool, players: Player[], ms: number, tally: Tally, pid: number | undefined): Promise<void> {
  const cpu0 = process.cpuUsage()
  const server0 = pid ? processCpuMs(pid) : null
  const machine0 = machineBusyMs()
  const start = performance.now()
  const deadline = start + ms
  await Promise.all(
    players.map(async (player) => {
      if (player.accounts) player.token = player.accounts.take()
      while (performance.now() < deadline) {
        if (player.accounts) player.token = player.accounts.spend(player.token)
        const t0 = performance.now()
        const failure = await bet(pool, player, tally)
        const t1 = performance.now()
        tally.latencies.push(t1 - t0)
        tally.starts?.push(t0 - start)
        if (failure !== null) {
          tally.failed++
          tally.firstFailure ??= failure
        } else if (t1 <= deadline) tally.inWindow++
      }
      player.accounts?.give(player.token)
    }),
  )
  tally.wallMs += performance.now() - start
  const cpu = process.cpuUsage(cpu0)
  tally.clientCpuMs += (cpu.user + cpu.system) / 1000
  tally.serverCpuMs = plus(tally.serverCpuMs, minus(pid ? processCpuMs(pid) : null, server0))
  tally.machineCpuMs = plus(tally.machineCpuMs, minus(machineBusyMs(), machine0))
}

/**
 * One player count on every target: each warms up, then the targets take turns measuring,
 * `slices` turns of windowMs / slices each (1: one window each, as issue 11 measures; more cut
 * the window so the targets see the same moments of a machine whose other load moves).
 */
async function measure(spec: LoadSpec, pools: Pool[], tokens: Player[][], n: number): Promise<BetWindow[]> {
  const warm = spec.targets.map(() => newTally())
  const tallies = spec.targets.map(() => newTally())
  for (const [i, target] of spec.targets.entries()) await drive(pools[i]!, tokens[i]!.slice(0, n), spec.warmupMs, warm[i]!, target.pid)
  const slices = spec.slices ?? 1
  for (let slice = 0; slice < slices; slice++) {
    for (const [i, target] of spec.targets.entries()) await drive(pools[i]!, tokens[i]!.slice(0, n), spec.windowMs / slices, tallies[i]!, target.pid)
  }
  return spec.targets.map((target, i) => {
    const m = tallies[i]!
    // One line per window: each bet's start and latency, to see when the slow ones happened.
    if (process.env.BENCH_LATENCY_TRACE) fs.appendFileSync(process.env.BENCH_LATENCY_TRACE, JSON.stringify({ target: target.name, players: n, starts: m.starts, latencies: m.latencies }) + '\n')
    const firstFailure = m.firstFailure ?? warm[i]!.firstFailure
    const cores = (ms: number | null) => (ms === null ? null : round(ms / m.wallMs, 3))
    return {
      target: target.name,
      players: n,
      betsPerSecond: round(m.inWindow / (spec.windowMs / 1000)),
      p50Ms: round(quantile(m.latencies, 0.5), 2),
      p99Ms: round(quantile(m.latencies, 0.99), 2),
      maxMs: round(Math.max(...m.latencies), 2),
      bets: m.latencies.length,
      replyBytes: Math.round(m.bytes / Math.max(1, m.latencies.length)),
      failed: m.failed,
      warmupFailed: warm[i]!.failed,
      ...(firstFailure ? { firstFailure } : {}),
      clientCpuCores: cores(m.clientCpuMs)!,
      serverCpuCores: cores(m.serverCpuMs),
      machineCpuCores: cores(m.machineCpuMs),
    }
  })
}

/** The bet matrix, as scripts/bench.ts runs it; the soak (scripts/bench/soak.ts) imports the players above instead. */
async function main(): Promise<void> {
  const [specPath, outPath] = process.argv.slice(2)
  if (!specPath || !outPath) throw new Error('usage: loadClient.ts <spec.json> <out.json>')
  const spec = JSON.parse(fs.readFileSync(specPath, 'utf8')) as LoadSpec
  const most = Math.max(...spec.players)
  const pools = spec.targets.map((t) => new Pool(t.origin, { connections: most + 4, keepAliveTimeout: 60_000 }))
  const tokens: Player[][] = []
  const dice = (list: string[]) => list.map((token) => ({ token, ...DICE }))
  for (const [i, target] of spec.targets.entries()) {
    const t0 = performance.now()
    const made =
      target.kind === 'app'
        ? dice(await appPlayers(pools[i]!, most))
        : target.kind === 'appSport'
          ? await sportPlayers(pools[i]!, most, 's')
          : target.kind === 'appWallet'
            ? await walletPlayers(pools[i]!, most, target.providerSecret ?? '')
            : target.kind === 'appHub88'
              ? await hub88Players(pools[i]!, most, target.hub88KeyFile ?? '')
            : target.kind === 'appLimited'
              ? dice(await limitedPlayers(pools[i]!, most))
              : dice(await barePlayers(pools[i]!, most))
    tokens.push(made)
    process.stderr.write(`bench: ${most} players ready on ${target.name} in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`)
  }
  const windows: BetWindow[] = []
  for (const n of spec.players) {
    for (const w of await measure(spec, pools, tokens, n)) {
      windows.push(w)
      process.stderr.write(
        `bench: ${w.target} ${n} players: ${w.betsPerSecond} bets/s, p50 ${w.p50Ms} ms, p99 ${w.p99Ms} ms, failed ${w.failed}, client CPU ${w.clientCpuCores} cores\n`,
      )
    }
  }
  await Promise.all(pools.map((p) => p.close()))
  fs.writeFileSync(outPath, JSON.stringify({ windows }, null, 2))
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main()
