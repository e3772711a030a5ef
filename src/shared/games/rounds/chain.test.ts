import { createHash, createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { chainForward, chainNext, followsInChain, roundRoll, verifyRound } from './chain'

// A second implementation, apart from the shared code: node:crypto for the hashes, and the
// modulo as a byte-by-byte long division instead of one BigInt.
const nodeNext = (hash: string) => createHash('sha256').update(hash, 'utf8').digest('hex')
function nodeRoll(hash: string, salt: string, modulus: number): number {
  const bytes = createHmac('sha256', Buffer.from(hash, 'utf8')).update(salt, 'utf8').digest()
  let r = 0
  for (const b of bytes) r = (r * 256 + b) % modulus
  return r
}

const SEED = '3f1c9a2e7b5d40f8a6c2e1d9b7f3a5c8e0d2f4b6a8c1e3d5f7a9b2c4e6d8f0a1'
const SALT = '0000000000000000000a4f2e8c5b9d1e7f3a6c2b8d4e0f1a5c9b3d7e2f6a8c4b'
/** link[0..4] of the chain from SEED, and the rolls of link[0..3] with SALT (computed by both implementations). */
const LINKS = [
  SEED,
  'b74feb55f7c70e9ca22b307ba04440d54c000ce713f982ba208bb58ad24106ec',
  'e890ee992ff7c0c09bdca143ad9bbce2d30c9bd14e31d2d357abebe143945844',
  'c8701084a5d140f06976d9f9c668e761831442644c965584f8ed83575be5e3ce',
  '729660cac65e2bd5ee2e93b751aeaa049e760c5338482fe675e9b37ae0d1247e',
]
const ROLLS_15 = [3, 8, 8, 12]
/** The i-th link, failing the test when there is none. */
function link(i: number): string {
  const l = LINKS[i]
  if (l === undefined) throw new Error(`no link ${i}`)
  return l
}
const ROLLS_10 = [3, 3, 3, 7]

describe('hash chain', () => {
  it('links are SHA-256 of the previous hex text, as both implementations compute them', () => {
    for (let i = 1; i < LINKS.length; i++) {
      expect(chainNext(link(i - 1))).toBe(link(i))
      expect(nodeNext(link(i - 1))).toBe(link(i))
    }
    expect(chainForward(SEED, 4)).toBe(LINKS[4])
    expect(chainForward(SEED, 0)).toBe(SEED)
  })

  it('a round follows the one played before it (played backwards: link[3] then link[2] ...)', () => {
    // With a chain of 5 links, link[4] is the terminating hash; the first round plays link[3].
    expect(followsInChain(link(3), link(4))).toBe(true)
    expect(followsInChain(link(2), link(3))).toBe(true)
    expect(followsInChain(link(3), link(2))).toBe(false)
    expect(followsInChain(link(3).toUpperCase(), link(4))).toBe(false)
    expect(followsInChain('', chainNext(''))).toBe(false)
  })

  it('rolls: HMAC-SHA256(hash text, salt text) as a 256-bit integer, modulo 15 or 10', () => {
    LINKS.slice(0, 4).forEach((hash, i) => {
      expect(roundRoll(hash, SALT, 15)).toBe(ROLLS_15[i])
      expect(nodeRoll(hash, SALT, 15)).toBe(ROLLS_15[i])
      expect(roundRoll(hash, SALT, 10)).toBe(ROLLS_10[i])
      expect(nodeRoll(hash, SALT, 10)).toBe(ROLLS_10[i])
    })
  })

  it('both implementations agree on many links, and every number comes up', () => {
    const seen15 = new Set<number>()
    let h = SEED
    for (let i = 0; i < 400; i++) {
      const r = roundRoll(h, SALT, 15)
      expect(r).toBe(nodeRoll(h, SALT, 15))
      expect(roundRoll(h, SALT, 10)).toBe(nodeRoll(h, SALT, 10))
      seen15.add(r)
      h = chainNext(h)
    }
    expect(seen15.size).toBe(15)
  })

  it('verifies a settled round: linked to the hash before it, and its roll', () => {
    const [, , r2, r3] = ROLLS_15 as [number, number, number, number]
    expect(verifyRound({ hash: link(3), roll: r3 }, link(4), SALT, 15)).toEqual({ linked: true, roll: r3, rollMatches: true })
    // A wrong roll, a hash out of place, another salt: each caught.
    expect(verifyRound({ hash: link(3), roll: (r3 + 1) % 15 }, link(4), SALT, 15).rollMatches).toBe(false)
    expect(verifyRound({ hash: link(2), roll: r2 }, link(4), SALT, 15).linked).toBe(false)
    expect(verifyRound({ hash: link(3), roll: r3 }, link(4), SALT.replace('a', 'b'), 15).roll).toBe(nodeRoll(link(3), SALT.replace('a', 'b'), 15))
  })

  it('refuses a modulus below 2', () => {
    expect(() => roundRoll(SEED, SALT, 1)).toThrow()
    expect(() => roundRoll(SEED, SALT, 2.5)).toThrow()
  })
})
