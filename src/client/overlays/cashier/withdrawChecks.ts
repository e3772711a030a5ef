import type { WithdrawHeld } from '../../../shared/contract/order'

/** What the checks read from getWithdraw. */
export interface WithdrawLimits {
  lock: boolean
  /** Withdrawals left today. */
  number: number
  /** The withdrawable balance. */
  wdAmount: number
  /** The minimum amount. */
  limitAmount: number
  /** The largest single withdrawal. */
  maxAmount: number
}

/** What the user filled in. `amount` is already parsed (null when empty or malformed). */
export interface WithdrawAsk {
  amount: number | null
  type: string
  account: string
}

export type WithdrawProblem =
  | { key: 'locked' }
  | { key: 'noneLeft' }
  | { key: 'nothing' }
  | { key: 'belowMin'; amount: number }
  | { key: 'aboveMax'; amount: number }
  | { key: 'missing' }

/** The most one withdrawal can take now: the withdrawable amount, within the maximum. */
export const withdrawMost = (l: WithdrawLimits) => Math.max(0, Math.min(l.wdAmount, l.maxAmount))

/**
 * The spec's six withdraw checks, in its order (section 5); the first that fails is the answer,
 * shown as an alert. The server runs the same checks again.
 */
export function firstWithdrawProblem(l: WithdrawLimits, ask: WithdrawAsk): WithdrawProblem | null {
  if (l.lock) return { key: 'locked' }
  if (l.number < 1) return { key: 'noneLeft' }
  if (l.wdAmount <= 0) return { key: 'nothing' }
  if (ask.amount === null || ask.amount <= 0 || ask.amount < l.limitAmount) return { key: 'belowMin', amount: l.limitAmount }
  const most = withdrawMost(l)
  if (ask.amount > most) return { key: 'aboveMax', amount: most }
  if (!ask.type || !ask.account.trim()) return { key: 'missing' }
  return null
}


/**
 * One line of the withdrawal sheet's explanation: what holds money back and, where staking frees
 * it, the stakes still needed (`left`). `bonusPage`: the line links to /bonus, where both are
 * followed.
 */
export type HeldLine =
  | { key: 'bonus'; amount: number; left: number; bonusPage: true }
  | { key: 'turnover'; amount: number; left: number; bonusPage: true }
  | { key: 'perWithdrawal'; amount: number }
  | { key: 'pending'; amount: number }
  | { key: 'debt'; amount: number }
  | { key: 'locked' }

/**
 * Why the amount one withdrawal can take is below the balance, in the order a player asks: the
 * bonus, the deposit still to stake, the per-withdrawal maximum; then what else the server holds
 * (withdrawals on their way, a returned PIX's debt, a game still open). Empty when nothing does.
 */
export function heldLines(l: WithdrawLimits, held: WithdrawHeld): HeldLine[] {
  const lines: HeldLine[] = []
  if (held.bonus > 0) lines.push({ key: 'bonus', amount: held.bonus, left: held.wagerLeft, bonusPage: true })
  if (held.turnover > 0) lines.push({ key: 'turnover', amount: held.turnover, left: held.turnoverLeft, bonusPage: true })
  if (l.wdAmount > l.maxAmount) lines.push({ key: 'perWithdrawal', amount: l.maxAmount })
  if (held.pending > 0) lines.push({ key: 'pending', amount: held.pending })
  if (held.debt > 0) lines.push({ key: 'debt', amount: held.debt })
  if (l.lock) lines.push({ key: 'locked' })
  return lines
}

/** The amount typed is above what one withdrawal can take now: the field says so (it is never rewritten). */
export const aboveMost = (l: WithdrawLimits, amount: number | null) => amount !== null && withdrawMost(l) > 0 && amount > withdrawMost(l)
