import { describe, expect, it } from 'vitest'
import { audio, bindMuteSetting, setMuted } from '../engine/audio'
import { load } from '../store/persist'
import { store } from '../store/store'
import { muteSetting } from './muteSetting'

describe('the mute setting the app binds to the audio service', () => {
  it('keeps the mute choice in the store and across reloads', () => {
    bindMuteSetting(muteSetting)
    setMuted(true)
    expect(audio.muted).toBe(true)
    expect(store.ui.muted).toBe(true)
    expect(load('muted')).toBe(true)
    setMuted(false)
    expect(load('muted')).toBe(false)
    expect(store.ui.muted).toBe(false)
    expect(audio.muted).toBe(false)
  })
})
