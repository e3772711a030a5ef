/**
 * The casino originals' actions: a bet for each game, the mines game (start, reveal, cash out,
 * resume), the fairness panel (seed, rotation, lookup) and auto-bet. The server decides every
 * outcome; the store only shows what it answered.
 */
import type { Bet } from '../../../shared/contract'
import * as casino from '../../../shared/contract/casino'
import { centavosToReais, centavosToText, reaisTextToCentavos, wireToCentavos } from '../../../shared/money'
import { applyBalance } from '../balance'
import { stakeCentavos, percentHundredths, raiseStake } from '../stake'
import { store } from '../store'
import { moneyCall } from '../moneyCall'
import { api } from './session'
import { CallFailed } from '../errors'
import { i18n } from '../../i18n/i18n'
import { openOverlay, pushAlert } from './ui'

export type GameName = 'dice' | 'limbo' | 'mines'

/** The stake of the store (wire text) as the call sends it, or null when it is not an amount. */
const stakeWire = (text: string): string | null => {
  const stake = stakeCentavos(text)
  return stake === null ? null : centavosToText(stake)
}

/**
 * A bet or a mines move: through moneyCall, so a dropped connection is retried with the same key
 * and the server returns the bet it already made (or makes it once); nothing is left in doubt.
 */
const sendOnce = <T>(call: Parameters<typeof moneyCall>[0], body: Record<string, unknown>): Promise<T> => moneyCall<T>(call, { body, loading: false })

/** The seed pair moved on by one bet (when the panel shows the pair this bet used). */
function advanceNonce(bet: Bet): void {
  const current = store.casino.fair.current
  if (current && current.serverSeedHash === bet.serverSeedHash && current.clientSeed === bet.clientSeed) current.nonce = Math.max(current.nonce, bet.nonce + 1)
}

function recordBet(game: GameName, bet: Bet): void {
  applyBalance(bet)
  const slice = store.casino[game]
  slice.history = [bet, ...slice.history.filter((b) => b.betId !== bet.betId)].slice(0, 12)
}

/** No amount to bet: the spec's 'enter a bet amount', and nothing is sent. */
export function noStake(): null {
  pushAlert({ text: i18n.t('errors.enterBetAmount') })
  return null
}

/** A bet that failed without the server's word (its refusals are already shown by the catalogue): the spec's 'bet failed'. */
export function betFailed(err: unknown): null {
  if (!(err instanceof CallFailed)) pushAlert({ text: i18n.t('errors.betFailed') })
  return null
}

/** A visitor who taps a bet gets the login panel (the spec: an own game as guest opens login). */
function signedIn(): boolean {
  if (store.session.token) return true
  openOverlay('auth', 'login')
  return false
}

/**
 * A dice or limbo bet shows itself as on its way (button label, dimmed scene) only after this
 * long: most replies come sooner, and a state shown for one or two frames is flicker that costs a
 * React render, a layout and a paint per bet. The bet is guarded by `pending` from the tap on.
 */
const BUSY_AFTER_MS = 150

/** Runs a game's call with `pending` set from the start and `busy` once it has taken BUSY_AFTER_MS; both cleared after. */
export async function inFlight<T>(slice: { pending: boolean; busy: boolean }, run: () => Promise<T>): Promise<T> {
  slice.pending = true
  const busy = setTimeout(() => (slice.busy = slice.pending), BUSY_AFTER_MS)
  try {
    return await run()
  } finally {
    clearTimeout(busy)
    slice.pending = false
    slice.busy = false
  }
}

