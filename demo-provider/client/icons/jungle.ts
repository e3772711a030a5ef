/** The jungle game's eight symbols, as SVG drawn over their cards (themes.ts). */
import type { SlotSymbol } from '../../shared/slotMath'
import { lin, rad, defs, ball, leaf, LEAF, sparkle, GOLD } from './draw'

// Jungle: the same machine in the forest. wild = golden idol, seven = tiger, bell = macaw,
// melon = bananas, grape = açaí, orange = mango, lemon = monstera leaf, cherry = hibiscus.

export const JUNGLE_ICONS: Record<SlotSymbol, string> = {
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
