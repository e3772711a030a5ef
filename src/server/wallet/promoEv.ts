/**
 * The expected value of a deposit package to a player who clears it at the best odds the rules
 * allow (scripts/promo-ev.ts prints it; a test holds the promotional packages at or under zero).
 *
 * A player who takes a package of price P with gift G, gift multiple W and deposit turnover T must
 * stake S = max(G x W / c, P x T) on a game whose stakes count c (its contribution, 0..1) and
 * whose best counting bet returns r (its RTP at a multiplier of at least 1.5x). Every stake loses
 * (1 - r) of itself on average whatever the strategy (the bankroll is a martingale), so the player
 * ends with P + G - (1 - r) x S on average: EV = G - (1 - r) x S. A game whose stakes do not count
 * (c = 0) never clears the gift: EV = -(1 - r) x P x T.
 */
import type { WalletConfig } from '../config'
import { contributionOf } from './wagering'

/** The highest return of a bet that counts toward a gift (multiplier at least 1.5x), per game. */
const BEST_COUNTING_RTP: Record<string, number> = {
  // All 10,001 rolls equally likely; 99 / chance rounded down: 9900/10001 at best (src/shared/games/rtp.test.ts).
  dice: 9900 / 10001,
  // 0.99 less rounding, for every target and every mines cash-out (src/shared/games/rtp.test.ts).
  limbo: 0.99,
  mines: 0.99,
}

export interface PackageTerms {
  pkgId: number
  curreny: string
  /** Centavos. */
  price: bigint
  gift: bigint
  wagerX: number
  turnoverX: number
}

export interface PackageEv {
  pkgId: number
  curreny: string
  price: number
  gift: number
  /** The game that gives the player the most, and what the player may expect from it, reais. */
  bestGame: string
  ev: number
  /** Stakes needed on the best game, reais. */
  stakes: number
}

/** The player's expected value of one package on one game, reais. */
function evOn(pkg: PackageTerms, game: string, rtp: number, rules: Pick<WalletConfig, 'wagerContribution'>): { ev: number; stakes: number } {
  const price = Number(pkg.price) / 100
  const gift = Number(pkg.gift) / 100
  const edge = 1 - rtp
  const c = contributionOf({ wagerContribution: rules.wagerContribution, bonusMaxStake: 0n }, game) / 100
  const turnover = price * pkg.turnoverX
  if (gift > 0 && c === 0) return { ev: -edge * turnover, stakes: turnover }
  const stakes = Math.max(gift > 0 ? (gift * pkg.wagerX) / c : 0, turnover)
  return { ev: gift - edge * stakes, stakes }
}

/** Each package's best case for the player across the games that exist. */
export function packageEvs(packages: readonly PackageTerms[], rules: Pick<WalletConfig, 'wagerContribution'>, games = BEST_COUNTING_RTP): PackageEv[] {
  return packages.map((pkg) => {
    let best = { game: '', ev: -Infinity, stakes: 0 }
    for (const [game, rtp] of Object.entries(games)) {
      const { ev, stakes } = evOn(pkg, game, rtp, rules)
      if (ev > best.ev) best = { game, ev, stakes }
    }
    return {
      pkgId: pkg.pkgId,
      curreny: pkg.curreny,
      price: Number(pkg.price) / 100,
      gift: Number(pkg.gift) / 100,
      bestGame: best.game,
      ev: Math.round(best.ev * 100) / 100,
      stakes: Math.round(best.stakes * 100) / 100,
    }
  })
}
