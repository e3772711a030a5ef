/** Dev and test builds (VITE_DEV_SCENES=1) carry the scene switcher and the snapshot mode. */
export const TEST_BUILD = import.meta.env.DEV || import.meta.env.VITE_DEV_SCENES === '1'

/**
 * Snapshot mode (`?snapshot=1`, test builds only): fixed seed and clock, no motion, no CSS
 * transitions, so two runs draw the same pixels.
 */
export const SNAPSHOT_MODE = TEST_BUILD && typeof location !== 'undefined' && new URLSearchParams(location.search).has('snapshot')

export const SNAPSHOT_SEED = 7

/** Snapshot mode's fixed moment (and the scene fixtures'), so a growing figure draws the same in every run. */
export const SNAPSHOT_TIME = Date.UTC(2026, 0, 1, 12, 0, 0)

/** `?stage=page` (test builds only): scenes draw on the page's thread even where a worker could (the fallback, tested). */
export const STAGE_ON_PAGE = TEST_BUILD && typeof location !== 'undefined' && new URLSearchParams(location.search).get('stage') === 'page'
