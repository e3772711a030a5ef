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
import { openDb, type Db } from './db/connection'
import { migrate } from './db/migrate'
import type { Deps } from './deps'
import { depositRoutes } from './deposits/routes'
import { endGame, gameRoutes } from './game/routes'
import { frameworkErrors, installErrorHandling, notFound } from './http/errorHandler'
import { clientCacheControl } from './http/clientCache'
import { loggerOptions } from './http/logging'
import { installSecurityHeaders, providerPage, withHeadersBeforeRouting } from './http/securityHeaders'
import { kycRoutes } from './kyc/routes'
import { createMailer } from './mail/Mailer'
import { startRetention } from './maintenance/retention'
import { buildPixRails, type PixRails } from './payments/buildProviders'
import { PixJobs } from './payments/PixJobs'
import { paymentRoutes } from './payments/routes'
import { PROVIDER_WALLET_PREFIX, providerWalletRoutes } from './providers/routes'
import { DemoProvider } from './providers/demoProvider'
import { providerSecretOf } from './providers/secrets'
import { demoProviderPlugin } from '../../demo-provider/server/demoProvider'
import { providerRegistry } from './providers/registry'
import { startPayoutAlert } from './providers/payoutAlert'
import { attachRealtime, type Realtime } from './realtime/realtime'
import { recordRoutes } from './records/routes'
import { transferRoutes } from './transfers/routes'
import { userRoutes } from './user/routes'
import { PayoutProcessor } from './withdrawals/PayoutProcessor'
import { withdrawalRoutes } from './withdrawals/routes'
import { Rounds } from './rounds/Rounds'
import { roundEvents } from './rounds/roundEvents'
import { roundRoutes } from './rounds/routes'
import { sportRoutes } from './sport/routes'
import { sportFeedOf } from './sport/feeds'
import { SportPublisher } from './sport/SportPublisher'
import { SportSettler } from './sport/SportSettler'
import { startVipAwards } from './vip/awards'
import { giftsThatPay } from './wallet/promoEv'
import { vipRoutes } from './vip/routes'
import { startReferralCommissions } from './referral/commissions'
import { referralRoutes } from './referral/routes'
import { signinRoutes } from './signin/routes'
import { NoticeBoard } from './ops/notices'

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
}

