import { describe, expect, it } from 'vitest'
import { translate } from './messages'

describe('translate', () => {
  it('says a count in the plural form of the language (i18next key_one, key_few... as the app does)', () => {
    expect(translate('pt_BR', 'errors.transferDailyCount', { count: 1 })).toBe('Você atingiu o limite de 1 transferência por dia. Tente novamente amanhã')
    expect(translate('pt_BR', 'errors.transferDailyCount', { count: 10 })).toBe('Você atingiu o limite de 10 transferências por dia. Tente novamente amanhã')
    expect(translate('ru_RU', 'errors.transferDailyCount', { count: 3 })).toBe('Вы достигли лимита в 3 перевода в день. Попробуйте завтра')
    expect(translate('ru_RU', 'errors.transferDailyCount', { count: 5 })).toBe('Вы достигли лимита в 5 переводов в день. Попробуйте завтра')
    expect(translate('en_US', 'errors.transferDailyCount', { count: 1 })).toBe('You have reached the limit of 1 transfer per day. Try again tomorrow')
    expect(translate('ja_JP', 'errors.transferDailyCount', { count: 1 })).toContain('（1 回）')
  })

  it("says the player's own time limit in its plural form", () => {
    expect(translate('pt_BR', 'errors.limitTime', { minutes: 1, count: 1 })).toContain('(1 minuto)')
    expect(translate('pt_BR', 'errors.limitTime', { minutes: 90, count: 90 })).toContain('(90 minutos)')
    expect(translate('en_US', 'errors.limitTime', { minutes: 1, count: 1 })).toContain('(1 minute)')
  })

  it('reads a text without a count as before, and falls back to pt_BR then the key', () => {
    expect(translate('en_US', 'errors.loggedOut')).toBe('Your session has expired. Please log in again')
    expect(translate('en_US', 'errors.noSuchKey')).toBe('errors.noSuchKey')
  })
})
