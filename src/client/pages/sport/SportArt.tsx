/**
 * The sportsbook's drawn marks, all inline SVG (no outside art): an icon per sport, a side's crest
 * from its name (crest.ts), a league's country as a small flag. Decorative: each sits beside its
 * name in text, so they are hidden from assistive technology.
 */
import type { ReactNode } from 'react'
import type { SportId } from '../../../shared/contract/sport'
import { crestOf } from './crest'
import './odds.css'

/** Line-drawn, 24x24, in the text's colour. */
const ICONS: Record<SportId, ReactNode> = {
  football: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 8l3.8 2.8-1.4 4.4H9.6l-1.4-4.4zM12 8V3.2M15.8 10.8l4.6-1.5M14.4 15.2l2.8 3.9M9.6 15.2l-2.8 3.9M8.2 10.8 3.6 9.3" />
    </>
  ),
  basketball: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 3v18M3 12h18M5.7 5.6c3.2 3.4 3.2 9.4 0 12.8M18.3 5.6c-3.2 3.4-3.2 9.4 0 12.8" />
    </>
  ),
  tennis: (
    <>
      <ellipse cx="9.5" cy="9.5" rx="5.2" ry="6.6" transform="rotate(-45 9.5 9.5)" />
      <path d="M13.3 13.3 20 20M6.5 7.5l5 5M8.5 5.5l5 5M5.5 10.5l3 3" />
      <circle cx="18.5" cy="5.5" r="2" />
    </>
  ),
  boxing: (
    <>
      <path d="M8 3.5h6.5A4.5 4.5 0 0 1 19 8v4.5a4.5 4.5 0 0 1-4.5 4.5H9a3.5 3.5 0 0 1-3.5-3.5V6A2.5 2.5 0 0 1 8 3.5z" />
      <path d="M8.5 17v3.5h7.5V17M5.5 10.5H9a2 2 0 0 0 2-2V7" />
    </>
  ),
  snooker: (
    <>
      <circle cx="9" cy="15" r="5.5" />
      <circle cx="9" cy="15" r="2" />
      <path d="M13.5 10.5 21 3" />
    </>
  ),
  baseball: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M7.2 4.4c2.6 4 2.6 11.2 0 15.2M16.8 4.4c-2.6 4-2.6 11.2 0 15.2M7.4 8h2M7.9 12h2M7.4 16h2M14.6 8h2M14.1 12h2M14.6 16h2" />
    </>
  ),
  volleyball: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 12c0-3.5 1.5-6.5 4.5-8.2M12 12c-3 1.8-6.4 1.9-8.8.6M12 12c3 1.7 4.8 4.6 4.9 8M7.5 4.2c1.7 3.6 4.6 5.6 8 6.2M3.6 15.5c3.8-.2 6.9-2 8.4-5" />
    </>
  ),
  badminton: (
    <>
      <path d="M15.6 13.4 13.4 15.6 3.5 8.5l5-5z" />
      <path d="M6 6l8.5 8.5M8.5 12l2-6.5M12 8.5 5.5 10.5" />
      <circle cx="17.5" cy="17.5" r="3" />
    </>
  ),
  americanFootball: (
    <>
      <path d="M4.5 19.5C3 13.5 7 4.8 19.5 4.5 21 10.5 17 19.2 4.5 19.5z" />
      <path d="M9 15l6-6M10.5 11.5l2 2M12.5 9.5l2 2M8.5 13.5l2 2M6.5 17.5l-2-2M17.5 6.5l2 2" />
    </>
  ),
  tableTennis: (
    <>
      <circle cx="9.5" cy="9.5" r="6.5" fill="currentColor" fillOpacity="0.3" />
      <path d="M13.4 14.8 17.8 19.2a1.6 1.6 0 0 0 2.3-2.3l-4.4-4.4" />
      <path d="M4.2 6.5l8.3 8.3" />
      <circle cx="19.5" cy="5" r="1.8" fill="currentColor" />
    </>
  ),
  cricket: (
    <>
      <path d="M15 3.5 19 7.5 9.5 17H7v-2.5z" />
      <path d="M7 17l-3.5 3.5M12.5 7.5l4 4" />
      <circle cx="18" cy="18" r="2.5" />
    </>
  ),
  racing: (
    <>
      <path d="M5 21V3.5M5 4h14v9H5" />
      <path d="M5 4h3.5v3H5zM12 4h3.5v3H12zM8.5 7H12v3H8.5zM15.5 7H19v3h-3.5zM5 10h3.5v3H5zM12 10h3.5v3H12z" fill="currentColor" stroke="none" />
    </>
  ),
}

