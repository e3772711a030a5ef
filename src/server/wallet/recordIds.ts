/**
 * Public ids of what a user can open in the records: a letter for the source and the row id.
 * D: deposit order, W: withdrawal order, T: transfer, L: ledger transaction (bets, wins, prizes).
 * Deposit and withdrawal ids are also the orderId of prePay, getStatus and withdraw.
 */
export type RecordSource = 'D' | 'W' | 'T' | 'L'

export const recordId = (source: RecordSource, id: bigint | number): string => `${source}${id}`

/** The row behind a public id, or null when the text is not one (such ids are simply not found). */
export function parseRecordId(text: string): { source: RecordSource; id: bigint } | null {
  const [, source, digits] = /^([DWTL])(\d{1,18})$/.exec(text) ?? []
  if (source === undefined || digits === undefined) return null
  const id = BigInt(digits)
  if (id > 9_223_372_036_854_775_807n) return null
  return { source: source as RecordSource, id }
}