/** Dice and limbo: one bet from the slice's stake and inputs; the reply is shown and recorded. */
async function placeInstant(game: 'dice' | 'limbo', call: typeof casino.diceBet | typeof casino.limboBet, inputs: () => Record<string, unknown>): Promise<Bet | null> {
  if (!signedIn()) return null
  const slice = store.casino[game]
  const amount = stakeWire(slice.stake)
  if (slice.pending) return null
  if (amount === null) return noStake()
  return inFlight(slice, async () => {
    try {
      const bet = await sendOnce<Bet>(call, { amount, ...inputs() })
      slice.last = bet
      advanceNonce(bet)
      recordBet(game, bet)
      return bet
    } catch (err) {
      return betFailed(err)
    }
  })
}

export const placeDiceBet = () =>
  placeInstant('dice', casino.diceBet, () => ({ target: store.casino.dice.target.toFixed(2), condition: store.casino.dice.condition }))

/** Over or under; the target moves into the new condition's range (over 2 to 99.99, under 0.01 to 98). */
export function setDiceCondition(condition: 'over' | 'under'): void {
  const dice = store.casino.dice
  dice.condition = condition
  dice.target = Math.min(condition === 'over' ? 99.99 : 98, Math.max(condition === 'over' ? 2 : 0.01, dice.target))
}

export const placeLimboBet = () => placeInstant('limbo', casino.limboBet, () => ({ target: store.casino.limbo.target.toFixed(2) }))

// ---- mines ---------------------------------------------------------------------------------

const minesOpen = () => store.casino.mines.game?.state === 'active'

function applyMines(bet: Bet): void {
  const mines = store.casino.mines
  mines.game = bet
  applyBalance(bet)
  if (bet.state !== 'active') recordBet('mines', bet)
}

export async function startMines(): Promise<Bet | null> {
  if (!signedIn()) return null
  const mines = store.casino.mines
  const amount = stakeWire(mines.stake)
  if (mines.pending || minesOpen()) return null
  if (amount === null) return noStake()
  return inFlight(mines, async () => {
    try {
      const bet = await sendOnce<Bet>(casino.minesStart, { amount, mines: mines.mines })
      advanceNonce(bet)
      applyMines(bet)
      return bet
    } catch (err) {
      return betFailed(err)
    }
  })
}

/** A move in the open game; a refusal (the game ended elsewhere, say) shows the server's view again. */
async function minesMove(call: typeof casino.minesReveal | typeof casino.minesCashout, body: Record<string, unknown>, tile: number | null): Promise<Bet | null> {
  const mines = store.casino.mines
  mines.pendingTile = tile
  try {
    return await inFlight(mines, async () => {
      try {
        const bet = await sendOnce<Bet>(call, body)
        applyMines(bet)
        return bet
      } catch {
        void resumeMines()
        return null
      }
    })
  } finally {
    mines.pendingTile = null
  }
}

export async function revealMine(tile: number): Promise<Bet | null> {
  const { pending, game } = store.casino.mines
  if (pending || !game || game.state !== 'active' || game.revealed?.includes(tile)) return null
  return minesMove(casino.minesReveal, { tile }, tile)
}

export async function cashOutMines(): Promise<Bet | null> {
  const { pending, game } = store.casino.mines
  if (pending || !minesOpen() || !game?.revealed?.length) return null
  return minesMove(casino.minesCashout, {}, null)
}

/** A reload resumes the open game the server keeps. */
export async function resumeMines(): Promise<void> {
  if (!store.session.token) return
  try {
    const bet = await api<Bet | null>(casino.minesActive, { loading: false }, true)
    const mines = store.casino.mines
    if (bet) {
      mines.game = bet
      mines.mines = bet.mines ?? mines.mines
      mines.stake = centavosToText(wireToCentavos(bet.amount))
    } else if (mines.game?.state === 'active') {
      mines.game = null
    }
  } catch {
    // Offline: the board stays as it was; the next tap asks again.
  }
}

// ---- fairness ------------------------------------------------------------------------------

export async function loadSeed(): Promise<void> {
  if (!store.session.token) return
  try {
    store.casino.fair.current = await api(casino.getSeed, { loading: false }, true)
  } catch {
    // The panel shows nothing until it can ask.
  }
}

