import { afterAll, describe, expect, it } from 'vitest'
import { ensureFullLocale, i18n, loadLanguage } from './i18n'

/** The texts components get from react-i18next's `t` (i18n.getFixedT) are remembered; these are the cases where that must not show an old text. */
describe('remembered texts', () => {
  afterAll(() => loadLanguage('pt_BR'))

  it('give what i18next gives, for plain keys and for values', async () => {
    await ensureFullLocale()
    const t = i18n.getFixedT('pt_BR', 'translation')
    const direct = (key: string, opts?: Record<string, unknown>) => i18n.t(key, { lng: 'pt_BR', ...opts })
    expect(t('casino.bet')).toBe(direct('casino.bet'))
    expect(t('casino.bet')).toBe('Apostar')
    expect(t('casino.mines.gemAnnounce', { gems: 2, count: 2, multiplier: '1,25' })).toBe(direct('casino.mines.gemAnnounce', { gems: 2, count: 2, multiplier: '1,25' }))
    // Other values: another text, not the first one remembered.
    expect(t('casino.mines.gemAnnounce', { gems: 3, count: 3, multiplier: '1,50' })).toBe(direct('casino.mines.gemAnnounce', { gems: 3, count: 3, multiplier: '1,50' }))
    expect(t('casino.mines.gemAnnounce', { gems: 3, count: 3, multiplier: '1,50' })).not.toBe(t('casino.mines.gemAnnounce', { gems: 2, count: 2, multiplier: '1,25' }))
  })

  it('follow a change of language (the fixed t of the current language, as useTranslation asks for it)', async () => {
    await loadLanguage('pt_BR')
    expect(i18n.getFixedT(i18n.language, 'translation')('casino.bet')).toBe('Apostar')
    await loadLanguage('en_US')
    expect(i18n.getFixedT(i18n.language, 'translation')('casino.bet')).toBe('Bet')
  })

  it('follow a table added after a text was asked for', () => {
    const t = i18n.getFixedT('pt_BR', 'translation')
    expect(t('memoTest.late')).toBe('memoTest.late')
    i18n.addResourceBundle('pt_BR', 'translation', { memoTest: { late: 'chegou' } }, true, true)
    expect(t('memoTest.late')).toBe('chegou')
    i18n.addResourceBundle('pt_BR', 'translation', { memoTest: { late: 'mudou' } }, true, true)
    expect(t('memoTest.late')).toBe('mudou')
  })
})
