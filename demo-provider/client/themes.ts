/**
 * The five looks of the one machine: page colours and the eight symbols of each game, drawn here
 * as SVG (viewBox 0 0 100 100). Pure strings: symbols.ts turns them into Pixi textures (once per
 * theme) and the paytable shows them as images.
 *
 * Value reads from the card: the wild on a gold-rimmed card with rays and its banner, the two high
 * symbols (seven, bell) on a rich card with a silver rim, the middle two (melon, grape) on a tinted
 * card, the three low ones on the plain card.
 */
import type { SlotSymbol } from '../shared/slotMath'

type ThemeId = 'fruits' | 'jungle' | 'carnival' | 'ocean' | 'gems'

interface CardColors {
  /** Top and bottom of the card face. */
  face: [string, string]
  /** Rim: light and dark. */
  rim: [string, string]
}

export interface Theme {
  id: ThemeId
  /** CSS custom properties of the page (colours of the background, frame, panels and buttons). */
  css: Record<string, string>
  /** The colour behind each reel in the scene, and its opacity. */
  reelColor: number
  reelAlpha: number
  /** The cards of the wild, the high, the middle and the low symbols. */
  cards: [CardColors, CardColors, CardColors, CardColors]
  /** Each symbol's picture, drawn over its card (SVG elements; their own <defs> included). */
  icons: Record<SlotSymbol, string>
}

/** The theme of a game code (an unknown game plays in the fruits look). */
export function themeOf(game: string): Theme {
  const id = game.replace(/^demo-/, '')
  return THEMES.find((t) => t.id === id) ?? FRUITS
}

/** Which card a symbol sits on: 0 wild, 1 high (seven, bell), 2 middle (melon, grape), 3 low. */
function tierOf(symbol: SlotSymbol): 0 | 1 | 2 | 3 {
  switch (symbol) {
    case 'wild':
      return 0
    case 'seven':
    case 'bell':
      return 1
    case 'melon':
    case 'grape':
      return 2
    default:
      return 3
  }
}

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`)

/**
 * A symbol as a standalone SVG document: its card, its picture and, for the wild, the banner with
 * `wildMark`. `blur` smears it vertically (the look of a spinning reel).
 */
export function symbolSvg(theme: Theme, symbol: SlotSymbol, wildMark: string, blur = false): string {
  const tier = tierOf(symbol)
  const card = theme.cards[tier]
  const rimWidth = tier === 0 ? 4 : tier === 1 ? 3.2 : 2.4
  const rays =
    tier === 0
      ? `<g opacity=".55">${Array.from({ length: 12 }, (_, i) => `<path d="M50 50 L${50 + 60 * Math.cos((i * Math.PI) / 6 - 0.12)} ${50 + 60 * Math.sin((i * Math.PI) / 6 - 0.12)} L${50 + 60 * Math.cos((i * Math.PI) / 6 + 0.12)} ${50 + 60 * Math.sin((i * Math.PI) / 6 + 0.12)}Z" fill="url(#c-ray)"/>`).join('')}</g>`
      : ''
  const banner =
    tier === 0
      ? `<g filter="url(#c-shadow)"><rect x="17" y="70" width="66" height="19" rx="7" fill="url(#c-banner)" stroke="#fff3c4" stroke-width="1.6"/>` +
        `<text x="50" y="84.2" text-anchor="middle" font-family="system-ui,-apple-system,'Segoe UI',Roboto,sans-serif" font-weight="900" font-size="14" letter-spacing="1" fill="#fff" stroke="#6b2a00" stroke-width=".6" paint-order="stroke">${escapeXml(wildMark)}</text></g>`
      : ''
  const body =
    `<rect x="3.5" y="3.5" width="93" height="93" rx="17" fill="url(#c-face)" stroke="url(#c-rim)" stroke-width="${rimWidth}"/>` +
    `<clipPath id="c-clip"><rect x="5" y="5" width="90" height="90" rx="15"/></clipPath>` +
    `<g clip-path="url(#c-clip)">${rays}<ellipse cx="50" cy="46" rx="40" ry="36" fill="url(#c-glow)"/>` +
    `<path d="M5 5 H95 V34 Q50 46 5 34Z" fill="#fff" opacity=".07"/></g>` +
    `<g filter="url(#c-shadow)">${theme.icons[symbol]}</g>${banner}`
  const defs =
    `<defs><linearGradient id="c-face" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${card.face[0]}"/><stop offset="1" stop-color="${card.face[1]}"/></linearGradient>` +
    `<linearGradient id="c-rim" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${card.rim[0]}"/><stop offset=".5" stop-color="${card.rim[1]}"/><stop offset="1" stop-color="${card.rim[0]}"/></linearGradient>` +
    `<radialGradient id="c-glow" cx=".5" cy=".45" r=".5"><stop offset="0" stop-color="#fff" stop-opacity="${tier === 3 ? 0.1 : 0.2}"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>` +
    `<radialGradient id="c-ray" gradientUnits="userSpaceOnUse" cx="50" cy="46" r="62"><stop offset="0" stop-color="#fff6c0"/><stop offset="1" stop-color="#fff6c0" stop-opacity="0"/></radialGradient>` +
    `<linearGradient id="c-banner" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ff9d2e"/><stop offset=".5" stop-color="#e8480c"/><stop offset="1" stop-color="#a3200a"/></linearGradient>` +
    `<filter id="c-shadow" x="-20%" y="-20%" width="140%" height="150%"><feDropShadow dx="0" dy="2.2" stdDeviation="1.8" flood-color="#000" flood-opacity=".5"/></filter>` +
    (blur ? `<filter id="c-blur" x="-5%" y="-25%" width="110%" height="150%"><feGaussianBlur stdDeviation="0 6"/></filter>` : '') +
    `</defs>`
  const content = blur ? `<g filter="url(#c-blur)" opacity=".9">${body}</g>` : body
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" height="100">${defs}${content}</svg>`
}

