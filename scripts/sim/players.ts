/**
 * What the simulated players do, each through the real HTTP API, and what the model learns from
 * each answer. Every money call carries its Idempotency-Key; some are sent again with it as a
 * client does after a lost answer (the replay must answer the same bytes). The simulator plays the
 * demo provider itself, with a provider's faults (repeats, a win before its bet, a rollback after
 * a win, a win above the game's cap).
 */
import { centavosToText } from '../../src/shared/money'
import { ROUND_GAMES } from '../../src/shared/games/rounds/registry'
import { ROUND_GAME_IDS } from '../../src/shared/games/rounds/types'
import { centavosOf } from '../../tests/centavos'
import { cpfOf, type Model, type Player } from './model'
import { providerRound } from './provider'
import { vipAwards } from './vip'
import type { Rng } from './rng'
import { CAPTCHA, OPS_TOKEN, simSportSeed, type Reply, type World } from './world'
import { mainMarket } from '../../src/server/sport/mainMarket'
import { seededSportSecret } from '../../src/server/sport/secret'
import { matchesBetween, type SimOptions } from '../../src/server/sport/simulator/model'
import type { SportId } from '../../src/server/sport/sports'

const HOUR = 3_600_000

const PASSWORD = 'segredo123'
/** Refusals a player meets in normal play: each op names which of these it accepts. */
const CODE = {
  INSUFFICIENT: 9999,
  BONUS_MAX_STAKE: 4008,
  LIMIT_STAKE: 6002,
  LIMIT_LOSS: 6001,
  RG_PAUSED: 6004,
  ROUND_NOT_OPEN: 4101,
  SIGNIN_DONE: 4301,
  NOTHING_TO_WITHDRAW: 3103,
  WITHDRAW_COUNT_EXHAUSTED: 3102,
  WITHDRAW_BELOW_MIN: 3104,
  WITHDRAW_ABOVE_MAX: 3105,
} as const
const SPORT_REFUSALS = [4201, 4202, 4203, 4204, 4205, 4206, 4207, 4208, 4209]
/** How many upcoming matches take the simulator's bets at a time. */
const MATCH_POOL = 12

export interface OpContext {
  /** The operation's number in the plan (for the report of a violation). */
  n: number
  rng: Rng
}

interface MatchPick {
  matchId: string
  selectionId: string
  odds: number
}

export class Players {
  /** Matches the simulator has bets on and has not finished yet, and those it finished. */
  readonly betMatches = new Set<string>()
  private readonly finished = new Set<string>()
  /** The server's calendar (its SPORT_SEED is the run's), read six hours at a time. */
  private calendar: { from: number; queue: string[] } = { from: 0, queue: [] }
  private readonly sportOptions: SimOptions
  private readonly picks = new Map<string, MatchPick[]>()
  private packages: { pkgId: number; price: bigint }[] = []
  /** Refusals no rule of the model explains, by op and code (reported; money checks are separate). */
  readonly unexpected: Record<string, number> = {}

  constructor(
    readonly world: World,
    readonly model: Model,
    private readonly lostAnswerRate: number,
  ) {
    this.sportOptions = { secret: seededSportSecret(simSportSeed(world.seed)), timeScale: 1, margin: 0 }
  }

  // ---- helpers ----

  note(op: string, r: Reply): void {
    const k = `${op} ${r.status}${r.msg ? ` (${r.msg.slice(0, 60)})` : ''}`
    this.unexpected[k] = (this.unexpected[k] ?? 0) + 1
  }

  /** A money call with its key; sometimes sent twice, as after a lost answer: the second answer must be the first's. */
  private async keyed(ctx: OpContext, p: Player, url: string, body: unknown, key: string, method: 'POST' | 'PUT' = 'POST'): Promise<Reply> {
    const first = await this.world.call(method, url, { body, token: p.token, key })
    this.serverError(ctx, url, first)
    if (!ctx.rng.chance(this.lostAnswerRate)) return first
    this.world.count('client retry after a lost answer')
    const again = await this.world.call(method, url, { body, token: p.token, key })
    this.model.check('a replay answers as the first', again.text === first.text, ctx.n, () => `${url} key ${key}: first ${first.text.slice(0, 200)} / replay ${again.text.slice(0, 200)}`)
    return again
  }

