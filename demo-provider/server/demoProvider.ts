/**
 * The built-in demo slot provider's server (issue 15): what a real provider runs on its side. It
 * holds no money: each spin asks the operator's seamless wallet over HTTP, signed with the
 * provider's secret, exactly as an aggregator would: the bet before the result is shown, the win
 * after (0 for a lost spin, which closes the round), a rollback when its own round fails.
 *
 * It imports nothing of the operator's server: the operator mounts it (a fastify plugin under
 * /demo-provider/{code}) and tells it where the wallet is and the secret of each code.
 *
 * The fault switch (tests only): a spin may ask the provider to misbehave as real ones do:
 * - 'timeoutAfterBet': the bet is taken, then the provider's round fails: it rolls the bet back;
 * - 'repeat': every wallet request is sent twice (a retry after a lost answer);
 * - 'winBeforeBet': the win is sent before the bet (refused), then the bet, then the win again;
 * - 'rollbackAfterWin': after the win, a rollback of the bet is sent too (refused: settled).
 */
import { createHmac, randomInt, randomUUID } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify'
import { DEMO_BETS, DEMO_GAMES, openDemoGames } from '../shared/catalog'
import { evaluate, exactRtp, gridOf, payoutCentavos, randomStops } from '../shared/slotMath'

const DEMO_FAULTS = ['timeoutAfterBet', 'repeat', 'winBeforeBet', 'rollbackAfterWin'] as const
type DemoFault = (typeof DEMO_FAULTS)[number]

export interface DemoProviderOptions {
  /**
   * Where a code's wallet calls go, up to the provider code: the operator's wallet
   * (`http://host:port/api/provider`), or an aggregator's supplier API the code is served through.
   */
  walletUrl: (code: string) => string
  /** The wallet-call secret of a provider code (null: the code is not served). */
  secretOf: (code: string) => string | null
  /** Whether spins may carry a fault (never in production). */
  faults: boolean
  /**
   * The game page (demo-provider/client, built into `dir` by demo-provider/vite.config.ts), served
   * at /demo-provider/{code}/ with the operator's route options (its framing policy); its files
   * (bundle, thumbnails) under /demo-provider/. Null, or no build in `dir`: no page (the API still answers).
   */
  page: { dir: string; routeOptions: RouteShorthandOptions } | null
}

interface WalletAnswer {
  status: string
  balance?: number
  /** The wallet's reason beside BET_LIMIT: 'player limit' (a limit the player set) or 'bonus max stake'. */
  message?: string
}

