/**
 * The casino controls' money maths, in integer centavos through shared/money: stakes, the payout
 * preview (the server's own rule, payoutOf, so the preview is what a win pays to the centavo) and
 * the auto-bet's raises and running profit. The store keeps stakes as wire text ('1.50').
 */
import { CASINO_LIMIT_DEFAULTS } from '../../shared/contract/casino'
import { payoutOf } from '../../shared/games/payout'
import { centavosToReais, centavosToText, reaisTextToCentavos, wireToCentavos } from '../../shared/money'

function limitCentavos(text: string): bigint {
  const centavos = reaisTextToCentavos(text)
  if (centavos === null) throw new Error(`CASINO_LIMIT_DEFAULTS holds "${text}", not an amount in reais`)
  return centavos
}

/** Stake limits of the server's defaults, centavos. */
export const MIN_STAKE = limitCentavos(CASINO_LIMIT_DEFAULTS.minStake)
export const MAX_STAKE = limitCentavos(CASINO_LIMIT_DEFAULTS.maxStake)
/** The most one bet pays (mines cashes out at it), centavos. */
export const MAX_PAYOUT = limitCentavos(CASINO_LIMIT_DEFAULTS.maxPayout)

/** The store's stake text in centavos, or null when it is not an amount. */
export const stakeCentavos = (text: string): bigint | null => reaisTextToCentavos(text.trim())

/** A stake within the limits, as the store keeps it. */
export function clampStake(centavos: bigint): string {
  return centavosToText(centavos < MIN_STAKE ? MIN_STAKE : centavos > MAX_STAKE ? MAX_STAKE : centavos)
}

/** The stake buttons: half (rounded down to the centavo), double, the minimum, and as much as the balance allows. */
export const halfStake = (stake: bigint) => clampStake(stake / 2n)
export const doubleStake = (stake: bigint) => clampStake(stake * 2n)
export const maxStakeFor = (balance: number | undefined) => clampStake(balance === undefined ? MAX_STAKE : wireToCentavos(balance))

/**
 * What a win pays for a stake (the store's text, or centavos) and a multiplier in ten-thousandths,
 * in reais: the server's payoutOf on centavos, so the preview is the payout to the centavo.
 */
export function payoutPreview(stakeOrText: string | bigint, multiplier4: bigint): number {
  const stake = typeof stakeOrText === 'bigint' ? stakeOrText : stakeCentavos(stakeOrText)
  if (stake === null) return 0
  const payout = payoutOf(stake, multiplier4)
  return centavosToReais(payout < MAX_PAYOUT ? payout : MAX_PAYOUT)
}

/** A percentage typed as wire text ('12.5') in hundredths of a percent (1250n); 0 when empty or not a number. */
export function percentHundredths(text: string): bigint {
  return reaisTextToCentavos(text.trim()) ?? 0n
}

/** The stake raised by a percentage (hundredths of a percent), rounded down to the centavo, within the limits. */
export function raiseStake(stake: bigint, pctHundredths: bigint): string {
  return clampStake(stake + (stake * pctHundredths) / 10_000n)
}