  private serverError(ctx: OpContext, what: string, r: Reply): void {
    this.model.check('no server error', r.http < 500 || r.status === 5003, ctx.n, () => `${what}: HTTP ${r.http} ${r.text.slice(0, 300)}`)
  }

  /** A refusal for want of money is right only when the model cannot promise the amount. */
  insufficientRight(ctx: OpContext, p: Player, amount: bigint, where: string): void {
    const { lo } = this.model.bounds(p)
    this.model.check('a refusal for want of money is right', lo < amount || p.bonus, ctx.n, () => `player ${p.index} ${where}: refused ${amount} with ${lo} certainly there`)
  }

  taken(ctx: OpContext, p: Player, amount: bigint, where: string): void {
    const { hi } = this.model.bounds(p)
    this.model.check('no stake above the balance', hi >= amount, ctx.n, () => `player ${p.index} ${where}: took ${amount} with at most ${hi}`)
    // Every stake may count towards the VIP levels (a transfer too, for a bound that only has to hold).
    p.stakedMost += amount
  }

  /** Whether a refusal is one this player may meet; a paused player's bet must be refused so. */
  private refusalOk(ctx: OpContext, p: Player, r: Reply, amount: bigint, where: string, extra: readonly number[] = []): boolean {
    if (r.status === CODE.INSUFFICIENT) {
      this.insufficientRight(ctx, p, amount, where)
      return true
    }
    if (r.status === CODE.RG_PAUSED) return this.model.check('a refusal for a pause is right', p.paused, ctx.n, () => `player ${p.index} ${where}: RG_PAUSED, not paused`)
    if (r.status === CODE.LIMIT_STAKE || r.status === CODE.LIMIT_LOSS) return this.model.check('a refusal for a limit is right', p.limited, ctx.n, () => `player ${p.index} ${where}: limit refusal without a limit`)
    if (r.status === CODE.BONUS_MAX_STAKE && p.bonus) return true
    if (extra.includes(r.status)) return true
    this.note(where, r)
    return false
  }

  /** A stake the player can probably pay: usually within the certain balance, now and then more (a refusal to check). */
  stake(ctx: OpContext, p: Player, most = 500n): bigint {
    const { lo } = this.model.bounds(p)
    const cap = lo < most ? lo : most
    if (cap < 10n || ctx.rng.chance(0.03)) return BigInt(ctx.rng.between(10, Number(most)))
    return BigInt(ctx.rng.between(10, Number(cap)))
  }

  afterPause(ctx: OpContext, p: Player, r: Reply, where: string): void {
    if (p.paused) this.model.check("a paused player's bet is refused", r.status !== 200, ctx.n, () => `player ${p.index} ${where}: bet taken while paused`)
  }

  // ---- setup ----

  async join(ctx: OpContext, index: number, tag: string): Promise<Player> {
    const email = `sim${tag}.${index}@example.com`
    const codeId = 10_000_000 + ctx.n * 1000 + index
    await this.world.call('GET', `/api/auth/user/captcha/${codeId}`)
    let r = await this.world.call('POST', '/api/auth/user/restRegister', { body: { username: email, pwd: PASSWORD, codeId, captCode: CAPTCHA } })
    if (r.status === 2003) {
      // Registered before a crash cut the answer: log in instead.
      const loginId = codeId + 500
      await this.world.call('GET', `/api/auth/user/captcha/${loginId}`)
      r = await this.world.call('POST', '/api/auth/user/restLogin', { body: { username: email, pwd: PASSWORD, codeId: loginId, captCode: CAPTCHA } })
    }
    if (r.status !== 200) throw new Error(`player ${index} could not join: ${r.text.slice(0, 300)}`)
    const p: Player = { index, email, token: r.data.access_token, cpf: cpfOf((ctx.rng.u32() ^ index) >>> 0), name: 'Ana Souza', known: 0n, pending: new Map(), vipCounted: 0, paidMost: 0n, stakedMost: 0n, busy: false, bonus: false, limited: false, paused: false, providerToken: null }
    const kyc = await this.world.call('POST', '/api/app/user/updateKyc', { body: { name: p.name, cardNo: p.cpf }, token: p.token })
    if (kyc.status !== 200 && kyc.status !== 3303) throw new Error(`player ${index}'s KYC failed: ${kyc.text.slice(0, 300)}`)
    if (this.packages.length === 0) {
      const prices = await this.world.call('GET', '/api/app/order/getPrices', { token: p.token })
      this.packages = (prices.data as { pkgId: number; price: number; curreny: string }[]).filter((x) => x.curreny === 'BRL').map((x) => ({ pkgId: x.pkgId, price: centavosOf(x.price) }))
      if (this.packages.length === 0) throw new Error(`no BRL package: ${prices.text.slice(0, 300)}`)
    }
    return p
  }

