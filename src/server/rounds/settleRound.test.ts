import { describe, expect, it } from 'vitest'
import { doubleRules } from '../../shared/games/rounds/double'
import { luckyColorRules } from '../../shared/games/rounds/luckyColor'
import type { RoundRules } from '../../shared/games/rounds/types'
import { netExposure } from './settleRound'

const double = doubleRules('double') as RoundRules
const lucky = luckyColorRules() as RoundRules

describe('net exposure of a round', () => {
  it('one bet counts in full, by the multiplier it aimed for', () => {
    expect(netExposure(double, [{ choice: 'red', amount: 1000n }])).toEqual({ stake: 1000n, exposure: 1000n, multiplier4: 20_000n })
    expect(netExposure(lucky, [{ choice: '7', amount: 1000n }])).toEqual({ stake: 1000n, exposure: 1000n, multiplier4: 88_200n })
  })

  it('red and black together: white could still take both, but no roll pays more than the stakes (1x)', () => {
    const n = netExposure(double, [{ choice: 'red', amount: 1000n }, { choice: 'black', amount: 1000n }])
    expect(n).toEqual({ stake: 2000n, exposure: 2000n, multiplier4: 10_000n })
  })

  it('every colour covered: only what is lost whatever comes counts', () => {
    // 7 + 7 + 1: red or black pays 14, white pays 14.
    const n = netExposure(double, [{ choice: 'red', amount: 700n }, { choice: 'black', amount: 700n }, { choice: 'white', amount: 100n }])
    expect(n.stake).toBe(1500n)
    expect(n.exposure).toBe(100n)
    expect(n.multiplier4).toBe(9_333n)
  })

  it('big and small together lose only the fee', () => {
    const n = netExposure(lucky, [{ choice: 'big', amount: 1000n }, { choice: 'small', amount: 1000n }])
    expect(n).toEqual({ stake: 2000n, exposure: 40n, multiplier4: 9_800n })
  })
})
