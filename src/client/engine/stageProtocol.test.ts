import { describe, expect, it } from 'vitest'
import { shareUnchanged } from './stageProtocol'

describe('a state posted to the scene worker', () => {
  it('keeps the last state objects for fields equal in value, and takes the new ones that changed', () => {
    const last = { locale: 'pt_BR', slides: [{ key: 'a' }, { key: 'b' }], revealed: [1, 2], online: 10 }
    // What structured cloning delivers: equal values, new objects.
    const next = structuredClone({ ...last, revealed: [1, 2, 7], online: 11 })
    const shared = shareUnchanged(last, next)
    expect(shared).toEqual(next)
    expect(shared.slides).toBe(last.slides)
    expect(shared.revealed).toBe(next.revealed)
    expect(shared.revealed).not.toBe(last.revealed)
  })

  it('passes the first state and non-objects through', () => {
    const first = { slides: [1] }
    expect(shareUnchanged(null, first)).toBe(first)
    expect(shareUnchanged<unknown>({ a: 1 }, 5)).toBe(5)
  })
})
