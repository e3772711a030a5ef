/** The gems game's eight symbols, as SVG drawn over their cards (themes.ts). */
import type { SlotSymbol } from '../../shared/slotMath'
import { lin, defs, sparkle } from './draw'

// Gems: cut stones, each in its colour and shape. wild = diamond, seven = ruby, bell = sapphire,
// melon = emerald, grape = amethyst, orange = topaz, lemon = citrine, cherry = rose quartz.

const shade = (hex: string, f: number): string => {
  const n = parseInt(hex.slice(1), 16)
  const ch = (c: number) => Math.max(0, Math.min(255, Math.round(f >= 0 ? c + (255 - c) * f : c * (1 + f))))
  return `#${((ch((n >> 16) & 255) << 16) | (ch((n >> 8) & 255) << 8) | ch(n & 255)).toString(16).padStart(6, '0')}`
}

/**
 * A faceted stone seen from the top: the outline polygon, an inner table (the outline shrunk), and
 * a facet between each outline edge and its table edge, lit from the top left.
 */
function gem(outline: [number, number][], color: string, table = 0.5): string {
  const cx = outline.reduce((s, p) => s + p[0], 0) / outline.length
  const cy = outline.reduce((s, p) => s + p[1], 0) / outline.length
  const inner = outline.map(([x, y]): [number, number] => [cx + (x - cx) * table, cy + (y - cy) * table - 2])
  const facets = outline.map(([x1, y1], i) => {
    const [x2, y2] = outline[(i + 1) % outline.length] ?? [0, 0]
    const [a1, b1] = inner[i] ?? [0, 0]
    const [a2, b2] = inner[(i + 1) % inner.length] ?? [0, 0]
    // Facing direction of the edge: outward normal, lit from the top left.
    const nx = (y2 - y1) / Math.hypot(x2 - x1, y2 - y1)
    const ny = -(x2 - x1) / Math.hypot(x2 - x1, y2 - y1)
    const light = -(nx * -0.6 + ny * -0.8)
    return `<path d="M${x1} ${y1} L${x2} ${y2} L${a2.toFixed(1)} ${b2.toFixed(1)} L${a1.toFixed(1)} ${b1.toFixed(1)}Z" fill="${shade(color, light * 0.55 - 0.1)}" stroke="${shade(color, 0.45)}" stroke-width=".7" stroke-opacity=".6" stroke-linejoin="round"/>`
  })
  return (
    `<path d="M${outline.map((p) => p.join(' ')).join(' L')}Z" fill="${shade(color, -0.3)}"/>` +
    facets.join('') +
    `<path d="M${inner.map((p) => p.map((v) => v.toFixed(1)).join(' ')).join(' L')}Z" fill="${shade(color, 0.25)}"/>` +
    `<path d="M${inner
      .slice(0, Math.ceil(inner.length / 2))
      .map((p) => p.map((v) => v.toFixed(1)).join(' '))
      .join(' L')}Z" fill="#fff" opacity=".18"/>` +
    `<path d="M${outline.map((p) => p.join(' ')).join(' L')}Z" fill="none" stroke="${shade(color, -0.6)}" stroke-width="1.6" stroke-linejoin="round"/>`
  )
}

const polygon = (n: number, r: number, turn: number, sx = 1, sy = 1, cx = 50, cy = 50): [number, number][] =>
  Array.from({ length: n }, (_, i) => {
    const a = ((turn + (i * 360) / n) * Math.PI) / 180
    return [Math.round((cx + r * sx * Math.cos(a)) * 10) / 10, Math.round((cy + r * sy * Math.sin(a)) * 10) / 10]
  })

export const GEM_ICONS: Record<SlotSymbol, string> = {
  wild:
    defs(lin('dm', ['#ffffff', '#c8f4ff', '#7fd8ff'], 1, 1)) +
    // A brilliant from the side: crown above the girdle, pavilion below.
    `<path d="M30 18 H70 L86 36 L50 70 L14 36Z" fill="url(#dm)" stroke="#2a6a9a" stroke-width="1.6" stroke-linejoin="round"/>` +
    `<path d="M14 36 H86 M30 18 L38 36 L50 18 L62 36 L70 18 M38 36 L50 70 L62 36 M14 36 L50 70 M86 36 L50 70" stroke="#4a8ab8" stroke-width="1.1" fill="none"/>` +
    `<path d="M30 18 L38 36 H14Z" fill="#fff" opacity=".7"/><path d="M62 36 L50 70 L86 36Z" fill="#5ab0e0" opacity=".5"/><path d="M38 36 L50 70 L14 36Z" fill="#e0fbff" opacity=".5"/>` +
    sparkle(24, 14, 5) +
    sparkle(82, 20, 4) +
    sparkle(62, 28, 3),
  seven: gem(polygon(8, 36, 22.5, 1, 0.95), '#e0143a', 0.52) + sparkle(36, 36, 4),
  bell: gem(polygon(10, 35, 0, 0.82, 1.02), '#1e5ee8', 0.5) + sparkle(40, 32, 4),
  melon:
    gem(
      [
        [30, 18],
        [70, 18],
        [80, 28],
        [80, 72],
        [70, 82],
        [30, 82],
        [20, 72],
        [20, 28],
      ],
      '#13b05a',
      0.6,
    ) + sparkle(34, 30, 3.5),
  grape: gem(polygon(6, 34, 30), '#9a3ce0', 0.5),
  orange: gem(polygon(3, 40, -90, 1, 1, 50, 56), '#ff8a1a', 0.45),
  lemon: gem(polygon(4, 40, 45, 0.92, 0.92), '#ffd21a', 0.5),
  cherry: gem(polygon(12, 32, 0), '#ff6aa8', 0.55),
}
