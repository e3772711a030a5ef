/**
 * The footer's payment and contact marks, drawn here as small SVGs (no outside assets): simple
 * shapes that recall each brand without copying its artwork. Decorative: the footer names each
 * one in text for screen readers.
 */
import type { ReactElement } from 'react'

export type FooterMark = 'pix' | 'visa' | 'mastercard' | 'usdt' | 'telegram' | 'instagram' | 'whatsapp' | 'email'

const svg = (width: number, children: ReactElement | ReactElement[]) => (
  <svg className="fmark" viewBox={`0 0 ${width} 24`} width={width} height={24} aria-hidden="true" focusable="false">
    {children}
  </svg>
)

/** Payment marks are card-shaped (36 wide); contact marks are round or square (24). */
export const MARKS: Record<FooterMark, () => ReactElement> = {
  // Four rounded diamonds around a centre, in the PIX teal.
  pix: () =>
    svg(36, [
      <rect key="b" width="36" height="24" rx="4" fill="#fff" />,
      <g key="d" fill="#32bcad" transform="translate(18 12) rotate(45)">
        <rect x="-7" y="-7" width="6" height="6" rx="1.6" />
        <rect x="1" y="-7" width="6" height="6" rx="1.6" />
        <rect x="-7" y="1" width="6" height="6" rx="1.6" />
        <rect x="1" y="1" width="6" height="6" rx="1.6" />
      </g>,
    ]),
  // A blue card with a slanted wordmark and a gold stripe.
  visa: () =>
    svg(36, [
      <rect key="b" width="36" height="24" rx="4" fill="#1a1f71" />,
      <text key="t" x="18" y="15.5" textAnchor="middle" fill="#fff" fontSize="10" fontWeight="700" fontStyle="italic" fontFamily="Arial, 'DejaVu Sans', sans-serif" letterSpacing="0.5">
        VISA
      </text>,
      <rect key="s" x="6" y="18" width="24" height="1.6" fill="#f7b600" />,
    ]),
  // Two overlapping circles, red and yellow, orange where they meet.
  mastercard: () =>
    svg(36, [
      <rect key="b" width="36" height="24" rx="4" fill="#252525" />,
      <circle key="r" cx="14" cy="12" r="7" fill="#eb001b" />,
      <circle key="y" cx="22" cy="12" r="7" fill="#f79e1b" />,
      <path key="o" d="M18 6.26a7 7 0 0 1 0 11.48a7 7 0 0 1 0-11.48z" fill="#ff5f00" />,
    ]),
  // A green coin with a T and its ring.
  usdt: () =>
    svg(36, [
      <rect key="b" width="36" height="24" rx="4" fill="#fff" />,
      <circle key="c" cx="18" cy="12" r="9" fill="#26a17b" />,
      <path key="t" d="M13 7.5h10v2.4h-3.8v8.6h-2.4V9.9H13z" fill="#fff" />,
      <ellipse key="e" cx="18" cy="12.2" rx="5.6" ry="1.5" fill="none" stroke="#fff" strokeWidth="1" />,
    ]),
  // A paper plane on a blue disc.
  telegram: () =>
    svg(24, [
      <circle key="c" cx="12" cy="12" r="12" fill="#29a9eb" />,
      <path key="p" d="M5.2 11.6l12.1-4.7c.6-.2 1.1.1.9.9l-2 9.6c-.1.7-.6.8-1.1.5l-3.1-2.3-1.5 1.4c-.2.2-.3.3-.6.3l.2-3.2 5.8-5.2c.3-.2-.1-.4-.4-.2l-7.2 4.5-3.1-1c-.7-.2-.7-.6.1-.9z" fill="#fff" />,
    ]),
  // A rounded square with a lens and a dot, in a warm gradient.
  instagram: () =>
    svg(24, [
      <defs key="g">
        <linearGradient id="fmark-ig" x1="0" y1="1" x2="1" y2="0">
          <stop offset="0" stopColor="#feda75" />
          <stop offset="0.45" stopColor="#d62976" />
          <stop offset="1" stopColor="#4f5bd5" />
        </linearGradient>
      </defs>,
      <rect key="b" width="24" height="24" rx="6" fill="url(#fmark-ig)" />,
      <rect key="f" x="5" y="5" width="14" height="14" rx="4" fill="none" stroke="#fff" strokeWidth="1.8" />,
      <circle key="l" cx="12" cy="12" r="3.3" fill="none" stroke="#fff" strokeWidth="1.8" />,
      <circle key="d" cx="16.3" cy="7.7" r="1" fill="#fff" />,
    ]),
  // A speech bubble with a handset, on green.
  whatsapp: () =>
    svg(24, [
      <circle key="c" cx="12" cy="12" r="12" fill="#25d366" />,
      <path key="b" d="M12 5.2a6.8 6.8 0 0 0-5.9 10.2l-.9 3.4 3.5-.9A6.8 6.8 0 1 0 12 5.2z" fill="none" stroke="#fff" strokeWidth="1.5" strokeLinejoin="round" />,
      <path key="h" d="M9.6 8.9c.2-.4.5-.4.7-.4h.4c.2 0 .3.1.4.3l.6 1.4c0 .2 0 .3-.1.4l-.4.5c-.1.1-.1.3 0 .4.5.9 1.2 1.5 2.1 2 .1.1.3.1.4 0l.5-.6c.1-.1.3-.2.5-.1l1.3.6c.2.1.3.2.3.4 0 .5-.2 1-.6 1.3-.5.3-1.2.4-2.1.1-1.6-.6-2.9-1.9-3.6-3.4-.4-.9-.3-1.7.1-2.2z" fill="#fff" />,
    ]),
  // An envelope.
  email: () =>
    svg(24, [
      <rect key="b" width="24" height="24" rx="6" fill="#5b6b8c" />,
      <rect key="e" x="5" y="7" width="14" height="10" rx="1.5" fill="none" stroke="#fff" strokeWidth="1.6" />,
      <path key="f" d="M5.6 7.8l6.4 5 6.4-5" fill="none" stroke="#fff" strokeWidth="1.6" strokeLinejoin="round" />,
    ]),
}
