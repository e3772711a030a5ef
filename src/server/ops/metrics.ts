/**
 * GET /metrics in Prometheus's text format (issue 34, first part), never public: off (404) unless
 * METRICS_TOKEN is set, then only for `Authorization: Bearer <METRICS_TOKEN>` (Prometheus's
 * `authorization` scrape setting). One registry per app (tests build several in one process):
 * - the process's own (prom-client's default collectors: CPU, memory, heap, handles, the event
 *   loop's lag, GC);
 * - `http_request_duration_seconds` {method, route, status}: every answer, by its route's pattern
 *   (`unmatched` for none: a URL's own text never becomes a label);
 * - `socket_connections`: this process's open sockets.
 * The rest of issue 34's list (bets, money by kind, webhooks and payouts, group-commit batches,
 * sockets, the database pool) joins this registry.
 */
import { timingSafeEqual } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'

export function metricsRoutes(app: FastifyInstance, token: string | null, live: { sockets(): number }): void {
  if (token === null) return
  const register = new Registry()
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
