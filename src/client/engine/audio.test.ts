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

describe('sound preloading', () => {
  it('waits for the first tap: nothing is fetched or decoded in the page load, all of it after the tap', async () => {
    const { preloadSounds: preload } = await import('./audio')
    const fetched: string[] = []
    let contexts = 0
    const realFetch = globalThis.fetch
    const realContext = (globalThis as { AudioContext?: unknown }).AudioContext
    globalThis.fetch = ((url: string) => {
      fetched.push(url)
      return Promise.resolve(new Response(new ArrayBuffer(8)))
    }) as typeof fetch
    ;(globalThis as { AudioContext?: unknown }).AudioContext = class {
      destination = {}
      constructor() {
        contexts++
      }
      createGain() {
        return { gain: { value: 0 }, connect: () => undefined }
      }
      decodeAudioData() {
        return Promise.resolve({})
      }
    }
    try {
      bindMuteSetting({ get: () => false, set: () => undefined })
      preload(['bet', 'click'])
      preload(['click', 'win'])
      expect(fetched).toEqual([])
      expect(contexts).toBe(0)
      document.dispatchEvent(new Event('pointerdown'))
      expect(fetched.sort()).toEqual(['/sounds/bet.wav', '/sounds/click.wav', '/sounds/win.wav'])
      expect(contexts).toBe(1)
      // After the first tap a page's preload goes at once.
      preload(['lose'])
      expect(fetched).toContain('/sounds/lose.wav')
    } finally {
      globalThis.fetch = realFetch
      ;(globalThis as { AudioContext?: unknown }).AudioContext = realContext
    }
  })
})
