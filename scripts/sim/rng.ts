/**
 * The simulator's randomness: sfc32 (Chris Doty-Humphrey's small fast counter generator), seeded
 * through splitmix32, so a seed names one plan of operations and faults on any machine.
 */
function splitmix32(seed: number): () => number {
  let s = seed >>> 0
  return () => {
    s = (s + 0x9e3779b9) >>> 0
    let z = s
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0
    return (z ^ (z >>> 16)) >>> 0
  }
}

export class Rng {
  private a: number
  private b: number
  private c: number
  private d: number

  /** A stream for `seed`; `stream` gives independent streams of one seed (the plan, op n's own, the proxy's). */
  constructor(seed: number, stream = 0) {
    const mix = splitmix32((seed ^ Math.imul(stream + 1, 0x27d4eb2d)) >>> 0)
    this.a = mix()
    this.b = mix()
    this.c = mix()
    this.d = mix()
    for (let i = 0; i < 12; i++) this.u32()
  }

  u32(): number {
    const t = (((this.a + this.b) >>> 0) + this.d) >>> 0
    this.d = (this.d + 1) >>> 0
    this.a = this.b ^ (this.b >>> 9)
    this.b = (this.c + (this.c << 3)) >>> 0
    this.c = ((this.c << 21) | (this.c >>> 11)) >>> 0
    this.c = (this.c + t) >>> 0
    return t
  }

  /** [0, 1). */
  next(): number {
    return this.u32() / 4294967296
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
