import type { AudioService, SoundName } from './types'

/**
 * Sounds through one Web Audio context: each sound fetched and decoded once, each play one buffer
 * source into a shared gain node (howler built a node graph and timers per play, which cost a
 * betting page 120-145 ms of main thread in 5 s of limbo ticks). The context is suspended while
 * the page is hidden. Where Web Audio is missing (jsdom), it is silent.
 */
const VOLUME = 0.5

/**
 * Where the player's mute choice is kept. The engine knows nothing of the app: the app binds its
 * own setting at start (app/muteSetting.ts: the store, persisted); until then it lives here.
 */
export interface MuteSetting {
  get(): boolean
  set(muted: boolean): void
}
let mutedHere = false
let setting: MuteSetting = { get: () => mutedHere, set: (muted) => void (mutedHere = muted) }

/** The app's mute setting (called once at start). */
export function bindMuteSetting(next: MuteSetting): void {
  setting = next
  if (master) master.gain.value = next.get() ? 0 : VOLUME
}

let context: AudioContext | null = null
let master: GainNode | null = null
const buffers = new Map<SoundName, Promise<AudioBuffer | null>>()

function audioContext(): AudioContext | null {
  if (context) return context
  if (typeof AudioContext === 'undefined') return null
  context = new AudioContext()
  master = context.createGain()
  master.gain.value = setting.get() ? 0 : VOLUME
  master.connect(context.destination)
  return context
}

if (typeof document !== 'undefined') {
  document.addEventListener('visibilitychange', () => {
    if (!context) return
    void (document.hidden ? context.suspend() : context.resume()).catch(() => undefined)
  })
}

export function setMuted(muted: boolean): void {
  setting.set(muted)
  if (master) master.gain.value = muted ? 0 : VOLUME
}

function load(name: SoundName): Promise<AudioBuffer | null> {
  let buffer = buffers.get(name)
  if (!buffer) {
    const ctx = audioContext()
    buffer = ctx
      ? fetch(`/sounds/${name}.wav`)
          .then((r) => r.arrayBuffer())
          .then((data) => ctx.decodeAudioData(data))
          .catch(() => null)
      : Promise.resolve(null)
    buffers.set(name, buffer)
  }
  return buffer
}

/** The sounds asked for before the player's first tap or key: loaded then. */
const waiting = new Set<SoundName>()
let gestureSeen = false

/** The first tap or key of the visit: the sounds waiting for it are fetched and decoded. */
function onFirstGesture(): void {
  gestureSeen = true
  document.removeEventListener('pointerdown', onFirstGesture, true)
  document.removeEventListener('keydown', onFirstGesture, true)
  if (setting.get()) return
  for (const name of waiting) void load(name)
  waiting.clear()
}

/**
 * Fetches and decodes sounds ahead of their first play, so the first play does not stall a frame.
 * A game page asks on mount, but the work waits for the player's first tap or key: a browser keeps
 * an audio context silent until one anyway, and making the context and decoding (70-90 ms of main
 * thread on a 4x slower phone) would otherwise sit in the page's first load.
 */
export function preloadSounds(names: readonly SoundName[]): void {
  if (setting.get()) return
  if (gestureSeen || typeof document === 'undefined') {
    for (const name of names) void load(name)
    return
  }
  if (waiting.size === 0) {
    document.addEventListener('pointerdown', onFirstGesture, true)
    document.addEventListener('keydown', onFirstGesture, true)
  }
  for (const name of names) waiting.add(name)
}

export const audio: AudioService = {
  get muted() {
    return setting.get()
  },
  play(name) {
    if (setting.get() || (typeof document !== 'undefined' && document.hidden)) return
    void load(name).then((buffer) => {
      if (!buffer || !context || !master) return
      // A context made before any tap starts suspended; a play follows a tap, which may resume it.
      if (context.state === 'suspended') void context.resume().catch(() => undefined)
      const source = context.createBufferSource()
      source.buffer = buffer
      source.connect(master)
      source.start()
    })
  },
}
