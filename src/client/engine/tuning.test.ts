import { describe, expect, it } from 'vitest'
import { withSavedValues } from './tuning'

describe('withSavedValues', () => {
  it('takes the saved values over the code defaults, keeps the ranges, ignores wrong kinds and unknown keys', () => {
    const spec = { ms: { value: 100, min: 0, max: 500, step: 10 }, color: { value: '#ffffff' }, other: { value: 3 } }
    const out = withSavedValues(spec, { ms: 250, color: 42, extra: 'x' })
    expect(out).toEqual({ ms: { value: 250, min: 0, max: 500, step: 10 }, color: { value: '#ffffff' }, other: { value: 3 } })
  })
})
