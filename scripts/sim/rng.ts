/**
 * The simulator's randomness: the project's seeded generator (mulberry32, src/client/engine/random.ts),
 * one per stream, so a seed names one plan of operations and faults on any machine. A stream's own
 * seed is the run's seed mixed with the stream's number (the plan, the crashes, each operation, the proxy).
 */
import { seededRandom } from '../../src/client/engine/random'

export class Rng {
  /** [0, 1). */
  readonly next: () => number

  constructor(seed: number, stream = 0) {
    let s = (seed ^ Math.imul(stream + 1, 0x9e3779b9)) >>> 0
    s = Math.imul(s ^ (s >>> 16), 0x85ebca6b) >>> 0
    s = Math.imul(s ^ (s >>> 13), 0xc2b2ae35) >>> 0
    this.next = seededRandom((s ^ (s >>> 16)) >>> 0)
  }

  /** An unsigned 32-bit integer. */
  u32(): number {
    return Math.floor(this.next() * 4294967296) >>> 0
  }

  /** An integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n)
  }

  /** An integer in [lo, hi]. */
  between(lo: number, hi: number): number {
    return lo + this.int(hi - lo + 1)
  }

  chance(p: number): boolean {
    return this.next() < p
  }

  pick<T>(xs: readonly T[]): T {
    return xs[this.int(xs.length)]!
  }

  /** A key of `weights` drawn in proportion to its weight. */
  weighted<K extends string>(weights: Readonly<Record<K, number>>): K {
    const entries = Object.entries(weights) as [K, number][]
    let x = this.next() * entries.reduce((s, [, w]) => s + w, 0)
    for (const [k, w] of entries) if ((x -= w) < 0) return k
    return entries[entries.length - 1]![0]
  }
}
