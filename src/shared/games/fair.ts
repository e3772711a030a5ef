/**
 * The provably-fair byte and float generator of the large crypto casinos, in pure JS so the
 * server and the browser (where crypto.subtle is missing on plain http) run the same code:
 * bytes = HMAC-SHA256(key = server seed hex text, message = `${clientSeed}:${nonce}:${round}`),
 * round 0, 1, 2 ... for each further 32 bytes; each float takes 4 bytes.
 */
import { hmac } from '@noble/hashes/hmac.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js'

export interface SeedPair {
  /** 64 lower-case hex characters; the key is this text, not the bytes it spells. */
  serverSeed: string
  clientSeed: string
  nonce: number
}

/** The commitment shown before any bet: SHA-256 of the server seed's hex text. */
export function hashServerSeed(serverSeed: string): string {
  return bytesToHex(sha256(utf8ToBytes(serverSeed)))
}

export { CLIENT_SEED_PATTERN } from './clientSeed'

function* bytes(seed: SeedPair): Generator<number, never> {
  const key = utf8ToBytes(seed.serverSeed)
  for (let round = 0; ; round++) {
    const block = hmac(sha256, key, utf8ToBytes(`${seed.clientSeed}:${seed.nonce}:${round}`))
    for (const b of block) yield b
  }
}

/** The endless floats in [0, 1) of a seed: b0/256 + b1/256^2 + b2/256^3 + b3/256^4 from each 4 bytes. */
export function* floatStream(seed: SeedPair): Generator<number, never> {
  const it = bytes(seed)
  for (;;) {
    let f = 0
    for (let j = 0, scale = 256; j < 4; j++, scale *= 256) f += it.next().value / scale
    yield f
  }
}

/** The first float of a seed: what one dice roll or one limbo result draws. */
export function firstFloat(seed: SeedPair): number {
  return floatStream(seed).next().value
}

/** The first `count` floats of a seed. */
export function floats(seed: SeedPair, count: number): number[] {
  const out: number[] = []
  const it = floatStream(seed)
  for (let i = 0; i < count; i++) out.push(it.next().value)
  return out
}
