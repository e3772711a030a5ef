import { formatCpf } from '@brazilian-utils/brazilian-utils'

/** A CPF has 11 digits. */
const CPF_DIGITS = 11

const digitsOf = (text: string) => text.replace(/\D/g, '')

/** Where the caret goes in `text` to stand right after its `n`-th digit (0: at the start). */
function caretAfterDigits(text: string, n: number): number {
  if (n <= 0) return 0
  let seen = 0
  for (let i = 0; i < text.length; i++) {
    if (/\d/.test(text[i] as string) && ++seen === n) return i + 1
  }
  return text.length
}

/**
 * The CPF field's mask as the player types: at most 11 digits shown as 000.000.000-00
 * (@brazilian-utils' formatCpf), the caret kept after the digit it followed. Deleting a dot or the
 * dash (the only change being a separator gone) deletes the digit before it instead, so Backspace
 * never sticks on a separator. `digits` is what the wire takes.
 */
export function maskCpf(previous: string, typed: string, caret: number): { text: string; caret: number; digits: string } {
  let digits = digitsOf(typed)
  let before = digitsOf(typed.slice(0, caret)).length
  if (typed.length < previous.length && digits === digitsOf(previous) && before > 0) {
    digits = digits.slice(0, before - 1) + digits.slice(before)
    before--
  }
  digits = digits.slice(0, CPF_DIGITS)
  const text = formatCpf(digits)
  return { text, caret: caretAfterDigits(text, Math.min(before, digits.length)), digits }
}

/** A CPF's digits as shown: 000.000.000-00. */
export const cpfText = (digits: string) => formatCpf(digitsOf(digits).slice(0, CPF_DIGITS))