  // ---- money in and out ----

  async deposit(ctx: OpContext, p: Player): Promise<void> {
    if ([...p.pending.values()].some((x) => x.kind === 'deposit')) return this.resolve(ctx, p)
    const pkg = ctx.rng.pick(this.packages.filter((x) => x.price <= 50_000n).length ? this.packages.filter((x) => x.price <= 50_000n) : this.packages)
    const r = await this.keyed(ctx, p, `/api/app/order/prePay/${pkg.pkgId}`, { gift: 0, pkgId: pkg.pkgId, isapp: 0 }, `dep-${ctx.n}`)
    // A paused player may not deposit either (the pause stops deposits too); anyone else's refusal is reported.
    if (r.status === CODE.RG_PAUSED) return void this.model.check('a refusal for a pause is right', p.paused, ctx.n, () => `player ${p.index} deposit: RG_PAUSED, not paused`)
    if (r.status !== 200) return void this.note('deposit', r)
    // The payer's bank pays (the emulator's bank page).
    p.paidMost += pkg.price
    const paid = await this.world.call('POST', `/api/pay/sandbox/pix/${r.data.payNo}/pay`, { raw: '', headers: { 'content-type': 'application/x-www-form-urlencoded' } })
    if (paid.http !== 303) return void this.note('deposit payment', paid)
    p.pending.set(`d${r.data.orderId}`, { kind: 'deposit', orderId: r.data.orderId, amount: pkg.price })
    this.model.did('deposit')
  }

  async withdraw(ctx: OpContext, p: Player): Promise<void> {
    const { lo } = this.model.bounds(p)
    if (lo < 1000n) return this.balance(ctx, p)
    // Now and then an amount ending in 13 centavos, which the emulator's bank refuses: the hold comes back.
    let amount = BigInt(ctx.rng.between(1000, Number(lo > 50_000n ? 50_000n : lo)))
    if (ctx.rng.chance(0.25)) amount = (amount / 100n) * 100n + 13n
    if (amount > lo) amount -= 100n
    const body = { payCardBank: 'CPF', payCardNo: p.cpf, ifsc: '', name: p.name, amount: centavosToText(amount), whatsapp: '11999990000' }
    const r = await this.keyed(ctx, p, '/api/app/order/withdraw', body, `wd-${ctx.n}`)
    if (r.status === 200) {
      p.known -= amount
      p.pending.set(`w${r.data.orderId}`, { kind: 'withdraw', orderId: r.data.orderId, amount })
      this.model.move('withdrawals asked', amount)
      return this.model.did('withdraw')
    }
    if (r.status === CODE.NOTHING_TO_WITHDRAW || r.status === CODE.INSUFFICIENT) return this.insufficientRight(ctx, p, amount, 'withdraw')
    this.refusalOk(ctx, p, r, amount, 'withdraw', [CODE.WITHDRAW_COUNT_EXHAUSTED, CODE.WITHDRAW_ABOVE_MAX, CODE.WITHDRAW_BELOW_MIN])
  }

