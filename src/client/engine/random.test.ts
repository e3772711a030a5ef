import { describe, expect, it } from 'vitest'
import { fixedClock } from './clock'
import { seededRandom } from './random'

describe('determinism helpers', () => {
  it('the same seed draws the same sequence, another seed another one', () => {
    const a = seededRandom(7)
    const b = seededRandom(7)
    const c = seededRandom(8)
    const xs = Array.from({ length: 5 }, () => a())
    expect(Array.from({ length: 5 }, () => b())).toEqual(xs)
    expect(Array.from({ length: 5 }, () => c())).not.toEqual(xs)
    for (const x of xs) expect(x >= 0 && x < 1).toBe(true)
  })

  it('a fixed clock stands still until moved', () => {
    const clock = fixedClock(1000)
    expect(clock.now()).toBe(1000)
    clock.advance(250)
    expect(clock.now()).toBe(1250)
  })
})
