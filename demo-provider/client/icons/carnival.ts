/** The carnival game's eight symbols, as SVG drawn over their cards (themes.ts). */
import type { SlotSymbol } from '../../shared/slotMath'
import { lin, rad, defs, sparkle, GOLD } from './draw'

// Carnival: wild = golden mask, seven = feather plume, bell = masquerade mask, melon = surdo drum,
// grape = pandeiro, orange = maracas, lemon = music notes, cherry = confetti and streamers.

const maskPath = 'M10 40 Q14 30 30 30 Q42 30 50 38 Q58 30 70 30 Q86 30 90 40 Q92 60 76 66 Q62 70 54 60 Q50 56 46 60 Q38 70 24 66 Q8 60 10 40Z'
const eyeHoles = 'M22 44 Q30 38 40 46 Q30 52 22 44Z M60 46 Q70 38 78 44 Q70 52 60 46Z'

export const CARNIVAL_ICONS: Record<SlotSymbol, string> = {
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
