/**
 * GET /metrics in Prometheus's text format (issue 34, first part), never public: off (404) unless
 * METRICS_TOKEN is set, then only for `Authorization: Bearer <METRICS_TOKEN>` (Prometheus's
 * `authorization` scrape setting). One registry per app (tests build several in one process):
 * - the process's own (prom-client's default collectors: CPU, memory, heap, handles, the event
 *   loop's lag, GC);
 * - `http_request_duration_seconds` {method, route, status}: every answer, by its route's pattern
 *   (`unmatched` for none: a URL's own text never becomes a label);
 * - `socket_connections`: this process's open sockets;
 * - what the domains count through deps.metrics (createMetrics, below): bets, money by kind, webhooks and
 *   payouts, group-commit batches, the database's pool and statement times.
 */
import { timingSafeEqual } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'

/**
 * The counters the domains move (issue 34): one object per app, handed to them in deps. Each fact
 * is counted in the one place that knows it, after the commit that makes it true, and costs a
 * counter increment: never a query. Without METRICS_TOKEN it is `noMetrics`, whose calls do
 * nothing (and the database is not timed at all: see `timedDb`).
 *
 * Labels are bounded: games are the catalogue's own ids (the originals, the round games, `sport`,
 * `provider:<provider code>`), kinds and outcomes are this file's lists; never a URL, an id or SQL.
 */

/** Money that crosses the house's border or moves between players, by kind (all centavos). */
type MoneyKind =
  /** a PIX deposit credited to a player (in) */
  | 'deposit'
  /** a withdrawal the payout provider paid (out) */
  | 'withdrawal'
  /** a withdrawal the payout provider refused: its hold went back to the player (no money left) */
  | 'withdrawal_refunded'
  /** a MED return booked against the player whose deposit it was (out) */
  | 'pix_return'
  /** a player-to-player transfer (inside) */
  | 'transfer'

/** What a settled bet was, from its stake and what it paid back (a void is a push). */
type BetOutcome = 'win' | 'lose' | 'push'

const betOutcome = (stake: bigint, returned: bigint): BetOutcome => (returned > stake ? 'win' : returned === stake ? 'push' : 'lose')

/** The database's pool as the metrics read it (PostgreSQL; PGlite has none). */
interface PoolStats {
  total: number
  idle: number
  waiting: number
}

export interface Metrics {
  /** The app's registry (null: metrics are off). */
  readonly registry: Registry | null
  /** A bet settled: its game, stake and what it returned (centavos). */
  betSettled(game: string, stake: bigint, returned: bigint): void
  /** A provider's round moved money: a bet's stake taken (`placed`), or a win or rollback paid back. */
  providerMoved(provider: string, op: 'bet' | 'win' | 'rollback', amount: bigint): void
  money(kind: MoneyKind, amount: bigint): void
  /** One payment or return a PIX webhook named, by what became of it (deposits/service.ts's outcomes, `unknown`, `refused`). */
  webhook(outcome: string): void
  /** A withdrawal's payout ended: `paid` or `failed`; `error`, a step that threw (retried). */
  payout(outcome: 'paid' | 'failed' | 'error'): void
  /** A group commit sent a batch of `size` items (`path`: casino, rounds, sport). */
  batch(path: string, size: number): void
  /** One statement (or transaction) took `seconds`. */
  statement(op: string, seconds: number): void
}

const noMetrics: Metrics = {
  registry: null,
  betSettled: () => undefined,
  providerMoved: () => undefined,
  money: () => undefined,
  webhook: () => undefined,
  payout: () => undefined,
  batch: () => undefined,
  statement: () => undefined,
}

