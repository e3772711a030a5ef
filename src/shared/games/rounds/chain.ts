/**
 * The hash chain of the shared-round games (Double, Row Double, Lucky Color), in pure JS so the
 * server and the in-app verifier run the same code.
 *
 * A chain is a random 32-byte seed (as 64 lower-case hex characters) hashed again and again:
 * link[0] = the seed, link[i] = SHA-256 of link[i - 1]'s hex text, as hex text. The last link is
 * the chain's terminating hash, published with a salt before the first round and never played;
 * rounds play the links backwards from the one before it, so SHA-256 of a round's hash is the
 * previous round's hash (the terminating hash for the first round).
 *
 * A round's number: h = HMAC-SHA256(key = the round's hash as hex text, message = the salt text);
 * roll = h read as one 256-bit big-endian integer, modulo the game's size. BigInt, never a float.
 *
 * The salt (issue 29) is fixed after the terminating hash is published, from values the server
 * cannot choose: salt = SHA-256 hex of the inputs joined by ':' (each input a client seed: 1 to 64
 * printable ASCII characters without ':'). The inputs are the seeds of the first players to send
 * one to the new chain, in the order they came, or what was there at the deadline (none: the salt
 * is SHA-256 of the empty text); or one public value named in advance (e.g. a future Bitcoin block's
 * hash). Chains made before issue 29 keep the random salt they were published with.
 */
import { hmac } from '@noble/hashes/hmac.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js'

/** 64 lower-case hex characters. */
const HASH_PATTERN = /^[0-9a-f]{64}$/

/** The next link: SHA-256 of the hash's hex text, as hex text. Also: a round's hash -> the previous round's. */
export function chainNext(hash: string): string {
  return bytesToHex(sha256(utf8ToBytes(hash)))
}

/** Whether `hash` is the round played right after the one whose hash is `previousHash` (or the first, with the terminating hash). */
export function followsInChain(hash: string, previousHash: string): boolean {
  return HASH_PATTERN.test(hash) && chainNext(hash) === previousHash
}

/** The round's number, 0 .. modulus - 1. */
export function roundRoll(hash: string, salt: string, modulus: number): number {
  if (!Number.isInteger(modulus) || modulus < 2) throw new Error('a roll needs a modulus of 2 or more')
  const h = hmac(sha256, utf8ToBytes(hash), utf8ToBytes(salt))
  return Number(BigInt(`0x${bytesToHex(h)}`) % BigInt(modulus))
}

/** The salt a chain's inputs make: SHA-256 hex of the inputs joined by ':'. */
export function saltOf(inputs: readonly string[]): string {
  return bytesToHex(sha256(utf8ToBytes(inputs.join(':'))))
}

/** Walks `steps` links forward from `hash` (steps >= 0). */
export function chainForward(hash: string, steps: number): string {
  let h = hash
  for (let i = 0; i < steps; i++) h = chainNext(h)
  return h
}

export interface RoundCheck {
  /** SHA-256 of the round's hash is the hash published before it (the previous round's, or the terminating hash). */
  linked: boolean
  /** The roll the round's hash and the chain's salt give. */
  roll: number
  /** The round was settled with that roll (a voided round, roll null, is not checked). */
  rollMatches: boolean
}

/** What the app's verifier (and anyone's) checks of a settled round, with the shared code. */
export function verifyRound(round: { hash: string; roll: number | null }, previousHash: string, salt: string, size: number): RoundCheck {
  const roll = roundRoll(round.hash, salt, size)
  return { linked: followsInChain(round.hash, previousHash), roll, rollMatches: round.roll === roll }
}
