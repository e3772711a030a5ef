/** The fruits game's eight symbols, as SVG drawn over their cards (themes.ts). */
import type { SlotSymbol } from '../../shared/slotMath'
import { lin, rad, defs, ball, leaf, LEAF, starPath, sparkle, GOLD } from './draw'

// Fruits: the classic machine.

export const FRUIT_ICONS: Record<SlotSymbol, string> = {
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
