/**
 * A side's crest drawn from its name alone (no outside art): the same name gives the same shield
 * everywhere (lists, match page, My bets, home's strip) and in every run.
 */

/** Club colours: strong, distinct on the dark panels. */
export const CREST_COLOURS = ['#c8102e', '#0b3d91', '#00843d', '#f6c700', '#111418', '#f2f2f2', '#6cace4', '#ff6f00', '#5b2c83', '#7a1f2b', '#0a1f44', '#00857c'] as const

/** The shield's patterns: plain, a band across, a chief (upper half), a diagonal half, a stripe down. */
export const CREST_PATTERNS = ['plain', 'band', 'chief', 'diagonal', 'stripe'] as const

export interface Crest {
  primary: string
  secondary: string
  pattern: (typeof CREST_PATTERNS)[number]
  initials: string
}

/** FNV-1a, 32 bits, over the name's UTF-16 units. */
export function nameHash(name: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < name.length; i++) {
    h ^= name.charCodeAt(i)
    h = Math.imul(h, 0x01000193) >>> 0
  }
  return h >>> 0
}

/** Words that are not a name's initial ('Vasco da Gama' is VG). */
const LINKS = new Set(['da', 'de', 'do', 'das', 'dos', 'e', 'of', 'the', 'la', 'el', 'di'])

/** Two letters: the first two words' initials ('São Paulo' SP, 'A. Moreira' AM), or a single word's first two ('Flamengo' FL). */
export function initialsOf(name: string): string {
  const words = name
    .replace(/[.]/g, ' ')
    .split(/[\s-]+/)
    .filter((w) => w && !LINKS.has(w.toLowerCase()))
  const chars = (w: string) => [...w]
  const first = words[0] ?? '?'
  const text = words.length >= 2 ? (chars(first)[0] ?? '') + (chars(words[1] as string)[0] ?? '') : chars(first).slice(0, 2).join('')
  return text.toLocaleUpperCase('pt-BR')
}

export function crestOf(name: string): Crest {
  const h = nameHash(name)
  const n = CREST_COLOURS.length
  const p = h % n
  // A second colour never the first.
  const s = (p + 1 + ((h >>> 8) % (n - 1))) % n
  return { primary: CREST_COLOURS[p] as string, secondary: CREST_COLOURS[s] as string, pattern: CREST_PATTERNS[(h >>> 16) % CREST_PATTERNS.length] as Crest['pattern'], initials: initialsOf(name) }
}
