import { describe, expect, it } from 'vitest'
import { crestOf, initialsOf, nameHash } from './crest'

describe('a side\'s crest from its name', () => {
  it('is the same for the same name and differs across names', () => {
    expect(crestOf('Flamengo')).toEqual(crestOf('Flamengo'))
    // FNV-1a's published value for 'a' (0xe40c292c): the hash is the standard one, not a home-made mix.
    expect(nameHash('a')).toBe(0xe40c292c)
    const sides = ['Flamengo', 'Palmeiras', 'Corinthians', 'São Paulo', 'Santos', 'Grêmio', 'Internacional', 'Arsenal', 'Chelsea', 'Liverpool', 'Lakers', 'Celtics']
    const looks = new Set(sides.map((s) => { const c = crestOf(s); return `${c.primary}|${c.secondary}|${c.pattern}` }))
    expect(looks.size).toBeGreaterThanOrEqual(10)
    for (const s of sides) expect(crestOf(s).primary).not.toBe(crestOf(s).secondary)
  })

  it('has two initials: the first two words\' (skipping da, de, do ...), or a single word\'s first two letters', () => {
    expect(['São Paulo', 'Vasco da Gama', 'A. Moreira', 'Flamengo', 'Atlético de Madrid', 'Real Madrid', '49ers', 'Colo-Colo', 'Índias Ocidentais'].map(initialsOf)).toEqual(['SP', 'VG', 'AM', 'FL', 'AM', 'RM', '49', 'CC', 'ÍO'])
  })
})
