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
import { CARNIVAL_ICONS } from './icons/carnival'
import { FRUIT_ICONS } from './icons/fruits'
import { GEM_ICONS } from './icons/gems'
import { JUNGLE_ICONS } from './icons/jungle'
import { OCEAN_ICONS } from './icons/ocean'

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