/** Builds the whole server, migrated and ready, without listening (tests use `inject`). */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<App> {
  const now = options.now ?? Date.now
  const db = options.db ?? (await openDb(config))
  await migrate(db)
  if (config.production) {
    // Production refuses gifts that pay a player who clears them at the best odds (issue 29).
    const paying = await giftsThatPay(db, { sport: config.sport, providers: providerRegistry(config.gameProviders), wallet: config.wallet })
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

  await app.register(formbody, { bodyLimit: 64 * 1024 })
  installSecurityHeaders(app, config)
  installErrorHandling(app)

  const sessions = createSessionStore(db, config, now)
  let realtime: Realtime | null = null
  let payouts: PayoutProcessor | null = null
  let pixJobs: PixJobs | null = null
  // This server's own address once it listens: the demo provider and the PSP emulator live on it.
  const selfUrl = () => {
    const a = app.server.address()
    if (!a || typeof a === 'string') throw new Error('not listening')
    const host = a.address === '0.0.0.0' || a.address === '::' ? '127.0.0.1' : a.family === 'IPv6' ? `[${a.address}]` : a.address
    return `http://${host}:${a.port}`
  }
  const rails = buildPixRails(config, { db, now, selfUrl, log: app.log })
  const payoutProvider = rails?.payouts ?? null
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
    providers: providerRegistry(config.gameProviders),
    get payouts(): PayoutProcessor | null {
      return payouts
    },
    get pixJobs(): PixJobs | null {
      return pixJobs
    },
  }
  if (rails) pixJobs = new PixJobs(deps, rails.payments, { everyMs: config.wallet.pix.reconcileEveryMs, windowMs: config.wallet.pix.reconcileWindowMs }, app.log)
  if (payoutProvider) {
    payouts = new PayoutProcessor(deps, payoutProvider.provider, app.log, payoutProvider.everyMs)
  } else {
    app.log.warn({ appMode: config.appMode }, 'no payout provider: withdrawals stay pending until one is configured')
  }
  app.decorate('deps', deps)
  app.decorate('pixRails', rails)

  appInfoRoutes(app, deps)
  authRoutes(app, deps)
  passwordResetRoutes(app, deps)
  userRoutes(app, deps)
  gameRoutes(app, deps)
  depositRoutes(app, deps)
  paymentRoutes(app, deps, rails?.emulator ?? null)
  providerWalletRoutes(app, deps)
  // The built-in demo provider's own server, on this port: it calls the wallet above over HTTP.
  demoProviderPlugin(app, {
    walletUrl: () => `${selfUrl()}${PROVIDER_WALLET_PREFIX}`,
    secretOf: (code) => ([...deps.providers.values()].some((p) => p.code === code && p instanceof DemoProvider) ? providerSecretOf(config, code) : null),
    faults: config.demoProviderFaults && !config.production,
    page: { dir: config.demoProviderDir, routeOptions: { helmet: providerPage(config) } },
  })
  withdrawalRoutes(app, deps)
  transferRoutes(app, deps)
  kycRoutes(app, deps)
  recordRoutes(app, deps)
  casinoRoutes(app, deps, config.casino)
  const rounds = new Rounds(db, config.rounds, { now, log: app.log, wallet: config.wallet, listener: roundEvents(db, () => deps.realtime, now, app.log) })
  roundRoutes(app, deps, rounds)
  const feed = await sportFeedOf(config, db, now)
  const sportSettler = feed && new SportSettler(deps, feed, app.log)
  sportRoutes(app, deps, feed && sportSettler && { feed, settler: sportSettler })
  vipRoutes(app, deps)
  referralRoutes(app, deps)
  signinRoutes(app, deps)
  const sportPublisher = feed && new SportPublisher(feed, () => deps.realtime, config.sport.pushEveryMs, now)
  // Socket events across processes go through the configured PostgreSQL (tests that hand in a
  // database of their own run one process and need none).
  const notices = new NoticeBoard(deps)
  await notices.load()
  notices.routes(app)
  realtime = attachRealtime(app, sessions, { offGame: (userId, gameCode) => endGame(db, userId, gameCode), notice: () => notices.latest() }, !options.db && db.kind === 'postgres' ? config.databaseUrl : null, { limits: config.realtime, trustProxy: config.trustProxy, feed }, now).realtime

  await serveClient(app, config.clientDir, config.production)

  // The PSP learns our webhook's address as soon as we listen (and again before a charge or a payout, until it took it).
  if (rails) app.addHook('onListen', async () => void rails.payments.ensureWebhook().catch((err: unknown) => app.log.warn({ err }, 'PIX webhook not registered yet; tried again before the next charge or payout')))
  payouts?.start()
  rails?.emulator?.start()
  pixJobs?.start()
  rounds.start()
  sportSettler?.start()
  sportPublisher?.start()
  const stopVipAwards = startVipAwards(deps, app.log)
  const stopReferral = startReferralCommissions(deps, config.wallet.referral, app.log)
  startRetention(app, deps)
  startPayoutAlert(app, deps)
  // The jobs that call the PSP (the emulator lives on this very server) stop, and their HTTP client
  // closes, before the server stops listening: a keep-alive connection of theirs to this server,
  // left open by a call that was in flight when closing began, held the server's close (and so
  // every onClose hook, this client's own close among them) for fastify's 72 s keep-alive timeout.
  app.addHook('preClose', async () => {
    await payouts?.stop()
    await pixJobs?.stop()
    await rails?.emulator?.stop()
    await rails?.client.close()
  })
  app.addHook('onClose', async () => {
    await rounds.stop()
    sportSettler?.stop()
    sportPublisher?.stop()
    stopVipAwards()
    stopReferral()
    if (!options.db) await db.close()
  })
  return app
}

/**
 * The built client from the same origin; any non-API path gets index.html (client-side routes).
 * In production no source map is served, should a build have left one behind.
 */
async function serveClient(app: FastifyInstance, clientDir: string | null, production: boolean): Promise<void> {
  const root = clientDir !== null && fs.existsSync(path.join(clientDir, 'index.html')) ? clientDir : null
  const hidden = (file: string) => production && file.endsWith('.map')
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
      if (!/\.[a-z0-9]+$/i.test(pathname)) {
        return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').sendFile('index.html')
      }
    }
    return notFound(request, reply)
  })
}