/** An SVG document as a data: URL (for an <img> or an Image to rasterise). */
export const svgUrl = (svg: string): string => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`

// ---------------------------------------------------------------------------------------------
// Drawing helpers: gradients with their own ids (each symbol is its own SVG document).

const lin = (id: string, stops: string[], x2 = 0, y2 = 1) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}">${stops.map((c, i) => `<stop offset="${stops.length === 1 ? 0 : i / (stops.length - 1)}" stop-color="${c}"/>`).join('')}</linearGradient>`

const rad = (id: string, stops: string[], cx = 0.35, cy = 0.3, r = 0.75) =>
  `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${stops.map((c, i) => `<stop offset="${i / (stops.length - 1)}" stop-color="${c}"/>`).join('')}</radialGradient>`

const defs = (...items: string[]) => `<defs>${items.join('')}</defs>`

/** A shiny ball (fruit, berry, pearl). */
const ball = (cx: number, cy: number, r: number, fill: string) =>
  `<circle cx="${cx}" cy="${cy}" r="${r}" fill="url(#${fill})"/><ellipse cx="${cx - r * 0.35}" cy="${cy - r * 0.4}" rx="${r * 0.3}" ry="${r * 0.2}" fill="#fff" opacity=".55" transform="rotate(-30 ${cx - r * 0.35} ${cy - r * 0.4})"/>`

const leaf = (x: number, y: number, rot: number, len = 18, fill = 'lf') =>
  `<g transform="translate(${x} ${y}) rotate(${rot})"><path d="M0 0 C${len * 0.3} ${-len * 0.45} ${len * 0.8} ${-len * 0.4} ${len} 0 C${len * 0.8} ${len * 0.4} ${len * 0.3} ${len * 0.45} 0 0Z" fill="url(#${fill})"/><path d="M1 0 L${len * 0.85} 0" stroke="#0b4d1c" stroke-width="1" opacity=".6"/></g>`

const LEAF = lin('lf', ['#9be15d', '#2f9e44', '#17692a'])

/** A five-pointed star path centred on cx, cy. */
function starPath(cx: number, cy: number, outer: number, inner: number, points = 5, turn = -90): string {
  const pts: string[] = []
  for (let i = 0; i < points * 2; i++) {
    const r = i % 2 === 0 ? outer : inner
    const a = ((turn + (i * 180) / points) * Math.PI) / 180
    pts.push(`${(cx + r * Math.cos(a)).toFixed(2)} ${(cy + r * Math.sin(a)).toFixed(2)}`)
  }
  return `M${pts.join(' L')}Z`
}

/** Small four-point sparkles. */
const sparkle = (x: number, y: number, s: number) =>
  `<path d="M${x} ${y - s} Q${x} ${y} ${x + s} ${y} Q${x} ${y} ${x} ${y + s} Q${x} ${y} ${x - s} ${y} Q${x} ${y} ${x} ${y - s}Z" fill="#fff"/>`

const GOLD = (id: string) => lin(id, ['#fff6c4', '#ffd54a', '#e09b00', '#8a5300'])

// ---------------------------------------------------------------------------------------------
// Fruits: the classic machine.

