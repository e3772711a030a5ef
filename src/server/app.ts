import fs from 'node:fs'
import path from 'node:path'
import formbody from '@fastify/formbody'
import fastifyStatic from '@fastify/static'
import Fastify, { type FastifyInstance } from 'fastify'
import { appInfoRoutes } from './appInfo/routes'
import { createCaptchaService } from './auth/captcha'
import { passwordResetRoutes } from './auth/passwordReset'
import { createPasswordHasher } from './auth/passwords'
import { RateLimiter } from './auth/RateLimiter'
import { authRoutes } from './auth/routes'
import { createSessionStore } from './auth/sessions'
import { casinoRoutes } from './casino/routes'
import { ConfigError, fastifyTrustProxy, type Config } from './config'
import { openDb, timedDb, type Db } from './db/connection'
import { migrate } from './db/migrate'
import type { Deps } from './deps'
import { depositRoutes } from './deposits/routes'
import { devTuningRoutes } from './dev/tuningRoute'
import { endGame, gameRoutes } from './game/routes'
import { frameworkErrors, installErrorHandling, notFound } from './http/errorHandler'
import { clientCacheControl } from './http/clientCache'
import { indexPages, sendPage, showsHome } from './http/indexHtml'
import { serveOpsClient } from './http/opsClient'
import { endConnectionsOnClose } from './http/endConnectionsOnClose'
import { loggerOptions } from './http/logging'
import { installSecurityHeaders, withHeadersBeforeRouting } from './http/securityHeaders'
import { buildKycRails } from './kyc/buildKycRails'
import { kycRoutes } from './kyc/routes'
import { createMailer } from './mail/Mailer'
import { startPgliteVacuum } from './maintenance/pgliteVacuum'
import { startRetention } from './maintenance/retention'
import { buildPixRails, type PixRails } from './payments/buildProviders'
import { DemoProvider } from './providers/demoProvider'
import type { Hub88Emulator } from './providers/hub88/emulator'
import { hub88Hosts } from './providers/hub88/hosts'
import { providerRegistry } from './providers/registry'
import { attachRealtime, type Realtime } from './realtime/realtime'
import { protectionRoutes } from './protection/routes'
import { recordRoutes } from './records/routes'
import { transferRoutes } from './transfers/routes'
import { userRoutes } from './user/routes'
import { withdrawalRoutes } from './withdrawals/routes'
import { giftsThatPay } from './wallet/promoEv'
import { NoticeBoard } from './ops/notices'
import { opsConsoleRoutes } from './ops/console/consoleRoutes'
import type { Domain } from './domain'
import { loyaltyDomain } from './loyalty/domain'
import { paymentsDomain } from './payments/domain'
import type { PixJobs } from './payments/PixJobs'
import { providersDomain } from './providers/domain'
import { roundsDomain } from './rounds/domain'
import type { Rounds } from './rounds/Rounds'
import { healthRoutes } from './ops/health'
import { createMetrics, metricsRoutes } from './ops/metrics'
import { sportDomain } from './sport/domain'
import type { OddsFeed } from './sport/OddsFeed'
import type { PayoutProcessor } from './withdrawals/PayoutProcessor'

const selfUrlBeforeListen = (): string => {
  throw new Error('not listening yet')
}

export interface BuildOptions {
  /** An already open database (tests share a migrated one); otherwise opened from the config. */
  db?: Db
  /** The clock every expiry and limit reads; tests move it. */
  now?: () => number
  /** Where the log goes when `config.log` is on (tests read it); standard output otherwise. */
  logStream?: NodeJS.WritableStream
}

export interface App extends FastifyInstance {
  deps: Deps
  /** The PIX rails (the emulator among them in sandbox mode): tests reach the bank through it. */
  pixRails: PixRails | null
  /** The Hub88 emulator when it runs (demo mode, a code served by Hub88, HUB88_URL unset): tests drive its faults. */
  hub88Emulator: Hub88Emulator | null
}

