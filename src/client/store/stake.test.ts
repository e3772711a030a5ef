import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { diceMultiplier, diceTargetValid } from '../../shared/games/dice'
import { limboMultiplier } from '../../shared/games/limbo'
import { minesMultiplier } from '../../shared/games/mines'
import { payoutOf } from '../../shared/games/payout'
import { centavosToReais, centavosToText } from '../../shared/money'
import { parseDecimal } from '../format/decimal'
import { clampStake, doubleStake, halfStake, MAX_PAYOUT, MAX_STAKE, maxStakeFor, MIN_STAKE, payoutPreview, percentHundredths, raiseStake } from './stake'

/** What the server pays, in reais: payoutOf on centavos (a mines cash-out stops at the cap). */
const serverPays = (stake: bigint, multiplier4: bigint) => {
  const p = payoutOf(stake, multiplier4)
  return centavosToReais(p < MAX_PAYOUT ? p : MAX_PAYOUT)
}

/** Every game's multipliers: dice at every 31st target both ways, limbo's usual targets, the whole mines table. */
function multipliers(): bigint[] {
  const out = new Set<bigint>()
  for (let target = 1; target <= 9999; target += 31) {
    for (const c of ['over', 'under'] as const) if (diceTargetValid(target, c)) out.add(diceMultiplier(target, c))
  }
  out.add(diceMultiplier(4950, 'under'))
  for (const t of [101, 110, 115, 133, 150, 199, 200, 250, 333, 750, 1000, 1234, 10_000, 99_999, 100_000_000]) out.add(limboMultiplier(t))
  for (let mines = 1; mines <= 24; mines++) for (let gems = 1; gems <= 25 - mines; gems++) out.add(minesMultiplier(mines, gems))
  return [...out]
}

describe('the payout preview', () => {
  it('stake 0.29 at 2x shows R$ 0,58, what the server pays (the float maths showed 0,57)', () => {
    const two = diceMultiplier(4950, 'under')
    expect(two).toBe(20_000n)
    expect(payoutPreview('0.29', two)).toBe(0.58)
    expect(payoutPreview(parseDecimal('0,29', 'pt_BR') ?? 'not parsed', two)).toBe(0.58)
    expect(Math.floor(0.29 * 2 * 100) / 100).toBe(0.57)
  })

  it('equals the server payout to the centavo for every stake up to R$ 10 and every multiplier of the games', () => {
    const all = multipliers()
    expect(all.length).toBeGreaterThan(500)
    let checked = 0
    for (const m of all) {
      for (let s = 1n; s <= 1000n; s++) {
        const preview = payoutPreview(centavosToText(s), m)
        if (preview !== serverPays(s, m)) expect(preview, `${centavosToText(s)} x ${m}`).toBe(serverPays(s, m))
        checked++
      }
    }
    expect(checked).toBe(all.length * 1000)
  })

  it('equals the server payout for any stake in the limits and any multiplier', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: MIN_STAKE, max: MAX_STAKE }), fc.bigInt({ min: 10_000n, max: 1_000_000_000n }), (stake, m) => {
        expect(payoutPreview(centavosToText(stake), m)).toBe(serverPays(stake, m))
        expect(payoutPreview(stake, m)).toBe(serverPays(stake, m))
      }),
      { numRuns: 5000 },
    )
  })

  it('shows nothing for a stake that is not an amount', () => {
    expect(payoutPreview('', 20_000n)).toBe(0)
    expect(payoutPreview('1,5', 20_000n)).toBe(0)
    expect(payoutPreview('1.234', 20_000n)).toBe(0)
  })
})

describe('stake buttons and auto-bet maths in centavos', () => {
  it('halves, doubles, clamps to the limits and to the balance', () => {
    expect(halfStake(29n)).toBe('0.14')
    expect(halfStake(15n)).toBe('0.10')
    expect(doubleStake(29n)).toBe('0.58')
    expect(doubleStake(60_000n)).toBe('1000.00')
    expect(clampStake(1n)).toBe('0.10')
    expect(maxStakeFor(12.34)).toBe('12.34')
    expect(maxStakeFor(0.07)).toBe('0.10')
    expect(maxStakeFor(5000)).toBe('1000.00')
    expect(maxStakeFor(undefined)).toBe('1000.00')
  })

  it('raises a stake by a percentage, rounded down to the centavo', () => {
    expect(raiseStake(100n, percentHundredths('50'))).toBe('1.50')
    expect(raiseStake(29n, percentHundredths('100'))).toBe('0.58')
    expect(raiseStake(33n, percentHundredths('12.5'))).toBe('0.37')
    expect(raiseStake(100n, percentHundredths(''))).toBe('1.00')
    expect(raiseStake(90_000n, percentHundredths('50'))).toBe('1000.00')
  })
})