/** One signed call of the operator's wallet; a network failure answers null (the round is then in doubt). */
async function walletCall(opts: DemoProviderOptions, code: string, op: string, body: Record<string, unknown>, secret: string): Promise<WalletAnswer | null> {
  const raw = JSON.stringify({ requestId: randomUUID(), ...body })
  try {
    const res = await fetch(`${opts.walletUrl(code)}/${code}/wallet/${op}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-signature': createHmac('sha256', secret).update(raw).digest('hex') },
      body: raw,
      signal: AbortSignal.timeout(10_000),
    })
    return (await res.json()) as WalletAnswer
  } catch {
    return null
  }
}

const isInt = (x: unknown): x is number => typeof x === 'number' && Number.isSafeInteger(x)

/** A year: the built files are named by their content's hash. */
const IMMUTABLE = 'public, max-age=31536000, immutable'

function servePage(app: FastifyInstance, opts: DemoProviderOptions): void {
  const dir = opts.page?.dir
  if (!opts.page || !dir || !fs.existsSync(path.join(dir, 'index.html'))) return
  // Its files: the hashed bundle under assets/ for a year, the rest (the games' thumbnails) revalidated.
  void app.register(fastifyStatic, {
    root: dir,
    prefix: '/demo-provider/',
    decorateReply: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, file) => {
      reply.header('cache-control', /[\\/]assets[\\/][^\\/]+-[\w-]{8,}\.\w+(\.(br|gz))?$/.test(file) ? IMMUTABLE : 'no-cache')
      // The page runs sandboxed, in an opaque origin: its module scripts, style and worker are
      // cross-origin loads. The files are public (no cookie is sent, none is read).
      reply.header('access-control-allow-origin', '*')
      reply.header('cross-origin-resource-policy', 'cross-origin')
    },
  })
  app.get('/demo-provider/:code/', opts.page.routeOptions, async (request, reply) => {
    const { code } = request.params as { code: string }
    if (!opts.secretOf(code)) return reply.code(404).type('text/plain; charset=utf-8').send('Not Found')
    // Read per request: a rebuild while the server runs is served at once (the file is small).
    const html = await fs.promises.readFile(path.join(dir, 'index.html'))
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html)
  })
}

/** The sandboxed page's origin as its calls name it. */
const SANDBOXED = 'null'

/**
 * The game page runs sandboxed (the operator frames it with sandbox="allow-scripts" and its policy
 * says `sandbox allow-scripts`): its origin is opaque, 'null', so it can never read the casino's
 * storage or cookies. Its calls of this API are then cross-origin: allowed for that origin alone
 * (no other site's page), with no credentials (the session token travels in the body).
 */
function allowSandboxedPage(request: FastifyRequest, reply: FastifyReply): void {
  reply.header('vary', 'origin')
  if (request.headers.origin === SANDBOXED) reply.header('access-control-allow-origin', SANDBOXED)
}

/** Every demo game plays the one machine: its exact return is each game's RTP. */
const DEMO_RTP = (() => {
  const { num, den } = exactRtp()
  return Number(num) / Number(den)
})()

export function demoProviderPlugin(app: FastifyInstance, opts: DemoProviderOptions): void {
  servePage(app, opts)
  // The provider's game list, as an operator reads a real provider's catalogue: each game with its
  // RTP, the most a round pays (in stakes) and its tile art (an address under this provider).
  app.get('/demo-provider/:code/api/games', async (request, reply) => {
    const { code } = request.params as { code: string }
    if (!opts.secretOf(code)) return reply.code(404).send({ status: 'UNKNOWN_PROVIDER' })
    const games = (DEMO_GAMES[code] ?? DEMO_GAMES.PG ?? []).map((g) => ({ ...g, rtp: DEMO_RTP, image: `/demo-provider/thumbs/${g.code}.svg` }))
    return reply.header('cache-control', 'no-cache').send({ status: 'OK', games })
  })
  // The preflight of the page's JSON calls.
  app.options('/demo-provider/:code/api/:call', async (request, reply) => {
    allowSandboxedPage(request, reply)
    return reply.code(204).header('access-control-allow-methods', 'POST').header('access-control-allow-headers', 'content-type').header('access-control-max-age', '600').send()
  })
  app.post('/demo-provider/:code/api/balance', async (request, reply) => {
    allowSandboxedPage(request, reply)
    const { code } = request.params as { code: string }
    const body = (request.body ?? {}) as { token?: unknown }
    const secret = opts.secretOf(code)
    if (!secret || typeof body.token !== 'string') return reply.code(400).send({ status: 'BAD_REQUEST' })
    const answer = await walletCall(opts, code, 'balance', { token: body.token, currency: 'BRL' }, secret)
    return reply.send(answer ?? { status: 'WALLET_UNREACHABLE' })
  })

  app.post('/demo-provider/:code/api/spin', async (request, reply) => {
    allowSandboxedPage(request, reply)
    const { code } = request.params as { code: string }
    const body = (request.body ?? {}) as { token?: unknown; game?: unknown; bet?: unknown; fault?: unknown; spinId?: unknown }
    // A spin sent again under its id (a browser retrying after a dropped connection) answers the
    // first spin's result: it does not play again.
    const spinKey = typeof body.spinId === 'string' && SPIN_ID.test(body.spinId) && typeof body.token === 'string' ? `${code}\n${body.token}\n${body.spinId}` : null
    const earlier = spinKey ? spins.get(spinKey) : undefined
    if (earlier) {
      const first = await earlier
      return reply.code(first.http).send(first.payload)
    }
    const answer = spin(opts, code, body)
    if (spinKey) remember(spinKey, answer)
    const { http, payload } = await answer
    return reply.code(http).send(payload)
  })
}

/** A spin's id: a UUID the page makes per spin. */
const SPIN_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
const SPINS_KEPT = 10_000
const SPIN_KEPT_MS = 10 * 60_000
/** Recent spins by id (in memory: the demo provider is one process), oldest first. */
const spins = new Map<string, Promise<{ http: number; payload: Record<string, unknown> }>>()

function remember(key: string, answer: Promise<{ http: number; payload: Record<string, unknown> }>): void {
  spins.set(key, answer)
  setTimeout(() => spins.delete(key), SPIN_KEPT_MS).unref()
  for (const old of spins.keys()) {
    if (spins.size <= SPINS_KEPT) break
    spins.delete(old)
  }
}

async function spin(
  opts: DemoProviderOptions,
  code: string,
  body: { token?: unknown; game?: unknown; bet?: unknown; fault?: unknown },
): Promise<{ http: number; payload: Record<string, unknown> }> {
  const secret = opts.secretOf(code)
  const fault = opts.faults && typeof body.fault === 'string' && (DEMO_FAULTS as readonly string[]).includes(body.fault) ? (body.fault as DemoFault) : null
  if (!secret || typeof body.token !== 'string' || typeof body.game !== 'string' || !openDemoGames(code).includes(body.game) || !isInt(body.bet) || !(DEMO_BETS as readonly number[]).includes(body.bet)) {
    return { http: 400, payload: { status: 'BAD_REQUEST' } }
  }
  const { token, game, bet } = { token: body.token, game: body.game, bet: body.bet }
  const roundId = randomUUID()
  const betTx = `${roundId}-bet`
  const winTx = `${roundId}-win`
  const send = async (op: string, call: Record<string, unknown>) => {
    const first = await walletCall(opts, code, op, call, secret)
    return fault === 'repeat' ? await walletCall(opts, code, op, call, secret) : first
  }
  const betCall = { token, game, roundId, transactionId: betTx, amount: bet, currency: 'BRL' }
  const stops = randomStops(randomInt)
  const result = evaluate(gridOf(stops))
  const payout = Number(payoutCentavos(BigInt(bet), result.totalUnits))
  const winCall = { token, game, roundId, transactionId: winTx, referenceTransactionId: betTx, amount: payout, currency: 'BRL' }
  if (fault === 'winBeforeBet') await send('win', winCall)
  const placed = await send('bet', betCall)
  if (!placed || placed.status !== 'OK') return { http: 200, payload: { status: placed?.status ?? 'WALLET_UNREACHABLE', balance: placed?.balance, message: placed?.message } }
  if (fault === 'timeoutAfterBet') {
    // The round failed on the provider's side after the stake was taken: it gives the stake back.
    const back = await send('rollback', { token, game, roundId, transactionId: `${roundId}-rollback`, referenceTransactionId: betTx })
    return { http: 200, payload: { status: 'ROUND_FAILED', balance: back?.balance } }
  }
  // The win closes the round (0 for a lost spin); sent again with the same id until the wallet answers.
  let paid: WalletAnswer | null = null
  for (let attempt = 0; attempt < 3 && paid === null; attempt++) paid = await send('win', winCall)
  if (fault === 'rollbackAfterWin') await send('rollback', { token, game, roundId, transactionId: `${roundId}-rollback`, referenceTransactionId: betTx })
  return { http: 200, payload: { status: paid?.status ?? 'WALLET_UNREACHABLE', roundId, stops, wins: result.wins, payout, balance: paid?.balance } }
}
