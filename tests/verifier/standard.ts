/**
 * An outside verifier of the public provably-fair scheme, written from the text alone:
 * node:crypto instead of @noble/hashes, and nothing imported from src/. The tests hold the app's
 * results against it, so a slip in the shared game code cannot also be in the check.
 */
import { createHash, createHmac } from 'node:crypto'

export const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex')

/** Floats from HMAC-SHA256(key = server seed hex text, message = `${clientSeed}:${nonce}:${round}`), 4 bytes each. */
export function floatsOf(serverSeed: string, clientSeed: string, nonce: number, count: number): number[] {
  const out: number[] = []
  for (let round = 0; out.length < count; round++) {
    const block = createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}:${round}`).digest()
    for (let i = 0; i + 4 <= block.length && out.length < count; i += 4) {
      out.push(block[i]! / 256 + block[i + 1]! / 256 ** 2 + block[i + 2]! / 256 ** 3 + block[i + 3]! / 256 ** 4)
    }
  }
  return out
}

/** Dice: floor(float x 10001) / 100. */
export const diceOf = (s: string, c: string, n: number) => Math.floor(floatsOf(s, c, n, 1)[0]! * 10001) / 100

/** Limbo: max(1, floor(1e8 / (float x 1e8) x 0.99 x 100) / 100), capped at 1,000,000. */
export function limboOf(s: string, c: string, n: number): number {
  const f = floatsOf(s, c, n, 1)[0]!
  return Math.min(1_000_000, Math.max(1, Math.floor((1e8 / (f * 1e8)) * 0.99 * 100) / 100))
}

/** Mines: 24 floats; pick i removes index floor(float_i x (25 - i)) from the ascending tiles; the first m picks are mines. */
export function minesOf(s: string, c: string, n: number, m: number): number[] {
  const tiles = Array.from({ length: 25 }, (_, i) => i)
  const fs = floatsOf(s, c, n, 24)
  const mines: number[] = []
  for (let i = 0; i < m; i++) mines.push(tiles.splice(Math.floor(fs[i]! * (25 - i)), 1)[0]!)
  return mines.sort((a, b) => a - b)
}

const C = (n: number, k: number): bigint => {
  let r = 1n
  for (let i = 0; i < k; i++) r = (r * BigInt(n - i)) / BigInt(i + 1)
  return r
}

/** Multipliers as ten-thousandths, rounded down. */
export const diceMultiplier4 = (target: number, condition: 'over' | 'under') => {
  const chanceHundredths = condition === 'over' ? 10000 - Math.round(target * 100) : Math.round(target * 100)
  return (9900n * 10000n) / BigInt(chanceHundredths)
}
export const minesMultiplier4 = (m: number, k: number) => (99n * C(25, k) * 10000n) / (100n * C(25 - m, k))
export const limboMultiplier4 = (target: number) => BigInt(Math.round(target * 100)) * 100n

/** floor(stake centavos x multiplier), in reais. */
export const payoutOf = (stakeReais: number, multiplier4: bigint) => Number((BigInt(Math.round(stakeReais * 100)) * multiplier4) / 10000n) / 100

/**
 * Shared rounds: a chain's salt is SHA-256 hex of its inputs (players' seeds, or one public value)
 * joined by ':'; a round's number is HMAC-SHA256(key = the round's hash text, message = the salt
 * text) read as a 256-bit big-endian integer, modulo the game's size (15 or 10).
 */
export const roundSaltOf = (inputs: string[]) => sha256Hex(inputs.join(':'))
export function roundRollOf(hash: string, salt: string, size: number): number {
  const bytes = createHmac('sha256', Buffer.from(hash, 'utf8')).update(salt, 'utf8').digest()
  let r = 0
  for (const b of bytes) r = (r * 256 + b) % size
  return r
}
