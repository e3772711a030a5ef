/**
 * Where each symbol sits in the atlas (symbols.ts draws it, atlas.ts cuts its textures): plain
 * numbers, so the page can draw the atlas without loading Pixi.
 */

/** Texture edge in pixels: a cell is at most about 90 CSS px wide, drawn at up to 2 device px each. */
export const TEXTURE_SIZE = 256
/** Empty pixels around each picture in the atlas: the smaller mipmap levels must not bleed a neighbour in. */
export const GUTTER = 16
/** From one picture's left (or top) edge to the next's. */
export const PITCH = TEXTURE_SIZE + 2 * GUTTER