  async transfer(ctx: OpContext, p: Player, q: Player): Promise<void> {
    const amount = this.stake(ctx, p, 2000n)
    const r = await this.keyed(ctx, p, '/api/app/order/transfer', { toUser: q.email, amount: centavosToText(amount) }, `tr-${ctx.n}`)
    if (r.status === 200) {
      this.taken(ctx, p, amount, 'transfer')
      p.known -= amount
      q.known += amount
      this.model.balanceSeen(p, centavosOf(r.data.balance), ctx.n, 'transfer')
      this.model.move('transfers', amount)
      return this.model.did('transfer')
    }
    this.refusalOk(ctx, p, r, amount, 'transfer')
  }

  // ---- the originals ----

  async instant(ctx: OpContext, p: Player, game: 'dice' | 'limbo'): Promise<void> {
    const amount = this.stake(ctx, p)
    const body =
      game === 'dice'
        ? { amount: centavosToText(amount), target: ctx.rng.between(200, 9700) / 100, condition: ctx.rng.pick(['over', 'under'] as const) }
        : { amount: centavosToText(amount), target: ctx.rng.between(101, 5000) / 100 }
    const r = await this.keyed(ctx, p, `/api/app/casino/${game}/bet`, body, `${game}-${ctx.n}`)
    this.afterPause(ctx, p, r, game)
    if (r.status !== 200) return void this.refusalOk(ctx, p, r, amount, game)
    this.taken(ctx, p, amount, game)
    const payout = centavosOf(r.data.payout)
    p.known += payout - amount
    this.model.balanceSeen(p, centavosOf(r.data.balance), ctx.n, game)
    this.model.move('stakes', amount)
    this.model.move('returns', payout)
    this.model.did(game)
  }

  async mines(ctx: OpContext, p: Player): Promise<void> {
    const amount = this.stake(ctx, p)
    const start = await this.keyed(ctx, p, '/api/app/casino/mines/start', { amount: centavosToText(amount), mines: ctx.rng.between(1, 10) }, `mines-${ctx.n}`)
    this.afterPause(ctx, p, start, 'mines')
    if (start.status === 4004) return this.finishMines(ctx, p)
    if (start.status !== 200) return void this.refusalOk(ctx, p, start, amount, 'mines')
    this.taken(ctx, p, amount, 'mines')
    p.known -= amount
    this.model.balanceSeen(p, centavosOf(start.data.balance), ctx.n, 'mines start')
    this.model.move('stakes', amount)
    const tiles = Array.from({ length: 25 }, (_, i) => i)
    const reveals = ctx.rng.between(1, 4)
    for (let i = 0; i < reveals; i++) {
      const tile = tiles.splice(ctx.rng.int(tiles.length), 1)[0]!
      const r = await this.keyed(ctx, p, '/api/app/casino/mines/reveal', { tile }, `mines-${ctx.n}-r${i}`)
      if (r.status !== 200) return void this.note('mines reveal', r)
      if (r.data.state === 'lost') return this.model.did('mines')
      if (r.data.state === 'won') return this.minesWon(ctx, p, r)
    }
    const out = await this.keyed(ctx, p, '/api/app/casino/mines/cashout', {}, `mines-${ctx.n}-c`)
    if (out.status !== 200) return void this.note('mines cashout', out)
    this.minesWon(ctx, p, out)
  }

  private minesWon(ctx: OpContext, p: Player, r: Reply): void {
    const payout = centavosOf(r.data.payout)
    p.known += payout
    this.model.balanceSeen(p, centavosOf(r.data.balance), ctx.n, 'mines cashout')
    this.model.move('returns', payout)
    this.model.did('mines')
  }

  /** A game left open (an op whose reveal was refused): finished now; its stake was counted when it started. */
  private async finishMines(ctx: OpContext, p: Player): Promise<void> {
    for (let i = 0; i < 25; i++) {
      const a = await this.world.call('GET', '/api/app/casino/mines/active', { token: p.token })
      if (a.status !== 200 || a.data === null) return
      const revealed = (a.data.revealed ?? []) as number[]
      if (revealed.length) {
        const out = await this.keyed(ctx, p, '/api/app/casino/mines/cashout', {}, `mines-${ctx.n}-f${i}`)
        if (out.status === 200) this.minesWon(ctx, p, out)
        return
      }
      const tile = ctx.rng.int(25)
      const r = await this.keyed(ctx, p, '/api/app/casino/mines/reveal', { tile }, `mines-${ctx.n}-f${i}`)
      if (r.status === 200 && r.data.state === 'lost') return
      if (r.status === 200 && r.data.state === 'won') return this.minesWon(ctx, p, r)
    }
  }

