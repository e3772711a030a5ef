/**
 * The expected value of every gift the house gives (a deposit package's, a VIP award, a sign-in
 * reward) to a player who clears it at the best odds the rules allow. scripts/promo-ev.ts prints it;
 * a server test holds every one at or under zero (issue 29, after Lucky Color's 2 % bets at 100 %
 * and the slots at 100 % made gifts pay again).
 *
 * A gift G with wagering multiple W must be cleared by G x W of counted stakes; a stake counts only
 * on a bet that could pay at least 1.5x it, and only by its game's contribution c (0..1), so the
 * player stakes G x W / c on the bet whose return per real staked, r, is best for them. Every stake
 * loses (1 - r) of itself on average whatever the strategy (the bankroll is a martingale), so the
 * gift is worth G - (1 - r) x G x W / c. A deposit package's cash must also be turned over (price x
 * turnover multiple, every stake in full): what the gift's stakes leave of that is staked at the best
 * return of all. A gift paid to cash (W = 0) is worth itself.
 *
 * The bets come from the registries the server plays by, never from a hand list: the originals
 * (CASINO_GAMES, each with its exact best return below), every choice of every shared-round game
 * (ROUND_GAMES' pay tables), the sportsbook (the best price its model offers at SPORT_MARGIN) and
 * every game of every configured provider (the RTP its catalogue reports). A game registered
 * without its best counting return makes countingBets throw.
 */
import { SELF_GAME_TYPES } from '../../shared/codes'
import { CASINO_GAMES, type CasinoGame } from '../../shared/contract/casino'
import { WAGER_MIN_MULTIPLIER4 } from '../../shared/contract/wallet'
import { diceMultiplier, diceTargetValid, diceWinChance } from '../../shared/games/dice'
import { LIMBO_MAX } from '../../shared/games/limbo'
import { minesCountValid, minesMultiplier, TILES } from '../../shared/games/mines'
import { choicePays, exactRtp } from '../../shared/games/rounds/payTable'
import { ROUND_GAMES } from '../../shared/games/rounds/registry'
import { bestPriceReturn } from '../../shared/sport/pricing'
import type { WalletConfig } from '../config'
import type { Queryable } from '../db/connection'
import type { GameProvider } from '../providers/registry'
import { SLOTS } from '../providers/wallet'
import { SPORT_GAME } from '../sport/bets'
import { contributionOf } from './wagering'

/** One kind of bet a player may clear a gift with. */
export interface CountingBet {
  /** The name its stakes count under (WAGER_CONTRIBUTION's key). */
  game: string
  /** What the player bets: 'dice', 'luckyColor big', 'sport', 'PG demo-fruits'. */
  bet: string
  /** Its best return per real staked among the bets that count toward a gift (1.5x or more). */
  rtp: number
}

const choose = (n: number, k: number): bigint => {
  let r = 1n
  for (let i = 0; i < k; i++) r = (r * BigInt(n - i)) / BigInt(i + 1)
  return r
}

/** Each original's best counting return, exactly (src/shared/games/rtp.test.ts checks the games' returns). A new original is a new key here. */
const ORIGINALS: Record<CasinoGame, () => number> = {
  // 10,001 rolls equally likely; win chance x 99 / chance rounded down: 9900/10001 at best.
  dice: () => {
    let best = 0
    for (const condition of ['over', 'under'] as const) {
      for (let target = 0; target <= 10_000; target++) {
        if (!diceTargetValid(target, condition) || diceMultiplier(target, condition) < WAGER_MIN_MULTIPLIER4) continue
        best = Math.max(best, (diceWinChance(target, condition) / 10_001) * (Number(diceMultiplier(target, condition)) / 10_000))
      }
    }
    return best
  },
  // A target T (hundredths) wins on floats k / 2^32 up to 99 / T: (floor(99 x 2^32 / T) + 1) / 2^32 x T / 100,
  // at most 0.99 + T / (100 x 2^32); a second float step for the floating-point evaluation. Largest at the top target.
  limbo: () => 0.99 + (2 * LIMBO_MAX) / (100 * 2 ** 32),
  // Cashing out after k gems with m mines: C(25 - m, k) / C(25, k) x the multiplier (0.99 less rounding at best).
  mines: () => {
    let best = 0
    for (let mines = 1; mines < TILES; mines++) {
      if (!minesCountValid(mines)) continue
      for (let gems = 1; gems <= TILES - mines; gems++) {
        const multiplier = minesMultiplier(mines, gems)
        if (multiplier < WAGER_MIN_MULTIPLIER4) continue
        best = Math.max(best, Number(choose(TILES - mines, gems) * multiplier) / Number(choose(TILES, gems) * 10_000n))
      }
    }
    return best
  },
}

