import type { Locale } from '../../shared/locales'
import { BRAZIL_TZ } from '../wallet/days'
import { bcp47 } from './formatMoney'

/** An instant as a player reads it in messages and e-mails: date and time in São Paulo, in the locale's way. */
export function formatInstant(at: Date, locale: Locale): string {
  return new Intl.DateTimeFormat(bcp47(locale), { timeZone: BRAZIL_TZ, dateStyle: 'short', timeStyle: 'short' }).format(at)
}