const FRUIT_ICONS: Record<SlotSymbol, string> = {
  wild:
    defs(rad('st', ['#fffbe0', '#ffd84d', '#f29900', '#a35a00'], 0.4, 0.35, 0.7)) +
    `<path d="${starPath(50, 40, 31, 13.5)}" fill="url(#st)" stroke="#7a4200" stroke-width="1.6" stroke-linejoin="round"/>` +
    `<path d="${starPath(50, 40, 17, 7.5)}" fill="#fff" opacity=".35"/>` +
    sparkle(20, 20, 5) +
    sparkle(82, 56, 4),
  seven:
    defs(lin('sv', ['#ff6a6a', '#e0102a', '#8c0016']), GOLD('sg')) +
    `<path d="M22 18 H80 V31 Q62 50 56 84 H35 Q40 56 60 33 H36 V40 H22Z" fill="url(#sv)" stroke="url(#sg)" stroke-width="4" stroke-linejoin="round"/>` +
    `<path d="M26 21 H76 V25 H26Z" fill="#fff" opacity=".35"/>`,
  bell:
    defs(lin('bl', ['#fff4b8', '#ffd23f', '#d99400', '#8a5a00'], 1, 0.4), rad('cl', ['#fff0b0', '#c98a00'])) +
    `<circle cx="50" cy="81" r="7.5" fill="url(#cl)" stroke="#7a4c00" stroke-width="1.2"/>` +
    `<path d="M50 14 C45 14 44 18 44 20 C30 23 25 36 25 50 C25 62 20 68 15 74 H85 C80 68 75 62 75 50 C75 36 70 23 56 20 C56 18 55 14 50 14Z" fill="url(#bl)" stroke="#7a4c00" stroke-width="1.6" stroke-linejoin="round"/>` +
    `<path d="M15 74 H85 V79 Q50 83 15 79Z" fill="#b87900" stroke="#7a4c00" stroke-width="1.2"/>` +
    `<path d="M34 52 C34 38 38 30 46 27" stroke="#fff" stroke-width="4" stroke-linecap="round" fill="none" opacity=".55"/>`,
  melon:
    defs(lin('rd', ['#ff7b86', '#f0283f', '#c2102a']), lin('rn', ['#b9f27a', '#3c9a2e', '#1d5c18'])) +
    `<path d="M10 40 A40 40 0 0 0 90 40Z" fill="url(#rn)" stroke="#14450f" stroke-width="1.4"/>` +
    `<path d="M16 40 A34 34 0 0 0 84 40Z" fill="#e8ffd0"/>` +
    `<path d="M19 40 A31 31 0 0 0 81 40Z" fill="url(#rd)"/>` +
    [
      [35, 50],
      [50, 56],
      [65, 50],
      [42, 62],
      [58, 62],
      [50, 46],
    ]
      .map(([x, y]) => `<ellipse cx="${x}" cy="${y}" rx="2.2" ry="3.4" fill="#2a0b0b"/>`)
      .join('') +
    `<path d="M22 43 H78" stroke="#fff" stroke-width="2" opacity=".45" stroke-linecap="round"/>`,
  grape:
    defs(rad('gp', ['#e6b3ff', '#9b3fd8', '#5a1488', '#3a0a5a']), LEAF) +
    `<path d="M50 24 Q52 14 60 11" stroke="#6b4a1f" stroke-width="3" fill="none" stroke-linecap="round"/>` +
    leaf(52, 20, -20, 22) +
    [
      [36, 34],
      [50, 33],
      [64, 34],
      [29, 47],
      [43, 47],
      [57, 47],
      [71, 47],
      [36, 60],
      [50, 60],
      [64, 60],
      [43, 72],
      [57, 72],
      [50, 84],
    ]
      .map(([x, y]) => ball(x ?? 0, y ?? 0, 8.6, 'gp'))
      .join(''),
  orange:
    defs(rad('or', ['#ffe0a0', '#ffa21a', '#f07800', '#b34700'], 0.38, 0.35, 0.72), LEAF) +
    `<circle cx="50" cy="55" r="31" fill="url(#or)" stroke="#9a3d00" stroke-width="1.2"/>` +
    [
      [38, 62],
      [60, 68],
      [66, 50],
      [46, 74],
      [54, 44],
      [34, 48],
    ]
      .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="1.1" fill="#c25a00" opacity=".7"/>`)
      .join('') +
    `<ellipse cx="39" cy="42" rx="9" ry="5.5" fill="#fff" opacity=".45" transform="rotate(-35 39 42)"/>` +
    `<circle cx="50" cy="25.5" r="2.5" fill="#5a3a10"/>` +
    leaf(51, 25, -30, 24),
  lemon:
    defs(rad('lm', ['#fffbd0', '#ffe83a', '#f2c200', '#b88a00'], 0.4, 0.35, 0.75)) +
    `<g transform="rotate(-25 50 52)"><path d="M12 52 Q14 47 20 46 C26 30 74 30 80 46 Q86 47 88 52 Q86 57 80 58 C74 74 26 74 20 58 Q14 57 12 52Z" fill="url(#lm)" stroke="#9c7400" stroke-width="1.3"/>` +
    `<ellipse cx="40" cy="44" rx="13" ry="4.5" fill="#fff" opacity=".5"/></g>`,
  cherry:
    defs(rad('ch', ['#ffb3bd', '#f5213f', '#b5001e', '#6e0012']), LEAF) +
    `<path d="M35 60 C38 40 48 28 60 18 M64 62 C62 44 62 30 60 18" stroke="#3f7a1c" stroke-width="3.2" fill="none" stroke-linecap="round"/>` +
    leaf(60, 18, -15, 20) +
    ball(34, 66, 15, 'ch') +
    ball(65, 69, 15, 'ch'),
}

// ---------------------------------------------------------------------------------------------
// Jungle: the same machine in the forest. wild = golden idol, seven = tiger, bell = macaw,
// melon = bananas, grape = açaí, orange = mango, lemon = monstera leaf, cherry = hibiscus.

const JUNGLE_ICONS: Record<SlotSymbol, string> = {
  wild:
    defs(GOLD('id'), lin('idd', ['#d99a00', '#7a4a00'])) +
    `<path d="M50 8 L62 20 L74 14 L72 30 H28 L26 14 L38 20Z" fill="url(#id)" stroke="#5c3400" stroke-width="1.4" stroke-linejoin="round"/>` +
    `<path d="M28 30 H72 L68 66 Q50 76 32 66Z" fill="url(#id)" stroke="#5c3400" stroke-width="1.6" stroke-linejoin="round"/>` +
    `<path d="M28 36 H72" stroke="#5c3400" stroke-width="2"/>` +
    `<path d="M34 44 L46 42 L45 49 L35 49Z M66 44 L54 42 L55 49 L65 49Z" fill="#1a0f00"/>` +
    `<circle cx="40" cy="46" r="2.4" fill="#38ff8a"/><circle cx="60" cy="46" r="2.4" fill="#38ff8a"/>` +
    `<path d="M50 48 L46 58 H54Z" fill="url(#idd)" stroke="#5c3400" stroke-width="1"/>` +
    `<rect x="40" y="61" width="20" height="5" rx="1.5" fill="#1a0f00"/>` +
    `<path d="M44 61 V66 M50 61 V66 M56 61 V66" stroke="#d99a00" stroke-width="1.2"/>` +
    `<circle cx="50" cy="22" r="3.4" fill="#e0203a" stroke="#5c3400" stroke-width="1"/>` +
    sparkle(18, 30, 4.5) +
    sparkle(84, 40, 3.5),
  seven:
    defs(rad('tg', ['#ffd27a', '#ff9a1a', '#e06a00', '#9a3d00'], 0.5, 0.4, 0.7)) +
    `<circle cx="27" cy="26" r="10" fill="#f08a10" stroke="#3a1800" stroke-width="1.5"/><circle cx="27" cy="26" r="5" fill="#ffc9b0"/>` +
    `<circle cx="73" cy="26" r="10" fill="#f08a10" stroke="#3a1800" stroke-width="1.5"/><circle cx="73" cy="26" r="5" fill="#ffc9b0"/>` +
    `<ellipse cx="50" cy="52" rx="33" ry="31" fill="url(#tg)" stroke="#3a1800" stroke-width="1.6"/>` +
    `<path d="M50 22 L46 32 L50 36 L54 32Z M36 28 L40 38 M64 28 L60 38 M18 48 L28 50 M82 48 L72 50 M19 58 L29 58 M81 58 L71 58" stroke="#1a0a00" stroke-width="3" stroke-linecap="round" fill="#1a0a00"/>` +
    `<ellipse cx="41" cy="67" rx="10" ry="8" fill="#fff6ea"/><ellipse cx="59" cy="67" rx="10" ry="8" fill="#fff6ea"/>` +
    `<path d="M44 57 H56 L50 64Z" fill="#d6456a" stroke="#3a1800" stroke-width="1"/>` +
    `<ellipse cx="38" cy="46" rx="6" ry="4.5" fill="#e9ff7a"/><ellipse cx="62" cy="46" rx="6" ry="4.5" fill="#e9ff7a"/>` +
    `<ellipse cx="38" cy="46" rx="1.6" ry="4" fill="#111"/><ellipse cx="62" cy="46" rx="1.6" ry="4" fill="#111"/>` +
    `<path d="M50 64 V70 M50 70 Q44 75 40 71 M50 70 Q56 75 60 71" stroke="#3a1800" stroke-width="1.4" fill="none"/>`,
  bell:
    defs(lin('mr', ['#ff5a4a', '#d6141e', '#8a0610']), lin('mb', ['#4fc3ff', '#1565c0']), lin('mk', ['#fffaf0', '#d8cdb8'])) +
    `<path d="M58 56 Q84 62 86 92 Q70 80 56 74Z" fill="url(#mb)" stroke="#0b2d5c" stroke-width="1.2"/>` +
    `<path d="M56 60 Q74 66 78 86 Q66 76 54 72Z" fill="#ffd23f"/>` +
    `<ellipse cx="55" cy="56" rx="22" ry="28" fill="url(#mr)" stroke="#5c0008" stroke-width="1.4"/>` +
    `<path d="M44 58 Q56 72 70 66 Q66 82 52 82 Q42 76 44 58Z" fill="url(#mb)" stroke="#0b2d5c" stroke-width="1.2"/>` +
    `<ellipse cx="45" cy="36" rx="11" ry="9" fill="#fff"/>` +
    `<path d="M39 33 Q44 30 48 33 M39 38 Q44 35 48 38" stroke="#222" stroke-width=".8" fill="none"/>` +
    `<circle cx="47" cy="35" r="3.8" fill="#ffe14a"/><circle cx="47" cy="35" r="2" fill="#111"/>` +
    `<path d="M36 32 Q18 30 16 46 Q20 56 30 52 Q26 44 36 42Z" fill="url(#mk)" stroke="#4a3f30" stroke-width="1.3"/>` +
    `<path d="M34 44 Q26 48 28 54 Q36 54 38 46Z" fill="#2b2b2b"/>`,
  melon:
    defs(lin('bna', ['#fff7a8', '#ffdd2e', '#e0a800'], 1, 1)) +
    [-28, -4, 20]
      .map(
        (r) =>
          `<g transform="rotate(${r} 50 78)"><path d="M47 20 Q40 52 50 78 Q60 52 53 20Z" fill="url(#bna)" stroke="#8a6200" stroke-width="1.4" stroke-linejoin="round"/><path d="M49 24 Q45 50 50 72" stroke="#fff" stroke-width="1.6" opacity=".45" fill="none"/><rect x="47.5" y="15" width="5" height="6" rx="1.5" fill="#5a3d12"/></g>`,
      )
      .join('') +
    `<path d="M43 74 H57 L55 86 H45Z" fill="#6b8e23" stroke="#3a5210" stroke-width="1.2"/>`,
  grape:
    defs(rad('ac', ['#b48cd8', '#4b1a78', '#26073f', '#12021f']), LEAF) +
    `<path d="M50 14 Q48 40 50 86 M50 30 L34 44 M50 30 L66 44 M50 48 L32 62 M50 48 L68 62 M50 64 L40 78 M50 64 L60 78" stroke="#6b4a1f" stroke-width="2" fill="none" stroke-linecap="round"/>` +
    leaf(50, 16, -150, 18) +
    leaf(50, 16, -30, 18) +
    [
      [34, 44],
      [66, 44],
      [42, 38],
      [58, 38],
      [50, 44],
      [32, 62],
      [68, 62],
      [40, 56],
      [60, 56],
      [50, 60],
      [42, 70],
      [58, 70],
      [40, 78],
      [60, 78],
      [50, 76],
      [50, 86],
    ]
      .map(([x, y]) => ball(x ?? 0, y ?? 0, 6.2, 'ac'))
      .join(''),
  orange:
    defs(lin('mg', ['#ffe14d', '#ff9a1a', '#e8402a'], 1, 1), LEAF) +
    `<path d="M30 40 C30 22 56 18 70 30 C84 44 80 74 60 82 C40 88 24 76 26 60 C27 52 30 48 30 40Z" fill="url(#mg)" stroke="#8a2a00" stroke-width="1.3"/>` +
    `<ellipse cx="42" cy="40" rx="8" ry="5" fill="#fff" opacity=".45" transform="rotate(-40 42 40)"/>` +
    `<path d="M50 24 Q54 16 60 14" stroke="#5a3d12" stroke-width="2.4" fill="none" stroke-linecap="round"/>` +
    leaf(58, 15, -10, 24),
  lemon:
    defs(lin('ms', ['#7ee08a', '#21a341', '#0d5c22'], 1, 1)) +
    `<path d="M50 88 Q50 70 50 52" stroke="#0d5c22" stroke-width="3" stroke-linecap="round"/>` +
    `<path d="M50 56 C20 60 10 36 20 22 C30 10 44 12 50 20 C56 12 70 10 80 22 C90 36 80 60 50 56Z" fill="url(#ms)" stroke="#0a4419" stroke-width="1.4"/>` +
    `<path d="M50 22 V54 M50 32 L30 24 M50 40 L24 38 M50 48 L32 52 M50 32 L70 24 M50 40 L76 38 M50 48 L68 52" stroke="#0a4419" stroke-width="1.5" opacity=".7" fill="none"/>` +
    `<ellipse cx="33" cy="31" rx="3" ry="4.5" fill="#0d3a1a" opacity=".85"/><ellipse cx="67" cy="31" rx="3" ry="4.5" fill="#0d3a1a" opacity=".85"/>` +
    `<ellipse cx="36" cy="45" rx="2.6" ry="4" fill="#0d3a1a" opacity=".85"/><ellipse cx="64" cy="45" rx="2.6" ry="4" fill="#0d3a1a" opacity=".85"/>`,
  cherry:
    defs(rad('hb', ['#ffe0ea', '#ff4f7b', '#c8104a', '#7a0026'], 0.5, 0.5, 0.6)) +
    [0, 72, 144, 216, 288]
      .map((r) => `<g transform="rotate(${r} 50 52)"><path d="M50 52 C36 40 36 18 50 16 C64 18 64 40 50 52Z" fill="url(#hb)" stroke="#7a0026" stroke-width="1"/></g>`)
      .join('') +
    `<circle cx="50" cy="52" r="6" fill="#ffd23f" stroke="#a05a00" stroke-width="1"/>` +
    `<path d="M50 52 Q58 40 66 34" stroke="#ffd23f" stroke-width="2" fill="none" stroke-linecap="round"/><circle cx="66" cy="34" r="2.6" fill="#ff9a1a"/>`,
}

// ---------------------------------------------------------------------------------------------
// Carnival: wild = golden mask, seven = feather plume, bell = masquerade mask, melon = surdo drum,
// grape = pandeiro, orange = maracas, lemon = music notes, cherry = confetti and streamers.

const maskPath = 'M10 40 Q14 30 30 30 Q42 30 50 38 Q58 30 70 30 Q86 30 90 40 Q92 60 76 66 Q62 70 54 60 Q50 56 46 60 Q38 70 24 66 Q8 60 10 40Z'
const eyeHoles = 'M22 44 Q30 38 40 46 Q30 52 22 44Z M60 46 Q70 38 78 44 Q70 52 60 46Z'

const CARNIVAL_ICONS: Record<SlotSymbol, string> = {
  wild:
    defs(GOLD('gm')) +
    [-40, -20, 0, 20, 40]
      .map((r, i) => `<g transform="rotate(${r} 50 40)"><path d="M50 40 Q44 20 50 4 Q56 20 50 40Z" fill="${['#ff4fb5', '#ffd23f', '#3fe0d0', '#ffd23f', '#ff4fb5'][i]}" stroke="#5c1a3a" stroke-width=".8"/></g>`)
      .join('') +
    `<g transform="translate(0 6)"><path d="${maskPath}" fill="url(#gm)" stroke="#5c3400" stroke-width="1.6"/><path d="${eyeHoles}" fill="#2a0a2a"/>` +
    `<circle cx="50" cy="44" r="3.4" fill="#e0203a" stroke="#5c3400" stroke-width="1"/><path d="M16 40 Q30 34 44 40" stroke="#fff" stroke-width="2" opacity=".5" fill="none"/></g>`,
  seven:
    defs(lin('f1', ['#ff9ad5', '#e0148a']), lin('f2', ['#9af0ff', '#1597c4']), lin('f3', ['#fff08a', '#e0a800']), lin('f4', ['#b7ff8a', '#2fa32f']), GOLD('jw')) +
    [
      [-48, 'f2'],
      [-24, 'f1'],
      [0, 'f3'],
      [24, 'f1'],
      [48, 'f4'],
    ]
      .map(([r, f]) => `<g transform="rotate(${r} 50 80)"><path d="M50 80 C38 58 40 28 50 10 C60 28 62 58 50 80Z" fill="url(#${f})" stroke="#3a0a2a" stroke-width="1"/><path d="M50 76 Q50 44 50 16" stroke="#fff" stroke-width="1.2" opacity=".6"/></g>`)
      .join('') +
    `<ellipse cx="50" cy="78" rx="15" ry="9" fill="url(#jw)" stroke="#5c3400" stroke-width="1.4"/><circle cx="50" cy="77" r="4" fill="#3fe0d0" stroke="#0b4d4d"/>`,
  bell:
    defs(lin('pm', ['#d98aff', '#8a1fd1', '#4a0a80'], 1, 1), lin('pt', ['#ffe680', '#ffb300'])) +
    `<path d="M80 36 Q92 14 86 6 Q80 20 74 32Z" fill="#ff4fb5" stroke="#5c0a3a" stroke-width="1"/>` +
    `<path d="M84 38 Q98 28 96 16 Q88 28 78 34Z" fill="#3fe0d0" stroke="#0b4d4d" stroke-width="1"/>` +
    `<g transform="translate(0 10)"><path d="${maskPath}" fill="url(#pm)" stroke="#2a0540" stroke-width="1.6"/><path d="${eyeHoles}" fill="#14021f" stroke="url(#pt)" stroke-width="2"/>` +
    [22, 30, 38, 62, 70, 78].map((x) => `<circle cx="${x}" cy="${58 - Math.abs(x - 50) * 0.05}" r="1.6" fill="#ffe680"/>`).join('') +
    `<path d="M50 52 V80" stroke="#ffb300" stroke-width="3" stroke-linecap="round"/></g>`,
  melon:
    defs(lin('dr', ['#ff6a4a', '#d6241e', '#7a0a0a'], 1, 0), lin('dk', ['#f7f2e6', '#cfc3a8'])) +
    `<path d="M22 34 V72 Q50 84 78 72 V34Z" fill="url(#dr)" stroke="#3a0505" stroke-width="1.5"/>` +
    `<path d="M22 40 L34 66 L46 40 L58 66 L70 40 L78 58" stroke="#ffd23f" stroke-width="2.2" fill="none" stroke-linejoin="round"/>` +
    `<ellipse cx="50" cy="34" rx="28" ry="9" fill="url(#dk)" stroke="#5a4a30" stroke-width="1.5"/>` +
    `<path d="M22 68 Q50 80 78 68" stroke="#c0c0c0" stroke-width="3" fill="none"/>` +
    `<path d="M40 30 L20 8 M60 30 L82 10" stroke="#7a4a1f" stroke-width="4" stroke-linecap="round"/>` +
    `<circle cx="20" cy="8" r="4" fill="#f7f2e6"/><circle cx="82" cy="10" r="4" fill="#f7f2e6"/>`,
  grape:
    defs(rad('pd', ['#fffaf0', '#f0e2c0', '#d6c090'], 0.4, 0.35, 0.7), lin('pw', ['#c88a4a', '#7a4a1f'])) +
    `<circle cx="50" cy="50" r="34" fill="url(#pw)" stroke="#4a2a0a" stroke-width="1.5"/>` +
    `<circle cx="50" cy="50" r="27" fill="url(#pd)" stroke="#a08050" stroke-width="1"/>` +
    [0, 60, 120, 180, 240, 300]
      .map((a) => {
        const x = 50 + 30.5 * Math.cos((a * Math.PI) / 180)
        const y = 50 + 30.5 * Math.sin((a * Math.PI) / 180)
        return `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="5" fill="#e8e8f0" stroke="#6a6a80" stroke-width="1.2"/><circle cx="${(x - 1.2).toFixed(1)}" cy="${(y - 1.2).toFixed(1)}" r="1.6" fill="#fff"/>`
      })
      .join('') +
    `<path d="M38 44 Q50 36 62 44" stroke="#e0148a" stroke-width="3" fill="none" stroke-linecap="round"/><path d="M36 56 Q50 64 64 56" stroke="#1597c4" stroke-width="3" fill="none" stroke-linecap="round"/>`,
  orange:
    defs(rad('m1', ['#fff08a', '#ff9a1a', '#c84a00']), rad('m2', ['#b7ff8a', '#2fa32f', '#145214'])) +
    `<g transform="rotate(-25 50 50)"><rect x="33" y="52" width="6" height="34" rx="3" fill="#8a5a2a" stroke="#4a2a0a"/><ellipse cx="36" cy="38" rx="15" ry="19" fill="url(#m1)" stroke="#7a2a00" stroke-width="1.4"/><path d="M24 34 Q36 40 48 34 M24 44 Q36 50 48 44" stroke="#e0148a" stroke-width="2.2" fill="none"/></g>` +
    `<g transform="rotate(25 50 50)"><rect x="61" y="52" width="6" height="34" rx="3" fill="#8a5a2a" stroke="#4a2a0a"/><ellipse cx="64" cy="38" rx="15" ry="19" fill="url(#m2)" stroke="#0a3a0a" stroke-width="1.4"/><path d="M52 34 Q64 40 76 34 M52 44 Q64 50 76 44" stroke="#ffd23f" stroke-width="2.2" fill="none"/></g>`,
  lemon:
    defs(lin('nt', ['#7ef0ff', '#1597c4', '#0b4d7a'], 1, 1)) +
    `<path d="M36 70 V26 L76 16 V60" stroke="url(#nt)" stroke-width="6" fill="none" stroke-linejoin="round"/>` +
    `<path d="M36 26 L76 16 V28 L36 38Z" fill="url(#nt)"/>` +
    `<ellipse cx="28" cy="72" rx="10" ry="8" transform="rotate(-20 28 72)" fill="url(#nt)" stroke="#062a44" stroke-width="1.2"/>` +
    `<ellipse cx="68" cy="62" rx="10" ry="8" transform="rotate(-20 68 62)" fill="url(#nt)" stroke="#062a44" stroke-width="1.2"/>` +
    sparkle(20, 30, 5) +
    sparkle(84, 80, 4),
  cherry:
    `<path d="M20 80 C10 60 40 60 30 40 C20 22 50 20 44 10" stroke="#ff4fb5" stroke-width="5" fill="none" stroke-linecap="round"/>` +
    `<path d="M52 88 C44 70 72 72 64 52 C58 36 82 32 80 18" stroke="#3fe0d0" stroke-width="5" fill="none" stroke-linecap="round"/>` +
    [
      [50, 30, '#ffd23f', 20],
      [72, 68, '#ff4fb5', -30],
      [36, 62, '#7f5cff', 40],
      [84, 40, '#ff6a4a', 10],
      [24, 22, '#3fe0d0', -15],
      [58, 52, '#b7ff8a', 60],
      [30, 88, '#ffd23f', 0],
    ]
      .map(([x, y, c, r]) => `<rect x="${Number(x) - 4}" y="${Number(y) - 2.5}" width="8" height="5" rx="1" fill="${c}" transform="rotate(${r} ${x} ${y})"/>`)
      .join(''),
}

// ---------------------------------------------------------------------------------------------
// Ocean: wild = treasure chest, seven = pearl in a clam, bell = sea turtle, melon = clownfish,
// grape = scallop, orange = starfish, lemon = jellyfish, cherry = coral.

const OCEAN_ICONS: Record<SlotSymbol, string> = {
  wild:
    defs(lin('wd', ['#b06a2a', '#7a4016', '#4a2208']), GOLD('gd'), rad('gl', ['#fffbe0', '#ffd54a', '#ffd54a00'], 0.5, 0.5, 0.5)) +
    `<ellipse cx="50" cy="36" rx="34" ry="18" fill="url(#gl)"/>` +
    `<path d="M18 30 Q50 6 82 30 L78 40 H22Z" fill="url(#wd)" stroke="#2a1204" stroke-width="1.4"/>` +
    `<path d="M20 32 Q50 10 80 32" stroke="url(#gd)" stroke-width="3" fill="none"/>` +
    [
      [34, 40],
      [44, 36],
      [56, 37],
      [66, 40],
      [50, 33],
    ]
      .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="5.5" fill="url(#gd)" stroke="#7a4a00" stroke-width=".8"/>`)
      .join('') +
    `<path d="M18 42 H82 V70 H18Z" fill="url(#wd)" stroke="#2a1204" stroke-width="1.4"/>` +
    `<path d="M18 42 H82 V48 H18Z M18 64 H82 V70 H18Z M28 42 V70 M72 42 V70" stroke="url(#gd)" stroke-width="3.4" fill="none"/>` +
    `<rect x="44" y="46" width="12" height="14" rx="2" fill="url(#gd)" stroke="#7a4a00"/><circle cx="50" cy="52" r="2" fill="#2a1204"/>` +
    sparkle(22, 18, 4.5) +
    sparkle(80, 16, 3.5),
  seven:
    defs(lin('shl', ['#ffd6e0', '#ff8fab', '#c2456a'], 0, 1), rad('pl', ['#ffffff', '#f4f0ff', '#c9c0e8', '#8a80b8'], 0.38, 0.32, 0.7)) +
    `<path d="M12 52 Q50 2 88 52Z" fill="url(#shl)" stroke="#7a1f3a" stroke-width="1.4"/>` +
    [20, 32, 44, 56, 68, 80].map((x) => `<path d="M50 52 L${x} ${x === 20 || x === 80 ? 40 : 20 + Math.abs(50 - x) * 0.3}" stroke="#c2456a" stroke-width="1.2" opacity=".7"/>`).join('') +
    `<path d="M12 54 Q50 96 88 54Z" fill="url(#shl)" stroke="#7a1f3a" stroke-width="1.4"/>` +
    ball(50, 55, 14, 'pl') +
    sparkle(66, 42, 4),
  bell:
    defs(rad('ts', ['#b7f07a', '#3c9a2e', '#1d5c18'], 0.45, 0.4, 0.7), lin('tk', ['#a6e6b0', '#4caf70'])) +
    `<ellipse cx="26" cy="30" rx="13" ry="6" transform="rotate(-35 26 30)" fill="url(#tk)" stroke="#1d5c18"/>` +
    `<ellipse cx="74" cy="30" rx="13" ry="6" transform="rotate(35 74 30)" fill="url(#tk)" stroke="#1d5c18"/>` +
    `<ellipse cx="30" cy="74" rx="10" ry="5" transform="rotate(35 30 74)" fill="url(#tk)" stroke="#1d5c18"/>` +
    `<ellipse cx="70" cy="74" rx="10" ry="5" transform="rotate(-35 70 74)" fill="url(#tk)" stroke="#1d5c18"/>` +
    `<ellipse cx="50" cy="16" rx="8" ry="9" fill="url(#tk)" stroke="#1d5c18"/><circle cx="46.5" cy="14" r="1.4" fill="#111"/><circle cx="53.5" cy="14" r="1.4" fill="#111"/>` +
    `<ellipse cx="50" cy="52" rx="25" ry="30" fill="url(#ts)" stroke="#14450f" stroke-width="1.6"/>` +
    `<path d="M50 30 L60 40 L60 56 L50 66 L40 56 L40 40Z M50 30 V24 M60 40 L72 36 M60 56 L72 62 M40 40 L28 36 M40 56 L28 62 M50 66 V80" stroke="#14450f" stroke-width="1.6" fill="#5fb84a"/>`,
  melon:
    defs(lin('cf', ['#ffb347', '#ff7a00', '#d44a00'], 0, 1)) +
    `<path d="M74 50 L92 34 Q88 50 92 66Z" fill="#ff7a00" stroke="#1a1a1a" stroke-width="1.6" stroke-linejoin="round"/>` +
    `<path d="M40 30 Q52 16 62 30Z M40 70 Q52 84 60 70Z" fill="#ff7a00" stroke="#1a1a1a" stroke-width="1.4"/>` +
    `<ellipse cx="47" cy="50" rx="30" ry="21" fill="url(#cf)" stroke="#1a1a1a" stroke-width="1.6"/>` +
    `<path d="M30 33 Q24 50 30 67 Q38 50 30 33Z M52 29 Q44 50 52 71 Q60 50 52 29Z M70 36 Q66 50 70 64 Q74 50 70 36Z" fill="#fff" stroke="#1a1a1a" stroke-width="1.4"/>` +
    `<circle cx="24" cy="46" r="4.6" fill="#fff" stroke="#1a1a1a"/><circle cx="23.4" cy="46" r="2.6" fill="#111"/>` +
    `<path d="M21 58 Q24 60 27 58" stroke="#1a1a1a" stroke-width="1.2" fill="none"/>`,
  grape:
    defs(lin('sc', ['#ffe8cc', '#ffb480', '#e07a4a'], 0, 1)) +
    `<path d="M50 84 L16 46 Q20 14 50 12 Q80 14 84 46Z" fill="url(#sc)" stroke="#8a3a1a" stroke-width="1.5" stroke-linejoin="round"/>` +
    [20, 29, 39.5, 50, 60.5, 71, 80].map((x) => `<path d="M50 82 L${x} ${18 + Math.abs(50 - x) * 0.5}" stroke="#b85a30" stroke-width="1.6" opacity=".75"/>`).join('') +
    `<path d="M42 84 H58 L54 92 H46Z" fill="#e07a4a" stroke="#8a3a1a" stroke-width="1.2"/>`,
  orange:
    defs(rad('sf', ['#ffd0a0', '#ff7a3a', '#d63a1a'], 0.5, 0.5, 0.6)) +
    `<path d="${starPath(50, 52, 38, 16)}" fill="url(#sf)" stroke="#7a1a0a" stroke-width="2.2" stroke-linejoin="round"/>` +
    [0, 72, 144, 216, 288]
      .flatMap((a) => [10, 18, 26].map((d) => [50 + d * Math.cos(((a - 90) * Math.PI) / 180), 52 + d * Math.sin(((a - 90) * Math.PI) / 180)]))
      .map(([x, y]) => `<circle cx="${(x ?? 0).toFixed(1)}" cy="${(y ?? 0).toFixed(1)}" r="1.8" fill="#fff2c0"/>`)
      .join(''),
  lemon:
    defs(rad('jf', ['#f0d6ff', '#b36bff', '#6a2ad6'], 0.45, 0.3, 0.7)) +
    [30, 40, 50, 60, 70].map((x, i) => `<path d="M${x} 48 Q${x + (i % 2 ? 6 : -6)} 62 ${x} 74 Q${x + (i % 2 ? -6 : 6)} 84 ${x} 92" stroke="#c79cff" stroke-width="2.6" fill="none" stroke-linecap="round" opacity=".9"/>`).join('') +
    `<path d="M18 50 Q18 14 50 14 Q82 14 82 50 Q74 46 66 50 Q58 46 50 50 Q42 46 34 50 Q26 46 18 50Z" fill="url(#jf)" stroke="#4a1a8a" stroke-width="1.4"/>` +
    `<ellipse cx="38" cy="28" rx="9" ry="5" fill="#fff" opacity=".55" transform="rotate(-25 38 28)"/>`,
  cherry:
    defs(lin('co', ['#ffb0c8', '#ff5a8a', '#c21a50'], 0, 1)) +
    `<path d="M50 90 V60 M50 72 L30 50 M30 50 L22 30 M30 50 L40 34 M50 60 L48 36 M48 36 L40 18 M48 36 L58 22 M50 70 L72 48 M72 48 L80 28 M72 48 L64 32" stroke="url(#co)" stroke-width="7" stroke-linecap="round" stroke-linejoin="round" fill="none"/>` +
    [
      [22, 30],
      [40, 34],
      [40, 18],
      [58, 22],
      [80, 28],
      [64, 32],
    ]
      .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="2" fill="#ffe0ea"/>`)
      .join(''),
}

// ---------------------------------------------------------------------------------------------
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

const GEM_ICONS: Record<SlotSymbol, string> = {
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

// ---------------------------------------------------------------------------------------------

const card = (face: [string, string], rim: [string, string]): CardColors => ({ face, rim })
const GOLD_RIM: [string, string] = ['#fff1a8', '#c98a00']
const SILVER_RIM: [string, string] = ['#ffffff', '#8c94a8']

const FRUITS: Theme = {
  id: 'fruits',
  css: {
    '--bg-top': '#5a1170',
    '--bg-bottom': '#14041f',
    '--bg-glow': 'rgba(255, 120, 200, 0.28)',
    '--frame-light': '#ffe38a',
    '--frame-dark': '#a0620a',
    '--window': '#1c0a2c',
    '--panel': 'rgba(20, 4, 31, 0.72)',
    '--text': '#fff8ec',
    '--muted': '#e6c6ef',
    '--accent': '#ffd23f',
    '--accent-2': '#ff7a00',
    '--accent-text': '#3a1400',
    '--title-1': '#fff6c0',
    '--title-2': '#ffb300',
  },
  reelColor: 0x2a0f40,
  reelAlpha: 0.9,
  cards: [card(['#8e24aa', '#3b0656'], GOLD_RIM), card(['#5b1a86', '#25063e'], SILVER_RIM), card(['#3d1566', '#1d0733'], ['#b98ad6', '#4b2470']), card(['#2e1050', '#170628'], ['#7d5aa0', '#3a1a5c'])],
  icons: FRUIT_ICONS,
}

const THEMES: Theme[] = [
  FRUITS,
  {
    id: 'jungle',
    css: {
      '--bg-top': '#1f6b34',
      '--bg-bottom': '#03140a',
      '--bg-glow': 'rgba(190, 255, 120, 0.22)',
      '--frame-light': '#e8c27a',
      '--frame-dark': '#6b4218',
      '--window': '#0b2614',
      '--panel': 'rgba(3, 20, 10, 0.72)',
      '--text': '#f6ffe8',
      '--muted': '#c2e6b0',
      '--accent': '#c6f24a',
      '--accent-2': '#3da63d',
      '--accent-text': '#0c2a06',
      '--title-1': '#fff3b0',
      '--title-2': '#e0a030',
    },
    reelColor: 0x0f3a1e,
    reelAlpha: 0.92,
    cards: [card(['#2e7d32', '#0c3316'], GOLD_RIM), card(['#20603a', '#0a2a16'], ['#ffe9b0', '#a06a2a']), card(['#1a4a2a', '#0a2414'], ['#9acb8a', '#2f6a3a']), card(['#143a22', '#081c10'], ['#6a9a6a', '#21452b'])],
    icons: JUNGLE_ICONS,
  },
  {
    id: 'carnival',
    css: {
      '--bg-top': '#7a0f78',
      '--bg-bottom': '#140626',
      '--bg-glow': 'rgba(80, 220, 255, 0.22)',
      '--frame-light': '#ff9ad5',
      '--frame-dark': '#8a0f6a',
      '--window': '#22072e',
      '--panel': 'rgba(20, 6, 38, 0.72)',
      '--text': '#fff4fb',
      '--muted': '#f2c2e6',
      '--accent': '#ff4fb5',
      '--accent-2': '#b3127d',
      '--accent-text': '#ffffff',
      '--title-1': '#ffffff',
      '--title-2': '#3fe0d0',
    },
    reelColor: 0x2e0a40,
    reelAlpha: 0.9,
    cards: [card(['#c2187a', '#4a0636'], GOLD_RIM), card(['#6a1aa0', '#2a0646'], SILVER_RIM), card(['#4a1070', '#220636'], ['#ff9ad5', '#7a1a6a']), card(['#361052', '#1a0628'], ['#a07ac0', '#4a2a6a'])],
    icons: CARNIVAL_ICONS,
  },
  {
    id: 'ocean',
    css: {
      '--bg-top': '#0a5c8f',
      '--bg-bottom': '#021a33',
      '--bg-glow': 'rgba(120, 240, 255, 0.25)',
      '--frame-light': '#a6f0ff',
      '--frame-dark': '#15607f',
      '--window': '#062a44',
      '--panel': 'rgba(2, 26, 51, 0.72)',
      '--text': '#f0fbff',
      '--muted': '#b6e2f2',
      '--accent': '#3fe0d0',
      '--accent-2': '#0d8fb3',
      '--accent-text': '#022a33',
      '--title-1': '#ffffff',
      '--title-2': '#ffd54a',
    },
    reelColor: 0x083656,
    reelAlpha: 0.9,
    cards: [card(['#0d8fb3', '#06385a'], GOLD_RIM), card(['#11669a', '#072e4c'], SILVER_RIM), card(['#0c4a70', '#05243c'], ['#8ad8f0', '#1a5a7a']), card(['#093a5a', '#041c30'], ['#5a9ab8', '#1a4460'])],
    icons: OCEAN_ICONS,
  },
  {
    id: 'gems',
    css: {
      '--bg-top': '#2c1f6b',
      '--bg-bottom': '#06051a',
      '--bg-glow': 'rgba(180, 140, 255, 0.3)',
      '--frame-light': '#eef1ff',
      '--frame-dark': '#6a6fa0',
      '--window': '#110d2e',
      '--panel': 'rgba(8, 6, 28, 0.72)',
      '--text': '#f4f2ff',
      '--muted': '#c9c2f0',
      '--accent': '#9b7bff',
      '--accent-2': '#4a22c8',
      '--accent-text': '#ffffff',
      '--title-1': '#ffffff',
      '--title-2': '#7fd8ff',
    },
    reelColor: 0x1a1446,
    reelAlpha: 0.9,
    cards: [card(['#4a3aa8', '#1a1250'], ['#ffffff', '#7fd8ff']), card(['#322a80', '#120e3a'], SILVER_RIM), card(['#241e62', '#0e0b30'], ['#a9a0e0', '#3a3480']), card(['#1b1650', '#0a0826'], ['#7a74b0', '#2a2660'])],
    icons: GEM_ICONS,
  },
]
