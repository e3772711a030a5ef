/**
 * Drawing helpers of the symbols' SVG: gradients with their own ids (each symbol is its own SVG
 * document), shiny balls, leaves, stars, sparkles.
 */
export const lin = (id: string, stops: string[], x2 = 0, y2 = 1) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}">${stops.map((c, i) => `<stop offset="${stops.length === 1 ? 0 : i / (stops.length - 1)}" stop-color="${c}"/>`).join('')}</linearGradient>`

export const rad = (id: string, stops: string[], cx = 0.35, cy = 0.3, r = 0.75) =>
  `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${stops.map((c, i) => `<stop offset="${i / (stops.length - 1)}" stop-color="${c}"/>`).join('')}</radialGradient>`

export const defs = (...items: string[]) => `<defs>${items.join('')}</defs>`

/** A shiny ball (fruit, berry, pearl). */
export const ball = (cx: number, cy: number, r: number, fill: string) =>
  `<circle cx="${cx}" cy="${cy}" r="${r}" fill="url(#${fill})"/><ellipse cx="${cx - r * 0.35}" cy="${cy - r * 0.4}" rx="${r * 0.3}" ry="${r * 0.2}" fill="#fff" opacity=".55" transform="rotate(-30 ${cx - r * 0.35} ${cy - r * 0.4})"/>`

export const leaf = (x: number, y: number, rot: number, len = 18, fill = 'lf') =>
  `<g transform="translate(${x} ${y}) rotate(${rot})"><path d="M0 0 C${len * 0.3} ${-len * 0.45} ${len * 0.8} ${-len * 0.4} ${len} 0 C${len * 0.8} ${len * 0.4} ${len * 0.3} ${len * 0.45} 0 0Z" fill="url(#${fill})"/><path d="M1 0 L${len * 0.85} 0" stroke="#0b4d1c" stroke-width="1" opacity=".6"/></g>`

export const LEAF = lin('lf', ['#9be15d', '#2f9e44', '#17692a'])

/** A five-pointed star path centred on cx, cy. */
export function starPath(cx: number, cy: number, outer: number, inner: number, points = 5, turn = -90): string {
  const pts: string[] = []
  for (let i = 0; i < points * 2; i++) {
    const r = i % 2 === 0 ? outer : inner
    const a = ((turn + (i * 180) / points) * Math.PI) / 180
    pts.push(`${(cx + r * Math.cos(a)).toFixed(2)} ${(cy + r * Math.sin(a)).toFixed(2)}`)
  }
  return `M${pts.join(' L')}Z`
}

/** Small four-point sparkles. */
export const sparkle = (x: number, y: number, s: number) =>
  `<path d="M${x} ${y - s} Q${x} ${y} ${x + s} ${y} Q${x} ${y} ${x} ${y + s} Q${x} ${y} ${x - s} ${y} Q${x} ${y} ${x} ${y - s}Z" fill="#fff"/>`

export const GOLD = (id: string) => lin(id, ['#fff6c4', '#ffd54a', '#e09b00', '#8a5300'])
