import { describe, expect, it } from 'vitest'
import { mergeTuning } from './tuning'

describe('mergeTuning', () => {
  it('keeps the known keys only, each taking a value of its own kind', () => {
    const base = { ms: 100, color: '#ffffff', turns: 4 }
    expect(mergeTuning(base, { ms: 250, color: 42, extra: 'x', turns: Number.NaN })).toEqual({ ms: 250, color: '#ffffff', turns: 4 })
    expect(mergeTuning(base, { color: '#000000', toString: 1 })).toEqual({ ms: 100, color: '#000000', turns: 4 })
  })
})
