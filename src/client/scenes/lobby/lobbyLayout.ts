import type { Viewport } from '../../engine/types'

interface Rect {
  x: number
  y: number
  w: number
  h: number
}

export interface LobbyLayout {
  banner: Rect
  radius: number
  title: { x: number; y: number; size: number; maxWidth: number }
  dots: { x: number; y: number; r: number }[]
  online: { x: number; y: number; size: number }
  jackpot: { x: number; y: number; size: number }
}

/** Where everything of the lobby goes for a viewport; pure, so it is tested without a canvas. */
export function lobbyLayout(view: Viewport, slideCount: number): LobbyLayout {
  const w = Math.max(1, view.width)
  const h = Math.max(1, view.height)
  const pad = Math.round(Math.min(w, h) * 0.08)
  const size = Math.max(14, Math.min(30, Math.round(w / 14)))
  const small = Math.max(11, Math.round(size * 0.5))
  const dotR = Math.max(3, Math.round(small * 0.3))
  const dotGap = dotR * 4
  const dotsWidth = (slideCount - 1) * dotGap
  const dotsY = h - pad * 0.6 - small * 1.8
  return {
    banner: { x: 0, y: 0, w, h },
    radius: Math.round(Math.min(w, h) * 0.09),
    title: { x: pad, y: pad, size, maxWidth: w - pad * 2 },
    dots: Array.from({ length: slideCount }, (_, i) => ({ x: w / 2 - dotsWidth / 2 + i * dotGap, y: dotsY, r: dotR })),
    online: { x: pad, y: h - pad * 0.6 - small, size: small },
    jackpot: { x: w - pad, y: h - pad * 0.6 - small, size: small },
  }
}