  // ---- shared rounds ----

  async round(ctx: OpContext, p: Player): Promise<void> {
    const game = ctx.rng.pick(ROUND_GAME_IDS)
    // Waits for a round taking bets (a few seconds at most).
    let state: Reply | null = null
    for (let i = 0; i < 40; i++) {
      const s = await this.world.call('GET', `/api/app/casino/${game}/state`)
      if (s.status === 200 && s.data && s.data.phase === 'betting' && s.data.bettingEndsAt - s.data.serverTime > 400) {
        state = s
        break
      }
      await new Promise((r) => setTimeout(r, 250))
    }
    if (!state) return void this.note(game, { http: 0, status: 0, msg: 'no round took bets', data: null, text: '' })
    const amount = this.stake(ctx, p)
    const choice = ctx.rng.pick(ROUND_GAMES[game].rules.choices)
    const r = await this.keyed(ctx, p, `/api/app/casino/${game}/bet`, { roundId: state.data.roundId, choice, amount: centavosToText(amount) }, `rnd-${ctx.n}`)
    this.afterPause(ctx, p, r, game)
    if (r.status !== 200) return void this.refusalOk(ctx, p, r, amount, game, [CODE.ROUND_NOT_OPEN])
    this.taken(ctx, p, amount, game)
    p.known -= amount
    this.model.balanceSeen(p, centavosOf(r.data.balance), ctx.n, game)
    // The most a shared round pays: Double's white, 14x.
    p.pending.set(`r${r.data.betId}`, { kind: 'round', betId: r.data.betId, game, amount, most: amount * 14n })
    this.model.move('stakes', amount)
    this.model.did(game)
  }

  // ---- the sportsbook ----

  /**
   * The matches open to the simulator's bets, read from the server's calendar (the sim's seed is the
   * server's SPORT_SEED): the next ones of every sport but racing (whose result names a runner), from
   * three hours ahead on, so none goes in play during a run. The list calls show the next day only,
   * which a long run would use up (a finished match leaves the pool); the calendar holds every week.
   * Each match's main market is read through its page, as a player's.
   */
  private async matchPicks(p: Player): Promise<string[]> {
    const open = () => [...this.picks.keys()].filter((id) => !this.finished.has(id))
    for (let tries = 0; open().length < MATCH_POOL && tries < 4 * MATCH_POOL; tries++) {
      if (!this.calendar.queue.length) {
        const from = this.calendar.from || Date.now() + 3 * HOUR
        const to = from + 6 * HOUR
        this.calendar = { from: to, queue: matchesBetween(this.sportOptions, from, to).filter((m) => m.sport !== 'racing' && m.startsAt >= from).sort((a, b) => a.startsAt - b.startsAt).map((m) => m.matchId) }
      }
      const id = this.calendar.queue.shift()!
      const r = await this.world.call('GET', `/api/app/sport/match/${id}`, { token: p.token })
      if (r.status !== 200) {
        this.note('sport match', r)
        continue
      }
      const page = r.data as { match: { sport: SportId }; markets: { type: string; period: number; status: string; selections: { selectionId: string; odds: number }[] }[] }
      const main = mainMarket(page.match.sport, page.markets)
      if (main?.status === 'open') this.picks.set(id, main.selections.map((x) => ({ matchId: id, selectionId: x.selectionId, odds: x.odds })))
    }
    return open()
  }