/** Builds the whole server, migrated and ready, without listening (tests use `inject`). */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<App> {
  const now = options.now ?? Date.now
  const opened = options.db ?? (await openDb(config))
  await migrate(opened)
  const metrics = createMetrics(config.metricsToken, () => opened.pool())
  // Every statement timed for the metrics, only when they are on (ops/metrics.ts).
  const db = metrics.registry ? timedDb(opened, metrics.statement) : opened
  if (config.production) {
    // Production refuses gifts that pay a player who clears them at the best odds (issue 29).
    // The demo provider is served by this server, so its catalogue cannot be read before it listens;
    // production's configuration refuses it anyway (config/index.ts), so it is not weighed here.
    const remote = [...providerRegistry(config.gameProviders, { demoUrl: selfUrlBeforeListen, hub88: hub88Hosts(config, selfUrlBeforeListen) })].filter(([, p]) => !(p instanceof DemoProvider))
    const paying = await giftsThatPay(db, { sport: config.sport, providers: new Map(remote), wallet: config.wallet })
    if (paying.length) {
      if (!options.db) await db.close()
      throw new ConfigError(paying.map((g) => `${g.label} (gift R$ ${g.gift.toFixed(2)}) would be worth R$ ${g.ev.toFixed(2)} to a player who clears it on ${g.bestBet}: lower that game's WAGER_CONTRIBUTION or raise the wagering (npx tsx scripts/promo-ev.ts lists every gift).`))
    }
  }

  const app = Fastify({
    logger: config.log ? loggerOptions(options.logStream) : false,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    requestTimeout: config.httpTimeoutMs,
    connectionTimeout: config.httpTimeoutMs,
    bodyLimit: 64 * 1024,
    // The client builds URLs from strings; be lenient with a trailing slash but not with case.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    return503OnClosing: true,
    frameworkErrors: withHeadersBeforeRouting(config, frameworkErrors),
  }) as unknown as App
  // onClose hooks run last-registered first: the database, registered first, closes last, once every
  // domain's jobs have stopped (it once closed first, under the jobs still running).
  app.addHook('onClose', async () => {
    if (!options.db) await db.close()
  })

  await app.register(formbody, { bodyLimit: 64 * 1024 })
  endConnectionsOnClose(app)
  installSecurityHeaders(app, config)
  installErrorHandling(app)

  const sessions = createSessionStore(db, config, now)
  let realtime: Realtime | null = null
  let rounds: Rounds | null = null
  let sportFeed: OddsFeed | null = null
  /** This process's open sockets (once the socket server is attached, after the domains). */
  let sockets = () => 0
  let money: ReturnType<typeof paymentsDomain> = { payouts: null, pixJobs: null }
  // This server's own address once it listens: the demo provider and the PSP emulator live on it.
  const selfUrl = () => {
    const a = app.server.address()
    if (!a || typeof a === 'string') throw new Error('not listening')
    const host = a.address === '0.0.0.0' || a.address === '::' ? '127.0.0.1' : a.family === 'IPv6' ? `[${a.address}]` : a.address
    return `http://${host}:${a.port}`
  }
  const rails = buildPixRails(config, { db, now, selfUrl, log: app.log })
  const kyc = buildKycRails(config, { now, selfUrl, log: app.log })
  const deps: Deps = {
    config,
    db,
    now,
    sessions,
    captcha: createCaptchaService(db, { ttlMs: config.captchaTtlMs, fixedAnswer: config.captchaFixedAnswer, now }),
    hasher: createPasswordHasher(config.argon2),
    limiter: new RateLimiter(now),
    mailer: createMailer({ smtpUrl: config.smtpUrl, outboxDir: config.mailOutboxDir, from: config.mailFrom }),
    get realtime(): Realtime {
      if (!realtime) throw new Error('realtime not attached')
      return realtime
    },
    payments: rails?.payments ?? null,
    providers: providerRegistry(config.gameProviders, { demoUrl: selfUrl, hub88: hub88Hosts(config, selfUrl) }),
    get payouts(): PayoutProcessor | null {
      return money.payouts
    },
    get pixJobs(): PixJobs | null {
      return money.pixJobs
    },
    kyc: kyc.provider,
    metrics,
  }
  app.decorate('deps', deps)
  app.decorate('pixRails', rails)

  // Notices: the ops token's call and the console's post through one board.
  const notices = new NoticeBoard(deps)
  // The domains, each with its routes and its jobs (src/server/domain.ts).
  const domains: Domain[] = [
    appInfoRoutes,
    authRoutes,
    passwordResetRoutes,
    userRoutes,
    gameRoutes,
    depositRoutes,
    (app, deps) => void (money = paymentsDomain(app, deps, rails)),
    (app, deps) => void app.decorate('hub88Emulator', providersDomain(app, deps, selfUrl)),
    withdrawalRoutes,
    transferRoutes,
    (app, deps) => kycRoutes(app, deps, kyc.emulator),
    recordRoutes,
    protectionRoutes,
    (app, deps) => casinoRoutes(app, deps, deps.config.casino),
    (app, deps) => void (rounds = roundsDomain(app, deps)),
    (app, deps) => healthRoutes(app, deps, () => rounds),
    (app, deps) => metricsRoutes(app, deps.config.metricsToken, deps.metrics, { sockets: () => sockets() }),
    loyaltyDomain,
    // The operators' console (issue 35): its own sessions and roles (ops/console/).
    (app, deps) => opsConsoleRoutes(app, deps, notices, { sportFeed: () => sportFeed }),
    // The dev scene switcher's save: outside production, for a test build only (dev/tuningRoute.ts).
    devTuningRoutes,
    startRetention,
    startPgliteVacuum,
  ]
  for (const domain of domains) await domain(app, deps)
  const feed = await sportDomain(app, deps)
  sportFeed = feed
  await notices.load()
  notices.routes(app)
  // Socket events across processes go through the configured PostgreSQL (tests that hand in a
  // database of their own run one process and need none).
  const attached = attachRealtime(app, sessions, { offGame: (userId, gameCode) => endGame(db, userId, gameCode), notice: (userId) => notices.latest(userId) }, !options.db && db.kind === 'postgres' ? config.databaseUrl : null, { limits: config.realtime, trustProxy: config.trustProxy, feed }, now)
  realtime = attached.realtime
  sockets = () => attached.io.engine.clientsCount

  // The operators' console's page before the players' client, whose fallback takes every other path.
  await serveOpsClient(app, config)
  await serveClient(app, config.clientDir, config.production)
  return app
}

