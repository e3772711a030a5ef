/** Pure geometry of the mines board: the scene draws from it and the DOM page places its tile buttons on it. */

export const GRID = 5
export const TILE_COUNT = GRID * GRID

interface Square {
  x: number
  y: number
  size: number
}

export interface MinesLayout {
  /** The board plate: a square, centred in the view. */
  board: Square
  /** 25 tiles, tile i at row floor(i / 5), column i % 5 (left to right, top to bottom); x, y: the top-left corner. */
  tiles: Square[]
  /** Every tile's side (they are all one size). */
  tileSize: number
  /** The space between two tiles. */
  gap: number
  /** Corner radii of the board plate and of a tile. */
  boardRadius: number
  tileRadius: number
  /** The cash-out card over the board's centre, with its three text sizes. */
  card: { x: number; y: number; w: number; h: number; r: number; titleSize: number; multiplierSize: number; payoutSize: number }
}

/**
 * The board as large as the view allows with a margin, centred, on whole pixels; any aspect
 * works (the board takes the shorter side). Positions are in the stage's CSS pixels.
 */
export function minesLayout(view: { width: number; height: number }): MinesLayout {
  const width = Math.max(0, view.width)
  const height = Math.max(0, view.height)
  const short = Math.min(width, height)
  const margin = Math.max(4, Math.round(short * 0.03))
  const avail = Math.max(0, short - margin * 2)
  const gap = Math.max(2, Math.round(avail * 0.022))
  // The plate's own padding round the tiles equals the gap between them.
  const tile = Math.max(1, Math.floor((avail - gap * (GRID + 1)) / GRID))
  const size = tile * GRID + gap * (GRID + 1)
  const x = Math.round((width - size) / 2)
  const y = Math.round((height - size) / 2)
  const tiles: Square[] = []
  for (let i = 0; i < TILE_COUNT; i++) {
    const row = Math.floor(i / GRID)
    const col = i % GRID
    tiles.push({ x: x + gap + col * (tile + gap), y: y + gap + row * (tile + gap), size: tile })
  }
  const cardW = Math.round(size * 0.64)
  const cardH = Math.round(size * 0.4)
  return {
    board: { x, y, size },
    tiles,
    tileSize: tile,
    gap,
    boardRadius: Math.round(gap * 2.2),
    tileRadius: Math.max(2, Math.round(tile * 0.16)),
    card: {
      x: x + Math.round((size - cardW) / 2),
      y: y + Math.round((size - cardH) / 2),
      w: cardW,
      h: cardH,
      r: Math.round(cardH * 0.14),
      titleSize: Math.max(9, Math.round(cardH * 0.13)),
      multiplierSize: Math.max(14, Math.round(cardH * 0.3)),
      payoutSize: Math.max(10, Math.round(cardH * 0.16)),
    },
  }
}
