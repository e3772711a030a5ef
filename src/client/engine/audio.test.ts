import { describe, expect, it } from 'vitest'
import { load } from '../store/persist'
import { store } from '../store/store'
import { audio, setMuted } from './audio'

describe('audio service', () => {
  it('keeps the mute choice across reloads', () => {
    setMuted(true)
    expect(audio.muted).toBe(true)
    expect(store.ui.muted).toBe(true)
    expect(load('muted')).toBe(true)
    setMuted(false)
    expect(load('muted')).toBe(false)
    expect(audio.muted).toBe(false)
  })
})