/**
 * Every choice of every shared-round game that can pay 1.5x, at its exact return. Stakes on several
 * choices of one round count only by their net exposure (settleRound), which is at most their sum
 * while they lose the sum of their edges: never better than the best choice alone.
 */
function roundBets(): CountingBet[] {
  const out: CountingBet[] = []
  for (const [id, def] of Object.entries(ROUND_GAMES)) {
    for (const choice of def.rules.choices) {
      if ((choicePays(def.rules, choice)[0] ?? 0n) < WAGER_MIN_MULTIPLIER4) continue
      const { numerator, denominator } = exactRtp(def.rules, choice)
      out.push({ game: id, bet: `${id} ${choice}`, rtp: Number(numerator) / Number(denominator) })
    }
  }
  return out
}

/** The provider games' returns as their catalogues report them; a game without one is refused. */
async function providerBets(providers: ReadonlyMap<string, GameProvider>): Promise<CountingBet[]> {
  const out: CountingBet[] = []
  for (const [code, provider] of providers) {
    for (const g of await provider.listGames()) {
      const rtp = (g as { rtp?: unknown }).rtp
      if (typeof rtp !== 'number' || !(rtp > 0 && rtp < 1)) throw new Error(`provider ${code}'s game ${g.code} reports no RTP (a number between 0 and 1): its stakes cannot be weighed toward a gift`)
      // A slot spin can pay far more than 1.5x its stake: every stake counts (providers/wallet.ts).
      out.push({ game: SLOTS, bet: `${code} ${g.code}`, rtp })
    }
  }
  return out
}

/** Every bet a player may clear a gift with, from the registries the server plays by. */
export async function countingBets(sources: { sportMargin: number; providers: ReadonlyMap<string, GameProvider> }): Promise<CountingBet[]> {
  const originals = CASINO_GAMES.map((game) => {
    const best = ORIGINALS[game] as (() => number) | undefined
    if (!best) throw new Error(`the original ${game} has no best counting return in wallet/promoEv.ts`)
    return { game, bet: game, rtp: best() }
  })
  const rounds = roundBets()
  // Every game of our own is an original or a shared-round game, and each has its returns here.
  for (const game of SELF_GAME_TYPES) {
    if (![...originals, ...rounds].some((b) => b.game === game)) throw new Error(`the game ${game} has no best counting return in wallet/promoEv.ts`)
  }
  // The best price the sportsbook's model offers; a parlay returns the product of its legs' returns, never more.
  const sport = { game: SPORT_GAME, bet: 'sport, best price', rtp: bestPriceReturn(sources.sportMargin) }
  return [...originals, ...rounds, sport, ...(await providerBets(sources.providers))]
}

/** A gift and what it takes to clear it. */
export interface GiftTerms {
  /** 'package 3 BRL', 'VIP 10', 'sign-in day 7'. */
  label: string
  /** What the player pays for it (a package's price; 0 for an award), centavos. */
  price: bigint
  gift: bigint
  /** Times the gift is wagered in counted stakes (0: paid to cash). */
  wagerX: number
  /** Times the price is staked before the cash may leave. */
  turnoverX: number
}

