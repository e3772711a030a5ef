import { useState, type ChangeEvent } from 'react'
import type { Locale } from '../../shared/locales'
import { decimalText, parseDecimal } from './decimal'

/**
 * Props for an input of a decimal kept elsewhere (the store, a form's state) as wire text: the
 * input shows it with the locale's separator and accepts the locale's or '.' while typing. What
 * the user types is shown as typed; the value receives its wire form, or the raw text when it is
 * not a number (so the value stays invalid and the form can say so).
 */
export function useDecimalField(value: string, onValue: (wire: string) => void, locale: Locale, maxDecimals = 2) {
  const [draft, setDraft] = useState<string | null>(null)
  const toValue = (typed: string) => parseDecimal(typed, locale, maxDecimals) ?? typed
  // The draft stands only while it still means the value (a button or an auto run may replace it).
  const shown = draft !== null && toValue(draft) === value ? draft : decimalText(value, locale)
  return {
    value: shown,
    inputMode: 'decimal' as const,
    autoComplete: 'off',
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      setDraft(e.target.value)
      onValue(toValue(e.target.value))
    },
    onBlur: () => setDraft(null),
  }
}
