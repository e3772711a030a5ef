import { isValidCnpj, isValidCpf } from '@brazilian-utils/brazilian-utils'
import { AppError } from '../AppError'

/** What the spec's withdraw checks look at, about the user. */
export interface WithdrawState {
  /** An unsettled game holds the wallet ('Sua fatura do jogo está sendo gerada'). */
  locked: boolean
  /** Withdrawals left today. */
  remaining: number
  /** The cash balance, centavos. */
  withdrawable: bigint
  min: bigint
  max: bigint
}

/** What the user asked for, as sent (empty values included). */
export interface WithdrawAsk {
  amount: bigint | null
  type: string
  account: string
}

/**
 * The spec's six withdraw checks (section 5), in its order; the first that fails is the answer.
 * The amounts in the messages are centavos, formatted for the caller when the error is sent.
 */
export function firstWithdrawFailure(state: WithdrawState, ask: WithdrawAsk): AppError | null {
  if (state.locked) return new AppError('WITHDRAW_LOCKED')
  if (state.remaining < 1) return new AppError('WITHDRAW_COUNT_EXHAUSTED')
  if (state.withdrawable <= 0n) return new AppError('NOTHING_TO_WITHDRAW')
  if (ask.amount === null || ask.amount <= 0n || ask.amount < state.min) return new AppError('WITHDRAW_BELOW_MIN', { amount: state.min })
  const most = state.withdrawable < state.max ? state.withdrawable : state.max
  if (ask.amount > most) return new AppError('WITHDRAW_ABOVE_MAX', { amount: most })
  if (!ask.type || !ask.account.trim()) return new AppError('WITHDRAW_INFO_MISSING')
  return null
}

/** A TRC20 address: base58 (no 0, O, I, l), 'T' then 33 characters. */
const TRC20 = /^T[1-9A-HJ-NP-Za-km-z]{33}$/

/**
 * The withdrawal types a player is offered (getWithdraw's `types`, the only ones withdraw takes):
 * CPF always; CNPJ while WITHDRAW_CNPJ is on; USDT with the user's lx '20' (spec).
 */
export function withdrawTypesFor(ctx: { lx: string; cnpj: boolean }): ('CPF' | 'CNPJ' | 'USDT')[] {
  return ['CPF', ...(ctx.cnpj ? (['CNPJ'] as const) : []), ...(ctx.lx === '20' ? (['USDT'] as const) : [])]
}

export interface Destination {
  type: 'CPF' | 'CNPJ' | 'USDT'
  account: string
  ifsc: string
}

/**
 * Checks the account of each withdrawal type and sets its ifsc as the spec says: for CPF the
 * account number itself, for USDT the USDT rate; CNPJ keeps what was sent. CPF and CNPJ arrive
 * as digits (a typed mask of dots, dashes and slashes is dropped) with valid check digits. CNPJ
 * is offered only while WITHDRAW_CNPJ is on (`ctx.cnpj`): a company account named by a holder
 * name is no proof that the money reaches the player.
 */
export function withdrawDestination(type: 'CPF' | 'CNPJ' | 'USDT', account: string, ifsc: string, ctx: { lx: string; usdtRate: number; cnpj: boolean }): Destination {
  if (!withdrawTypesFor(ctx).includes(type)) throw new AppError('WITHDRAW_TYPE_UNAVAILABLE')
  if (type === 'USDT') {
    const address = account.trim()
    if (!TRC20.test(address)) throw new AppError('USDT_ADDRESS_INVALID')
    return { type, account: address, ifsc: String(ctx.usdtRate) }
  }
  const digits = account.replace(/[\s./-]/g, '')
  if (type === 'CPF') {
    if (!/^\d{11}$/.test(digits) || !isValidCpf(digits)) throw new AppError('CPF_INVALID')
    return { type, account: digits, ifsc: digits }
  }
  if (!/^\d{14}$/.test(digits) || !isValidCnpj(digits)) throw new AppError('CNPJ_INVALID')
  return { type, account: digits, ifsc: ifsc.trim() }
}

/**
 * Whose account a withdrawal may go to, once the destination is well formed: a CPF withdrawal
 * only to the account's own verified CPF (money leaves to the person who proved who they are,
 * not to whoever took over the account); a CNPJ one names the holder of the company account.
 * USDT stays as the spec says (only with lx '20', checked with the destination).
 */
export function destinationFailure(dest: Destination, ownCpf: string, holderName: string): AppError | null {
  if (dest.type === 'CPF' && dest.account !== ownCpf) return new AppError('WITHDRAW_CPF_NOT_OWN')
  if (dest.type === 'CNPJ' && !holderName.trim()) return new AppError('WITHDRAW_HOLDER_MISSING')
  return null
}

/** A CPF as stored: digits only, when its check digits hold; null otherwise. */
export function normalizeCpf(text: string): string | null {
  const digits = text.replace(/[\s.-]/g, '')
  return /^\d{11}$/.test(digits) && isValidCpf(digits) ? digits : null
}
