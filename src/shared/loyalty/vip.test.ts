import { describe, expect, it } from 'vitest'
import { VIP_LEVELS, vipAwardsBetween, vipLevelFor, vipProgress } from './vip'

const R = (n: number) => BigInt(Math.round(n * 100))

describe('the VIP table', () => {
  it('a level needs both thresholds', () => {
    expect(vipLevelFor(0n, 0n)).toBe(0)
    expect(vipLevelFor(R(100), R(499.99))).toBe(0)
    expect(vipLevelFor(R(99.99), R(500))).toBe(0)
    expect(vipLevelFor(R(100), R(500))).toBe(1)
    // A big deposit with little play stays where the play allows.
    expect(vipLevelFor(R(1_000_000), R(4000))).toBe(2)
    expect(vipLevelFor(R(200_000), R(1_600_000))).toBe(6)
    expect(vipLevelFor(R(1e9), R(1e9))).toBe(10)
  })

  it("a jump of several levels pays each level's award once", () => {
    expect(vipAwardsBetween(0, 3).map((l) => [l.level, l.award])).toEqual([[1, R(10)], [2, R(50)], [3, R(200)]])
    expect(vipAwardsBetween(3, 3)).toEqual([])
    expect(VIP_LEVELS.find((l) => l.level === 6)!.award).toBe(R(24000))
  })

  it('progress is capped at the next thresholds', () => {
    expect(vipProgress(1, R(800), R(100))).toEqual({ next: VIP_LEVELS[2], paySum: R(500), gameSum: R(100) })
    expect(vipProgress(10, R(2e7), R(5e7)).paySum).toBe(R(1e7))
  })
})