/** Rotates the pair: the old server seed is revealed, so every bet made with it can be verified. */
export async function rotateSeed(clientSeed: string): Promise<boolean> {
  try {
    const r = await api<{
      previousServerSeed: string
      previousServerSeedHash: string
      previousClientSeed: string
      previousNonce: number
      serverSeedHash: string
      clientSeed: string
      nonce: number
    }>(casino.rotateSeed, { body: { clientSeed } })
    store.casino.fair.previous = { serverSeed: r.previousServerSeed, serverSeedHash: r.previousServerSeedHash, clientSeed: r.previousClientSeed, nonce: r.previousNonce }
    store.casino.fair.current = { serverSeedHash: r.serverSeedHash, clientSeed: r.clientSeed, nonce: r.nonce }
    return true
  } catch {
    return false
  }
}

/** One of the player's bets, with its server seed once the pair was rotated. */
export function lookupBet(betId: string): Promise<Bet> {
  return api<Bet>(casino.casinoBet, { params: { betId }, loading: false })
}

// ---- auto-bet ------------------------------------------------------------------------------

const reduced = () => typeof matchMedia !== 'undefined' && matchMedia('(prefers-reduced-motion: reduce)').matches
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** One mines round of auto mode: start, reveal the chosen tiles in order, cash out if still alive. */
async function autoMinesRound(): Promise<Bet | null> {
  const tiles = [...store.casino.mines.autoTiles]
  if (!tiles.length) return null
  let bet = await startMines()
  for (const tile of tiles) {
    if (!bet || bet.state !== 'active') break
    bet = await revealMine(tile)
    if (bet?.state === 'active') await pause(reduced() ? 40 : 180)
  }
  if (bet?.state === 'active') bet = await cashOutMines()
  return bet
}

const PLACE: Record<GameName, () => Promise<Bet | null>> = { dice: placeDiceBet, limbo: placeLimboBet, mines: autoMinesRound }

/**
 * Auto-bet: places bets one after another with the stake rules (reset, or raise by a percentage
 * on a win or a loss) until the count is reached, a stop (profit, loss) triggers, a bet is
 * refused, or the player stops it. Each bet waits for its animation before the next.
 */
export async function runAuto(game: GameName): Promise<void> {
  const auto = store.casino.auto
  const slice = store.casino[game]
  const base = stakeWire(slice.stake)
  if (auto.running || base === null || minesOpen() || !signedIn()) return
  const count = Math.max(0, Math.floor(Number(auto.count) || 0))
  // Centavos; 0: no limit.
  const stopProfit = reaisTextToCentavos(auto.stopProfit.trim()) ?? 0n
  const stopLoss = reaisTextToCentavos(auto.stopLoss.trim()) ?? 0n
  auto.running = game
  auto.played = 0
  auto.profit = 0
  let profit = 0n
  let stake = base
  try {
    while (auto.running === game && (count === 0 || auto.played < count)) {
      slice.stake = stake
      const bet = await PLACE[game]()
      if (!bet || bet.state === 'active') break
      auto.played++
      profit += wireToCentavos(bet.payout) - wireToCentavos(bet.amount)
      auto.profit = centavosToReais(profit)
      if (stopProfit > 0n && profit >= stopProfit) break
      if (stopLoss > 0n && -profit >= stopLoss) break
      const won = bet.state === 'won'
      const rule = won ? auto.onWin : auto.onLoss
      // `stake` is always text this loop wrote from centavos, so it parses; were it not, the rule would reset it.
      const current = stakeCentavos(stake)
      stake = rule === 'reset' || current === null ? base : raiseStake(current, percentHundredths(won ? auto.onWinPct : auto.onLossPct))
      await pause(reduced() ? 150 : game === 'limbo' ? 900 : 700)
    }
  } finally {
    auto.running = null
  }
}

export function stopAuto(): void {
  store.casino.auto.running = null
}
