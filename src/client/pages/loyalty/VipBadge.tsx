/**
 * The VIP badges, one per level, drawn as SVG: a shield in the level's metal (bronze to diamond),
 * rings of gems that grow with the level, the number in the middle. The spec's rule for the level
 * image: levels above 23 fall back to the first image.
 */
const METALS = [
  ['#5b6472', '#8a94a3'], // 0 steel
  ['#8a5a2b', '#c58a4a'], // 1 bronze
  ['#8a5a2b', '#d9a066'],
  ['#7d8791', '#c9d1d9'], // 3 silver
  ['#7d8791', '#e6ecf2'],
  ['#a87f12', '#f2c94c'], // 5 gold
  ['#a87f12', '#ffe08a'],
  ['#1f6f78', '#5fd4c9'], // 7 platinum
  ['#2c4fa8', '#7aa7ff'], // 8 sapphire
  ['#6b2fa8', '#c58aff'], // 9 amethyst
  ['#a8324a', '#ff8aa6'], // 10 ruby crown
] as const

/** The image index the spec gives a level. */
const badgeIndex = (level: number) => (level > 23 || level < 0 ? 0 : Math.min(level, METALS.length - 1))

export function VipBadge(props: { level: number; size?: number; label?: string }) {
  const i = badgeIndex(props.level)
  const [dark, light] = METALS[i] as readonly [string, string]
  const size = props.size ?? 64
  const gems = Array.from({ length: i }, (_, k) => {
    const a = (Math.PI * (k + 0.5)) / Math.max(i, 1) - Math.PI / 2
    return { x: 32 + Math.sin(a) * 25, y: 36 - Math.cos(a) * 25 }
  })
  const id = `vip-grad-${i}`
  return (
    <svg width={size} height={size} viewBox="0 0 64 72" role="img" aria-label={props.label ?? `VIP ${props.level}`} className="vip-badge">
      <defs>
        <linearGradient id={id} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor={light} />
          <stop offset="1" stopColor={dark} />
        </linearGradient>
      </defs>
      <path d="M32 2 L60 12 L58 40 C56 56 44 65 32 70 C20 65 8 56 6 40 L4 12 Z" fill={`url(#${id})`} stroke={dark} strokeWidth="2" />
      <path d="M32 9 L53 16 L51 39 C50 51 41 58 32 62 C23 58 14 51 13 39 L11 16 Z" fill="#0006" />
      {gems.map((g, k) => (
        <circle key={k} cx={g.x} cy={g.y} r="2.6" fill={light} stroke="#fff8" strokeWidth="0.8" />
      ))}
      {i === 10 && <path d="M20 12 L26 4 L32 11 L38 4 L44 12 Z" fill="#ffd166" stroke="#a87f12" strokeWidth="1" />}
      <text x="32" y="45" textAnchor="middle" fontSize="22" fontWeight="800" fill="#fff" fontFamily="system-ui, sans-serif">
        {props.level}
      </text>
    </svg>
  )
}
