import type { AudioService, SoundName } from './types'
import { store } from '../store/store'
import { save } from '../store/persist'

/**
 * Sounds through howler, loaded lazily on first play; muted state persists, and everything
 * pauses while the page is hidden.
 */
type HowlLike = { play(): number; mute(m: boolean): void }
const sounds = new Map<string, Promise<HowlLike>>()
let howlerModule: Promise<typeof import('howler')> | null = null
const howler = () => (howlerModule ??= import('howler'))

if (typeof document !== 'undefined') {
  document.addEventListener('visibilitychange', () => {
    void howler().then(({ Howler }) => Howler.mute(document.hidden || store.ui.muted))
  })
}

export function setMuted(muted: boolean): void {
  store.ui.muted = muted
  save('muted', muted)
  if (howlerModule) void howler().then(({ Howler }) => Howler.mute(muted))
}

function load(name: string): Promise<HowlLike> {
  let sound = sounds.get(name)
  if (!sound) {
    sound = howler().then(({ Howl }) => new Howl({ src: [`/sounds/${name}.wav`], volume: 0.5 }))
    sounds.set(name, sound)
  }
  return sound
}

/** Fetches and decodes sounds ahead of their first play (a game page does it on mount), so the first play does not stall a frame. */
export function preloadSounds(names: readonly SoundName[]): void {
  if (store.ui.muted) return
  for (const name of names) void load(name)
}

export const audio: AudioService = {
  get muted() {
    return store.ui.muted
  },
  play(name) {
    if (store.ui.muted || (typeof document !== 'undefined' && document.hidden)) return
    void load(name).then((s) => s.play())
  },
}