  async sport(ctx: OpContext, p: Player, legs: number): Promise<void> {
    // The next few matches only, so each is finished before many bets wait on it.
    const ids = (await this.matchPicks(p)).filter((id) => !this.finished.has(id)).slice(0, MATCH_POOL)
    if (ids.length < legs) return void this.note('sport', { http: 0, status: 0, msg: 'too few matches', data: null, text: '' })
    const chosen = new Set<string>()
    while (chosen.size < legs) chosen.add(ctx.rng.pick(ids))
    const selections: MatchPick[] = []
    for (const id of chosen) {
      const picks = this.picks.get(id) ?? []
      if (picks.length) selections.push(ctx.rng.pick(picks))
    }
    if (selections.length !== legs) return void this.note('sport', { http: 0, status: 0, msg: 'no market', data: null, text: '' })
    const amount = this.stake(ctx, p, 300n)
    const r = await this.keyed(
      ctx,
      p,
      '/api/app/sport/bet',
      { type: legs === 1 ? 'single' : 'parlay', amount: centavosToText(amount), selections: selections.map((s) => ({ selectionId: s.selectionId, odds: s.odds })), acceptOdds: 'any' },
      `sp-${ctx.n}`,
    )
    this.afterPause(ctx, p, r, 'sport')
    if (r.status !== 200) return void this.refusalOk(ctx, p, r, amount, 'sport', SPORT_REFUSALS)
    this.taken(ctx, p, amount, 'sport')
    p.known -= amount
    this.model.balanceSeen(p, centavosOf(r.data.balance), ctx.n, 'sport')
    const matches = selections.map((s) => s.matchId)
    // A match finished while this bet was on its way stays finished: a second result would correct the first.
    for (const m of matches) if (!this.finished.has(m)) this.betMatches.add(m)
    p.pending.set(`s${r.data.betId}`, { kind: 'sport', betId: r.data.betId, most: centavosOf(r.data.potentialWin), matches })
    this.model.trail(p, `  sport bet ${r.data.betId} stake ${amount} on ${matches.join(',')}`)
    this.model.move('stakes', amount)
    this.model.did(legs === 1 ? 'sport single' : 'sport parlay')
  }

  /** Finishes the match bet on longest ago (or `matchId`), with a score from the seed, as the feed would. */
  async finishMatch(ctx: OpContext, matchId?: string): Promise<void> {
    const id = matchId ?? this.betMatches.values().next().value
    if (!id) return
    this.betMatches.delete(id)
    this.finished.add(id)
    this.picks.delete(id)
    const g = () => ({ home: ctx.rng.between(0, 3), away: ctx.rng.between(0, 3) })
    const full = g()
    const half = { home: Math.min(full.home, ctx.rng.between(0, 2)), away: Math.min(full.away, ctx.rng.between(0, 2)) }
    const r = await this.world.call('POST', `/api/dev/sport/matches/${id}/result`, { body: { fullTime: full, halfTime: half, corners: { home: ctx.rng.between(0, 9), away: ctx.rng.between(0, 9) } }, headers: { 'x-ops-token': OPS_TOKEN } })
    this.serverError(ctx, 'sport result', r)
    if (r.status !== 200) this.note('sport result', r)
    else this.model.did('match finished')
  }

  // ---- provider rounds (the simulator plays the provider): provider.ts ----

  slot(ctx: OpContext, p: Player): Promise<void> {
    return providerRound(this, ctx, p)
  }

  // ---- loyalty and protection ----

  async signin(ctx: OpContext, p: Player): Promise<void> {
    const r = await this.keyed(ctx, p, '/api/app/signin/claim', {}, `si-${ctx.n}`)
    if (r.status === 200) {
      const reward = centavosOf(r.data.reward)
      p.known += reward
      if (reward > 0n) p.bonus = true
      this.model.balanceSeen(p, centavosOf(r.data.balance), ctx.n, 'sign-in')
      this.model.move('sign-in rewards', reward)
      return this.model.did('sign-in')
    }
    if (r.status !== CODE.SIGNIN_DONE) this.note('sign-in', r)
  }

  async limit(ctx: OpContext, p: Player): Promise<void> {
    const r = await this.keyed(ctx, p, '/api/app/rg/limits', { kind: 'stake', period: 'day', value: centavosToText(BigInt(ctx.rng.between(20, 200)) * 100n) }, `lim-${ctx.n}`, 'PUT')
    if (r.status !== 200) return void this.note('limit', r)
    p.limited = true
    this.model.did('limit set')
  }

