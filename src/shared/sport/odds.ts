/**
 * Odds on the wire: decimal numbers with at most three decimals (2.17), everywhere: the match call,
 * the socket, the bet and the bets list. Inside the book they are whole thousandths (2170); these
 * are the one conversion each way.
 */

/** Thousandths to the wire's decimal (exact: a whole number over 1000). */
export const oddsToWire = (thousandths: number): number => thousandths / 1000

/** A wire decimal to thousandths, or null when it has more than three decimals. */
export function oddsFromWire(odds: number): number | null {
  const thousandths = Math.round(odds * 1000)
  return Math.abs(odds * 1000 - thousandths) < 1e-6 ? thousandths : null
}

/** A parlay's odds from its legs' thousandths: their product, rounded once to three decimals (the slip and the server alike). */
export const productOdds = (thousandths: readonly number[]): number => Math.round(thousandths.reduce((x, o) => x * (o / 1000), 1) * 1000) / 1000
