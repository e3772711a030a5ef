/** The ocean game's eight symbols, as SVG drawn over their cards (themes.ts). */
import type { SlotSymbol } from '../../shared/slotMath'
import { lin, rad, defs, ball, starPath, sparkle, GOLD } from './draw'

// Ocean: wild = treasure chest, seven = pearl in a clam, bell = sea turtle, melon = clownfish,
// grape = scallop, orange = starfish, lemon = jellyfish, cherry = coral.

export const OCEAN_ICONS: Record<SlotSymbol, string> = {
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
