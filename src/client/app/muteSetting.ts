import type { MuteSetting } from '../engine/audio'
import { save } from '../store/persist'
import { store } from '../store/store'

/** The player's mute choice as the engine's audio reads it: the store's (what the toggles show), kept across reloads. */
export const muteSetting: MuteSetting = {
  get: () => store.ui.muted,
  set(muted) {
    store.ui.muted = muted
    save('muted', muted)
  },
}