  async pause(ctx: OpContext, p: Player): Promise<void> {
    const r = await this.keyed(ctx, p, '/api/app/rg/pause', { days: 1 }, `pause-${ctx.n}`)
    if (r.status !== 200) return void this.note('pause', r)
    p.paused = true
    this.model.did('pause')
  }

  // ---- what the model learns later ----

  /** Asks how each pending item ended and applies what did. */
  async resolve(ctx: OpContext, p: Player): Promise<void> {
    await vipAwards(this, ctx, p)
    const before = p.pending.size
    const kinds = new Set([...p.pending.values()].map((x) => x.kind))
    if (kinds.has('deposit')) {
      for (const [k, x] of p.pending) {
        if (x.kind !== 'deposit') continue
        const s = await this.world.call('GET', `/api/app/order/getStatus/${x.orderId}`, { token: p.token })
        if (s.status === 200 && s.data.status === '10') {
          p.pending.delete(k)
          p.known += x.amount
          this.model.move('deposits', x.amount)
        } else if (s.status === 200 && s.data.status === '01') {
          this.model.check('a deposit paid at the bank is credited', false, ctx.n, () => `player ${p.index}: deposit ${x.orderId} paid at the bank, cancelled here`)
          p.pending.delete(k)
        }
      }
    }
    for (const game of new Set([...p.pending.values()].flatMap((x) => (x.kind === 'round' ? [x.game] : [])))) {
      const r = await this.world.call('GET', `/api/app/casino/bets?game=${game}&size=50`, { token: p.token })
      const byId = new Map(((r.data?.records ?? []) as { betId: string; state: string; payout: number }[]).map((b) => [b.betId, b]))
      for (const [k, x] of p.pending) {
        if (x.kind !== 'round' || x.game !== game) continue
        const b = byId.get(x.betId)
        if (!b || b.state === 'open') continue
        p.pending.delete(k)
        const back = centavosOf(b.payout)
        this.model.trail(p, `  ${x.game} bet ${x.betId} ${b.state}: ${back}`)
        p.known += back
        this.model.move('returns', back)
      }
    }
    if (kinds.has('sport')) {
      const r = await this.world.call('GET', '/api/app/sport/bets?state=settled', { token: p.token })
      const byId = new Map(((r.data ?? []) as { betId: string; payout: number }[]).map((b) => [b.betId, b]))
      for (const [k, x] of p.pending) {
        if (x.kind !== 'sport') continue
        const b = byId.get(x.betId)
        if (!b) continue
        p.pending.delete(k)
        const back = centavosOf(b.payout)
        this.model.trail(p, `  sport bet ${x.betId} settled: ${back}`)
        p.known += back
        this.model.move('returns', back)
      }
    }
    if (kinds.has('withdraw')) {
      const r = await this.world.call('GET', '/api/app/order/records?type=11&size=50', { token: p.token })
      const byId = new Map(((r.data?.records ?? []) as { id: string; status: string }[]).map((w) => [w.id, w]))
      for (const [k, x] of p.pending) {
        if (x.kind !== 'withdraw') continue
        const w = byId.get(x.orderId)
        if (!w || w.status === '00') continue
        p.pending.delete(k)
        if (w.status === '01') {
          p.known += x.amount
          this.model.move('withdrawals returned', x.amount)
        } else this.model.move('withdrawals paid', x.amount)
      }
    }
    // The balance is read when it can be checked exactly (nothing left on its way), or nothing arrived.
    if (p.pending.size === 0 || p.pending.size === before) await this.balance(ctx, p)
  }

  /** The balance as the header shows it, against the model. */
  async balance(ctx: OpContext, p: Player): Promise<void> {
    const r = await this.world.call('GET', '/api/app/user/getBalance', { token: p.token })
    if (r.status !== 200) return void this.note('balance', r)
    this.model.balanceSeen(p, centavosOf(r.data.balance), ctx.n, 'getBalance')
  }
}
