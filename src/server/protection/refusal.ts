import type { Queryable } from '../db/connection'
import type { AppError } from '../AppError'
import { blockAt, blockError } from './blocks'
import { limitError } from './limits'

const CODES = ['LIMIT_LOSS', 'LIMIT_STAKE', 'LIMIT_TIME', 'RG_PAUSED', 'RG_EXCLUDED'] as const
type ProtectionCode = (typeof CODES)[number]

/** Whether a wallet_bets refusal code is a player's own protection (a limit, a pause, an exclusion). */
export const isProtectionCode = (code: string): code is ProtectionCode => (CODES as readonly string[]).includes(code)

/** The refusal of a stake a player's protection stopped, in words: the limit and what is left, or the block and its end. */
export async function protectionError(q: Queryable, userId: bigint, code: ProtectionCode, at: Date): Promise<AppError> {
  if (code === 'LIMIT_LOSS' || code === 'LIMIT_STAKE' || code === 'LIMIT_TIME') return limitError(q, userId, code, at)
  const block = await blockAt(q, userId, at.getTime())
  // Ended between the stake and this read: said as it was when refused.
  return blockError(block ?? { kind: code === 'RG_PAUSED' ? 'pause' : 'exclusion', endsAt: at })
}
