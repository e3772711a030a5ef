import { describe, expect, it } from 'vitest'
import { audio, bindMuteSetting, setMuted } from './audio'

describe('audio service', () => {
  it('keeps the mute choice where it is bound, and by itself before that', () => {
    setMuted(true)
    expect(audio.muted).toBe(true)
    setMuted(false)
    expect(audio.muted).toBe(false)
    let kept = true
    bindMuteSetting({ get: () => kept, set: (muted) => (kept = muted) })
    expect(audio.muted).toBe(true)
    setMuted(false)
    expect(kept).toBe(false)
    expect(audio.muted).toBe(false)
  })
})
