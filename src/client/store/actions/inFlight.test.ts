import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { inFlight } from './casino'

/** A call that answers after `ms`, with what the slice looked like just before it answered. */
function answerAfter(slice: { pending: boolean; busy: boolean }, ms: number) {
  const seen: { pending: boolean; busy: boolean }[] = []
  const run = () =>
    new Promise<string>((resolve) =>
      setTimeout(() => {
        seen.push({ ...slice })
        resolve('bet')
      }, ms),
    )
  return { run, seen }
}

describe('a bet in flight (pending at once, busy only when it takes a while)', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('a quick reply never shows busy, and the slice is idle after it', async () => {
    const slice = { pending: false, busy: false }
    const { run, seen } = answerAfter(slice, 40)
    const done = inFlight(slice, run)
    expect(slice).toEqual({ pending: true, busy: false })
    await vi.advanceTimersByTimeAsync(40)
    await expect(done).resolves.toBe('bet')
    expect(seen).toEqual([{ pending: true, busy: false }])
    await vi.advanceTimersByTimeAsync(1000)
    expect(slice).toEqual({ pending: false, busy: false })
  })

  it('a slow reply shows busy after 150 ms, until it arrives', async () => {
    const slice = { pending: false, busy: false }
    const { run, seen } = answerAfter(slice, 400)
    const done = inFlight(slice, run)
    await vi.advanceTimersByTimeAsync(149)
    expect(slice.busy).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(slice).toEqual({ pending: true, busy: true })
    await vi.advanceTimersByTimeAsync(250)
    await done
    expect(seen).toEqual([{ pending: true, busy: true }])
    expect(slice).toEqual({ pending: false, busy: false })
  })

  it('a failed call clears both', async () => {
    const slice = { pending: false, busy: false }
    const done = inFlight(slice, () => new Promise((_, reject) => setTimeout(() => reject(new Error('offline')), 300)))
    const outcome = expect(done).rejects.toThrow('offline')
    await vi.advanceTimersByTimeAsync(300)
    await outcome
    expect(slice).toEqual({ pending: false, busy: false })
  })
})
