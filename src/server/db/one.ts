/**
 * The single row a statement always yields (INSERT ... RETURNING, an aggregate, a row this
 * transaction just wrote or holds a key to). An empty result is a bug, not a client mistake, so it
 * throws a plain Error naming the statement rather than letting `undefined` travel on.
 */
export function one<T>(rows: readonly T[], what: string): T {
  const [row] = rows
  if (row === undefined) throw new Error(`expected a row from ${what}, got none`)
  return row
}
