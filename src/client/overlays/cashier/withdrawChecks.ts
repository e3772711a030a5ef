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
