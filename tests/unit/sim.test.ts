/** The money simulator's own parts (scripts/sim): its seeded randomness, its CPFs, its model's bounds. */
import { isValidCpf } from '@brazilian-utils/brazilian-utils'
import { describe, expect, it } from 'vitest'
import { cpfOf, Model, type Player } from '../../scripts/sim/model'
import { Rng } from '../../scripts/sim/rng'

const player = (known: bigint): Player => ({ index: 0, email: 'a@example.com', token: 't', cpf: cpfOf(1), name: 'Ana', known, pending: new Map(), vipCounted: 0, paidMost: 0n, stakedMost: 0n, busy: false, bonus: false, limited: false, paused: false, providerToken: null })

describe('the simulator', () => {
  it('draws the same plan from the same seed and stream, another from another', () => {
    const draw = (seed: number, stream: number) => {
      const r = new Rng(seed, stream)
      return Array.from({ length: 8 }, () => r.u32())
    }
    expect(draw(7, 1)).toEqual(draw(7, 1))
    expect(draw(7, 1)).not.toEqual(draw(7, 2))
    expect(draw(7, 1)).not.toEqual(draw(8, 1))
    const r = new Rng(3)
    const counts = { a: 0, b: 0 }
    for (let i = 0; i < 10_000; i++) counts[r.weighted({ a: 1, b: 3 })]++
    expect(counts.b / counts.a).toBeGreaterThan(2.6)
    expect(counts.b / counts.a).toBeLessThan(3.4)
    for (let i = 0; i < 1000; i++) expect(r.between(2, 4)).toBeGreaterThanOrEqual(2)
  })

  it('makes valid CPFs', () => {
    for (const n of [0, 1, 42, 123_456_789, 4_294_967_295]) expect(isValidCpf(cpfOf(n)), cpfOf(n)).toBe(true)
  })

  it("flags a balance outside the model's interval, and only then", () => {
    const m = new Model()
    const p = player(1000n)
    m.balanceSeen(p, 1000n, 1, 'exact')
    expect(m.violations).toEqual([])
    m.balanceSeen(p, 1001n, 2, 'one centavo more')
    expect(m.violations.map((v) => v.op)).toEqual([2])
    // A deposit on its way widens the interval by its amount, no more.
    p.pending.set('d1', { kind: 'deposit', orderId: 'D1', amount: 500n })
    expect(m.bounds(p)).toEqual({ lo: 1000n, hi: 1500n })
    m.balanceSeen(p, 1500n, 3, 'credited')
    m.balanceSeen(p, 1501n, 4, 'more than credited')
    expect(m.violations.map((v) => v.op)).toEqual([2, 4])
  })

  it("widens the interval by the VIP awards the player's deposits and stakes may have reached, no more", () => {
    const m = new Model()
    m.vipLevels = [
      { level: 0, award: 0n, payMin: 0n, gameMin: 0n },
      { level: 1, award: 1000n, payMin: 10_000n, gameMin: 50_000n },
      { level: 2, award: 5000n, payMin: 50_000n, gameMin: 400_000n },
    ]
    const p = player(100n)
    p.paidMost = 60_000n
    p.stakedMost = 49_999n
    expect(m.bounds(p)).toEqual({ lo: 100n, hi: 100n })
    p.stakedMost = 400_000n
    // Both levels at once: a deposit may take the player over two.
    expect(m.bounds(p)).toEqual({ lo: 100n, hi: 6100n })
    p.vipCounted = 1
    expect(m.bounds(p)).toEqual({ lo: 100n, hi: 5100n })
  })
})
