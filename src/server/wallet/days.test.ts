import { describe, expect, it } from 'vitest'
import { dayOf, dayStart, nextDay, startOfToday } from './days'

describe('São Paulo days', () => {
  it('a day starts at 03:00 UTC (UTC-3, no daylight saving since 2019)', () => {
    expect(dayStart('2026-11-05').toISOString()).toBe('2026-11-05T03:00:00.000Z')
    expect(dayStart('2026-01-01').toISOString()).toBe('2026-01-01T03:00:00.000Z')
  })

  it('followed daylight saving when Brazil had it (2018-11-04 started at 01:00 local)', () => {
    // On 2018-11-04 clocks jumped from 00:00 to 01:00 (UTC-2): the day began at 02:00 UTC.
    expect(dayStart('2018-11-05').toISOString()).toBe('2018-11-05T02:00:00.000Z')
    expect(dayStart('2018-07-01').toISOString()).toBe('2018-07-01T03:00:00.000Z')
  })

  it('puts an instant on the São Paulo calendar, not the UTC one', () => {
    expect(dayOf(Date.parse('2026-11-05T02:59:59Z'))).toBe('2026-11-04')
    expect(dayOf(Date.parse('2026-11-05T03:00:00Z'))).toBe('2026-11-05')
    expect(startOfToday(Date.parse('2026-11-05T01:00:00Z')).toISOString()).toBe('2026-11-04T03:00:00.000Z')
  })

  it('steps over month and year ends', () => {
    expect(nextDay('2026-12-31')).toBe('2027-01-01')
    expect(nextDay('2028-02-28')).toBe('2028-02-29')
  })
})