export interface GiftEv {
  label: string
  price: number
  gift: number
  /** The bet that gives the player the most, what they may expect (reais) and the stakes it takes. */
  bestBet: string
  ev: number
  stakes: number
}

type Contribution = Pick<WalletConfig, 'wagerContribution'>

/** The player's expected value of one gift cleared on one bet, reais. */
function evOn(g: GiftTerms, bet: CountingBet, bestRtp: number, rules: Contribution): { ev: number; stakes: number } {
  const gift = Number(g.gift) / 100
  const turnover = (Number(g.price) / 100) * g.turnoverX
  const c = contributionOf({ wagerContribution: rules.wagerContribution, bonusMaxStake: 0n }, bet.game) / 100
  // A gift wagered where nothing counts is never cleared: worth nothing; the turnover at the best return.
  if (g.wagerX > 0 && gift > 0 && c === 0) return { ev: -(1 - bestRtp) * turnover, stakes: turnover }
  const wager = g.wagerX > 0 ? (gift * g.wagerX) / c : 0
  const rest = Math.max(0, turnover - wager)
  return { ev: gift - (1 - bet.rtp) * wager - (1 - bestRtp) * rest, stakes: wager + rest }
}

/** Each gift's best case for the player over every bet. */
export function giftEvs(gifts: readonly GiftTerms[], bets: readonly CountingBet[], rules: Contribution): GiftEv[] {
  const bestRtp = Math.max(...bets.map((b) => b.rtp))
  return gifts.map((g) => {
    let best = { bet: '', ev: -Infinity, stakes: 0 }
    for (const bet of bets) {
      const { ev, stakes } = evOn(g, bet, bestRtp, rules)
      if (ev > best.ev) best = { bet: bet.bet, ev, stakes }
    }
    return { label: g.label, price: Number(g.price) / 100, gift: Number(g.gift) / 100, bestBet: best.bet, ev: best.ev, stakes: best.stakes }
  })
}

/** Every gift the house gives under these settings: the active deposit packages, the VIP awards, the sign-in rewards. */
export async function houseGifts(q: Queryable, wallet: Pick<WalletConfig, 'depositTurnover' | 'vipAwardWagerX' | 'signin'>): Promise<GiftTerms[]> {
  const packages = await q.query<{ id: number; currency: string; price: bigint; gift: bigint; gift_wager_x: number; turnover_x: number | null }>(
    'SELECT id, currency, price, gift, gift_wager_x, turnover_x FROM price_packages WHERE active ORDER BY currency, sort, id',
  )
  const levels = await q.query<{ level: number; award: bigint }>('SELECT level, award FROM vip_levels WHERE award > 0 ORDER BY level')
  return [
    ...packages.rows.map((p) => ({
      label: `package ${p.id} ${p.currency}`,
      price: BigInt(p.price),
      gift: BigInt(p.gift),
      wagerX: p.gift_wager_x,
      turnoverX: p.turnover_x ?? wallet.depositTurnover,
    })),
    ...levels.rows.map((l) => ({ label: `VIP ${l.level}`, price: 0n, gift: BigInt(l.award), wagerX: wallet.vipAwardWagerX, turnoverX: 0 })),
    ...wallet.signin.rewards.map((r, i) => ({ label: `sign-in day ${i + 1}`, price: 0n, gift: r, wagerX: wallet.signin.wagerX, turnoverX: 0 })),
  ]
}

/**
 * The gifts that would pay a player under this configuration, for production's start: a
 * WAGER_CONTRIBUTION, a wagering multiple or a package that makes any gift's EV positive on any
 * game refuses the server (the check, scripts/promo-ev.ts, would otherwise only be advice).
 */
export async function giftsThatPay(q: Queryable, config: { sport: { margin: number }; providers: ReadonlyMap<string, GameProvider>; wallet: WalletConfig }): Promise<GiftEv[]> {
  const bets = await countingBets({ sportMargin: config.sport.margin, providers: config.providers })
  return giftEvs(await houseGifts(q, config.wallet), bets, config.wallet).filter((g) => g.ev > 1e-9)
}
