import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { store } from '../store'
import { NUDGE_QUIET_GAP_MS, NUDGE_QUIET_START_MS, offerNudge, resetNudgesForTest, withdrawNudge } from './nudges'

const flush = () => Promise.resolve()

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'performance'] })
  history.replaceState(null, '', '/home')
  store.ui.overlay = null
  store.ui.alerts = []
  resetNudgesForTest()
})
afterEach(() => {
  resetNudgesForTest()
  vi.useRealTimers()
})

describe('unsolicited sheets (nudges)', () => {
  it('waits out the first 10 seconds of a visit, then shows', () => {
    const show = vi.fn()
    offerNudge('gift', show)
    vi.advanceTimersByTime(NUDGE_QUIET_START_MS - 1_500)
    expect(show).not.toHaveBeenCalled()
    vi.advanceTimersByTime(2_000)
    expect(show).toHaveBeenCalledTimes(1)
  })

  it('shows at most one a visit: the second offer is dropped', () => {
    const first = vi.fn()
    const second = vi.fn()
    vi.advanceTimersByTime(NUDGE_QUIET_START_MS)
    offerNudge('boost', first)
    offerNudge('gift', second)
    vi.advanceTimersByTime(60_000)
    expect(first).toHaveBeenCalledTimes(1)
    expect(second).not.toHaveBeenCalled()
  })

  it('never over a game: it waits until the player leaves the game page', () => {
    vi.advanceTimersByTime(NUDGE_QUIET_START_MS)
    history.replaceState(null, '', '/dice')
    const show = vi.fn()
    offerNudge('compensation', show)
    vi.advanceTimersByTime(30_000)
    expect(show).not.toHaveBeenCalled()
    history.replaceState(null, '', '/home')
    vi.advanceTimersByTime(1_000)
    expect(show).toHaveBeenCalledTimes(1)
  })

  it('never as another sheet closes: the quiet gap passes first', async () => {
    vi.advanceTimersByTime(NUDGE_QUIET_START_MS)
    store.ui.overlay = 'deposit'
    const show = vi.fn()
    offerNudge('gift', show)
    await flush()
    vi.advanceTimersByTime(5_000)
    expect(show).not.toHaveBeenCalled()
    store.ui.overlay = null
    await flush()
    vi.advanceTimersByTime(NUDGE_QUIET_GAP_MS - 1_000)
    expect(show).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1_500)
    expect(show).toHaveBeenCalledTimes(1)
  })

  it('a sheet closed in the same tick as the offer still gets its quiet gap', async () => {
    vi.advanceTimersByTime(NUDGE_QUIET_START_MS)
    store.ui.overlay = 'deposit'
    await flush()
    const show = vi.fn()
    // closeDeposit's order: the overlay closes, then the gift is offered, before any subscriber runs.
    store.ui.overlay = null
    offerNudge('gift', show)
    expect(show).not.toHaveBeenCalled()
    vi.advanceTimersByTime(NUDGE_QUIET_GAP_MS + 1_000)
    expect(show).toHaveBeenCalledTimes(1)
  })

  it('a withdrawn offer never shows; the first to qualify wins by order', () => {
    const award = vi.fn()
    const mask = vi.fn()
    offerNudge('signinMask', mask)
    offerNudge('award', award)
    withdrawNudge('award')
    vi.advanceTimersByTime(NUDGE_QUIET_START_MS + 1_000)
    expect(award).not.toHaveBeenCalled()
    expect(mask).toHaveBeenCalledTimes(1)
  })
})