/** The app's metrics, or `noMetrics` when none are scraped (no token). */
export function createMetrics(token: string | null, pool: () => PoolStats | null): Metrics {
  if (token === null) return noMetrics
  const registry = new Registry()
  const registers = [registry]
  const bets = new Counter({ name: 'bets_total', help: 'Bets settled, by game and outcome (win: paid more than its stake; push: its stake back; lose: less)', labelNames: ['game', 'outcome'] as const, registers })
  const stakes = new Counter({ name: 'bet_stakes_centavos_total', help: 'Stakes of the bets settled (provider rounds: of the bets placed), centavos, by game', labelNames: ['game'] as const, registers })
  const returns = new Counter({ name: 'bet_returns_centavos_total', help: 'What the bets settled paid back (provider rounds: wins and rollbacks), centavos, by game', labelNames: ['game'] as const, registers })
  const moneyCount = new Counter({ name: 'money_movements_total', help: 'Money movements by kind', labelNames: ['kind'] as const, registers })
  const moneySum = new Counter({ name: 'money_centavos_total', help: 'Money moved by kind, centavos', labelNames: ['kind'] as const, registers })
  const webhooks = new Counter({ name: 'pix_webhook_events_total', help: 'Payments and returns named by PIX webhooks, by what became of them', labelNames: ['outcome'] as const, registers })
  const payouts = new Counter({ name: 'payouts_total', help: "Withdrawals' payouts by result", labelNames: ['outcome'] as const, registers })
  const batches = new Histogram({
    name: 'group_commit_batch_size',
    help: 'Items per group-committed statement, by bet path',
    labelNames: ['path'] as const,
    buckets: [1, 2, 4, 8, 16, 32, 64, 128],
    registers,
  })
  const statements = new Histogram({
    name: 'db_statement_duration_seconds',
    help: "Database statements by their first keyword (a transaction's whole time as `transaction`)",
    labelNames: ['op'] as const,
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
    registers,
  })
  new Gauge({
    name: 'db_pool_connections',
    help: "The PostgreSQL pool's connections: total, idle, and requests waiting for one (absent on PGlite)",
    labelNames: ['state'] as const,
    registers,
    collect() {
      const p = pool()
      if (!p) return
      this.set({ state: 'total' }, p.total)
      this.set({ state: 'idle' }, p.idle)
      this.set({ state: 'waiting' }, p.waiting)
    },
  })
  return {
    registry,
    betSettled(game, stake, returned) {
      bets.inc({ game, outcome: betOutcome(stake, returned) })
      stakes.inc({ game }, Number(stake))
      returns.inc({ game }, Number(returned))
    },
    providerMoved(provider, op, amount) {
      const game = `provider:${provider}`
      if (op === 'bet') {
        bets.inc({ game, outcome: 'placed' })
        stakes.inc({ game }, Number(amount))
      } else returns.inc({ game }, Number(amount))
    },
    money(kind, amount) {
      moneyCount.inc({ kind })
      moneySum.inc({ kind }, Number(amount))
    },
    webhook: (outcome) => webhooks.inc({ outcome }),
    payout: (outcome) => payouts.inc({ outcome }),
    batch: (path, size) => batches.observe({ path }, size),
    statement: (op, seconds) => statements.observe({ op }, seconds),
  }
}

export function metricsRoutes(app: FastifyInstance, token: string | null, metrics: Metrics, live: { sockets(): number }): void {
  const register = metrics.registry
  if (token === null || register === null) return
  collectDefaultMetrics({ register })
  const http = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP answers by method, route pattern and status, and how long each took',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [register],
  })
  new Gauge({
    name: 'socket_connections',
    help: "This process's open socket.io connections",
    registers: [register],
    collect() {
      this.set(live.sockets())
    },
  })
  app.addHook('onResponse', async (request, reply) => {
    http.observe({ method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) }, reply.elapsedTime / 1000)
  })
  const expected = Buffer.from(`Bearer ${token}`)
  app.get('/metrics', async (request, reply) => {
    const given = Buffer.from(String(request.headers.authorization ?? ''))
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return reply.code(401).header('www-authenticate', 'Bearer realm="metrics"').header('cache-control', 'no-store').send({ error: 'unauthorized' })
    }
    return reply.header('cache-control', 'no-store').type(register.contentType).send(await register.metrics())
  })
  app.addHook('onClose', async () => register.clear())
}