export function SportIcon(props: { sport: SportId; className?: string }) {
  return (
    <svg className={`sport-icon ${props.className ?? ''}`} viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" strokeWidth="1.7" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      {ICONS[props.sport]}
    </svg>
  )
}

const SHIELD = 'M2 2h20v11c0 7-5 12-10 14C7 25 2 20 2 13z'

/** A side's shield: its two colours in one of five patterns, its initials over them. */
export function Crest(props: { name: string; size?: number }) {
  const c = crestOf(props.name)
  const size = props.size ?? 20
  return (
    <svg className="crest" viewBox="0 0 24 28" width={size} height={(size * 28) / 24} aria-hidden="true" focusable="false">
      <path d={SHIELD} fill={c.primary} />
      {c.pattern === 'band' && <rect x="2" y="9" width="20" height="6" fill={c.secondary} />}
      {c.pattern === 'chief' && <rect x="2" y="2" width="20" height="8" fill={c.secondary} />}
      {c.pattern === 'diagonal' && <path d="M2 2h20L2 13z" fill={c.secondary} />}
      {c.pattern === 'stripe' && <path d="M9 2h6v22.3L12 25.8l-3-1.5z" fill={c.secondary} />}
      <path d={SHIELD} fill="none" stroke="#0008" strokeWidth="1.2" />
      <text x="12" y="18.5" textAnchor="middle" fontSize="9" fontWeight="800" fill="#fff" stroke="#000" strokeWidth="1.6" paintOrder="stroke" fontFamily="system-ui, 'DejaVu Sans', sans-serif">
        {c.initials}
      </text>
    </svg>
  )
}

/** A country's small flag (3:2), drawn; a code it does not know gets a plain mark. */
const FLAGS: Record<string, ReactNode> = {
  BR: (
    <>
      <rect width="30" height="20" fill="#009b3a" />
      <path d="M15 2.5 27 10 15 17.5 3 10z" fill="#fedf00" />
      <circle cx="15" cy="10" r="4.2" fill="#002776" />
      <path d="M11 9.2c2.8-.6 5.6-.2 8 1.2" stroke="#fff" strokeWidth="0.8" fill="none" />
    </>
  ),
  'GB-ENG': (
    <>
      <rect width="30" height="20" fill="#fff" />
      <path d="M13 0h4v20h-4zM0 8h30v4H0z" fill="#ce1124" />
    </>
  ),
  ES: (
    <>
      <rect width="30" height="20" fill="#aa151b" />
      <rect y="5" width="30" height="10" fill="#f1bf00" />
    </>
  ),
  US: (
    <>
      <rect width="30" height="20" fill="#fff" />
      <path d="M0 0h30v2.86H0zM0 5.71h30v2.86H0zM0 11.43h30v2.86H0zM0 17.14h30V20H0z" fill="#b22234" />
      <rect width="13" height="10.7" fill="#3c3b6e" />
      <path d="M3 3h.1M6.5 3h.1M10 3h.1M4.7 5.4h.1M8.2 5.4h.1M3 7.8h.1M6.5 7.8h.1M10 7.8h.1" stroke="#fff" strokeWidth="1.3" strokeLinecap="round" />
    </>
  ),
  SA: (
    <>
      <rect width="30" height="20" fill="#0b3d91" />
      <path d="M14 3.5c3 0 5.5 1.8 5 4.5-.4 2-2.5 2.8-3 5-.4 1.6-1.4 3.5-2.6 3.5-.6-2.2.4-4-1-6-1.1-1.6-2.3-2.5-1.6-4.4.6-1.6 1.6-2.6 3.2-2.6z" fill="#f6c700" />
    </>
  ),
  INT: (
    <>
      <rect width="30" height="20" fill="#1f6f5c" />
      <circle cx="15" cy="10" r="6.5" fill="none" stroke="#fff" strokeWidth="1.2" />
      <path d="M8.5 10h13M15 3.5c-3.5 3.6-3.5 9.4 0 13M15 3.5c3.5 3.6 3.5 9.4 0 13" fill="none" stroke="#fff" strokeWidth="1" />
    </>
  ),
}

export function CountryMark(props: { country: string }) {
  return (
    <svg className="country-mark" viewBox="0 0 30 20" width="18" height="12" aria-hidden="true" focusable="false">
      {FLAGS[props.country] ?? <rect width="30" height="20" fill="#5a6784" />}
      <rect width="30" height="20" fill="none" stroke="#0006" strokeWidth="1" />
    </svg>
  )
}
