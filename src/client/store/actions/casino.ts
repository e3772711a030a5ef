import { calls, type Bet } from '../../../shared/contract'
import { store } from '../store'
import { http } from '../api'
import { handleFailure, handleNetworkError } from '../errors'
import { FREE_BALANCE_DEPOSIT_BELOW } from '../realtime'
import { GAME_DEPOSIT_BELOW } from './cashier'
import { openOverlay } from './ui'

/** A fresh Idempotency-Key for one player action. */
export function newActionKey(): string {
  const c = globalThis.crypto
  if (c?.randomUUID) return c.randomUUID()
  const bytes = new Uint8Array(16)
  c?.getRandomValues?.(bytes)
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('') || `${Date.now()}-${Math.random()}`
}

/** The stake as typed ('1,50' or '1.50') in the wire's form, or null when it is not an amount. */
export function stakeText(typed: string): string | null {
  const text = typed.trim().replace(',', '.')
  return /^\d+(\.\d{1,2})?$/.test(text) ? text : null
}

/**
 * Sends a money-moving call; if the connection drops, retries with the same key, so the server
 * returns the bet it already made (or makes it once) and nothing is left in doubt.
 */
async function sendOnce<T>(call: Parameters<typeof http.request>[0], body: Record<string, unknown>): Promise<T> {
  const headers = { 'Idempotency-Key': newActionKey() }
  for (let attempt = 0; ; attempt++) {
    let reply
    try {
      reply = await http.request<T>(call, { body, headers, loading: false })
    } catch (err) {
      if (attempt < 2) continue
      throw handleNetworkError(err)
    }
    if (reply.status === 200) return reply.data
    throw handleFailure(reply)
  }
}

/**
 * A settled bet that took the balance under R$10 opens the compensation deposit (gameDeposit),
 * once as it crosses, and not over another overlay; under R$0.51 the server's freeBalance event
 * opens the normal deposit instead.
 */
export function noteSettled(bet: Bet): void {
  const before = Math.round((bet.balance - bet.payout + bet.amount) * 100) / 100
  if (bet.balance < GAME_DEPOSIT_BELOW && before >= GAME_DEPOSIT_BELOW && bet.balance >= FREE_BALANCE_DEPOSIT_BELOW && store.ui.overlay === null) {
    openOverlay('gameDeposit')
  }
}

function applyBet(bet: Bet): void {
  if (store.user) store.user.balance = bet.balance
  noteSettled(bet)
  const dice = store.casino.dice
  dice.last = bet
  dice.history = [bet, ...dice.history].slice(0, 12)
}

export async function placeDiceBet(): Promise<void> {
  const dice = store.casino.dice
  const amount = stakeText(dice.stake)
  if (dice.pending || amount === null) return
  dice.pending = true
  try {
    const bet = await sendOnce<Bet>(calls.diceBet, { amount, target: dice.target.toFixed(2), condition: dice.condition })
    applyBet(bet)
  } catch {
    // The catalogue has shown the refusal.
  } finally {
    dice.pending = false
  }
}