/**
 * The built client from the same origin; any non-API path gets index.html (client-side routes).
 * In production no source map is served, should a build have left one behind.
 */
async function serveClient(app: FastifyInstance, clientDir: string | null, production: boolean): Promise<void> {
  const root = clientDir !== null && fs.existsSync(path.join(clientDir, 'index.html')) ? clientDir : null
  const hidden = (file: string) => production && file.endsWith('.map')
  // The page of every client route, in its home and other forms (http/indexHtml.ts).
  const pages = root !== null ? indexPages(path.join(root, 'index.html')) : null
  if (root !== null) {
    await app.register(fastifyStatic, {
      root,
      index: false,
      wildcard: false,
      globIgnore: production ? ['**/*.map'] : [],
      // The build writes .br and .gz beside each file (vite.config.ts): sent by Accept-Encoding.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, file) => reply.header('cache-control', clientCacheControl(root, file)),
    })
    // Browsers that never read the page's <link rel="icon"> still ask for /favicon.ico.
    app.get('/favicon.ico', (_request, reply) => reply.code(301).header('cache-control', 'no-cache').redirect('/favicon.svg'))
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url
    const isApi = url.startsWith('/api') || url.startsWith('/gamecenter-siop')
    if (root !== null && !isApi && request.method === 'GET') {
      const query = url.indexOf('?')
      const pathname = query === -1 ? url : url.slice(0, query)
      const file = path.join(root, decodeURIComponent(pathname))
      if (file.startsWith(root + path.sep) && !hidden(file) && fs.existsSync(file) && fs.statSync(file).isFile()) {
        return reply.sendFile(path.relative(root, file))
      }
      // A missing file (a name with an extension) is a 404; any other path is a client route.
      if (pages !== null && !/\.[a-z0-9]+$/i.test(pathname)) {
        return sendPage(request, reply, showsHome(pathname) ? pages.home : pages.other)
      }
    }
    return notFound(request, reply)
  })
}
