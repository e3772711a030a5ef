import { describe, expect, it } from 'vitest'
import { serviceWorkerWanted } from './serviceWorkerWanted'

const env = { supported: true, testBuild: false, snapshot: false, search: '', controlled: false }

describe('serviceWorkerWanted', () => {
  it('a production build always registers it, where browsers have service workers', () => {
    expect(serviceWorkerWanted(env)).toBe(true)
    expect(serviceWorkerWanted({ ...env, supported: false })).toBe(false)
  })

  it('a test build only when a test asks (?sw) or the page is already controlled, never in snapshot mode', () => {
    const test = { ...env, testBuild: true }
    expect(serviceWorkerWanted(test)).toBe(false)
    expect(serviceWorkerWanted({ ...test, search: '?sw=1' })).toBe(true)
    expect(serviceWorkerWanted({ ...test, search: '?stage=page&sw' })).toBe(true)
    expect(serviceWorkerWanted({ ...test, controlled: true })).toBe(true)
    expect(serviceWorkerWanted({ ...test, search: '?sw=1&snapshot=1', snapshot: true })).toBe(false)
    expect(serviceWorkerWanted({ ...test, controlled: true, snapshot: true })).toBe(false)
  })
})
