import { describe, expect, it } from 'vitest'
import { cpfText, maskCpf } from './cpfMask'

/** Types `keys` one at a time at the end of the field, as a keyboard does. */
function typeAll(keys: string) {
  let text = ''
  for (const key of keys) text = maskCpf(text, text + key, text.length + 1).text
  return text
}

describe('maskCpf', () => {
  it('masks as the digits are typed', () => {
    expect(typeAll('5')).toBe('5')
    expect(typeAll('529')).toBe('529')
    expect(typeAll('5299')).toBe('529.9')
    expect(typeAll('5299822')).toBe('529.982.2')
    expect(typeAll('5299822472')).toBe('529.982.247-2')
    expect(typeAll('52998224725')).toBe('529.982.247-25')
  })

  it('keeps digits only, eleven at most; the wire value is the digits', () => {
    expect(maskCpf('', '529.982.247-25', 14)).toEqual({ text: '529.982.247-25', caret: 14, digits: '52998224725' })
    expect(maskCpf('', ' 529 982 247 25 ', 16).digits).toBe('52998224725')
    expect(maskCpf('529.982.247-25', '529.982.247-259', 15)).toEqual({ text: '529.982.247-25', caret: 14, digits: '52998224725' })
    expect(typeAll('52a9x.')).toBe('529')
  })

  it('keeps the caret after the digit it followed when typing in the middle', () => {
    // '529.982|' then a digit typed between 5 and 2: '5|1' -> after the 2nd digit.
    const r = maskCpf('529.982', '5129.982', 2)
    expect(r).toEqual({ text: '512.998.2', caret: 2, digits: '5129982' })
    // A digit typed right after a separator lands after it.
    const s = maskCpf('529.982', '529.1982', 5)
    expect(s.text).toBe('529.198.2')
    expect(s.text.slice(0, s.caret)).toBe('529.1')
  })

  it('Backspace on a separator deletes the digit before it (it never sticks)', () => {
    // Caret after the first dot: Backspace removes the dot, which the mask would put back.
    const r = maskCpf('529.982.247-25', '529982.247-25', 3)
    expect(r.text).toBe('529.822.472-5')
    expect(r.text.slice(0, r.caret)).toBe('52')
    // An ordinary Backspace on a digit.
    const s = maskCpf('529.982', '529.98', 6)
    expect(s).toEqual({ text: '529.98', caret: 6, digits: '52998' })
  })

  it('empties cleanly', () => {
    expect(maskCpf('5', '', 0)).toEqual({ text: '', caret: 0, digits: '' })
  })
})

describe('cpfText', () => {
  it('shows stored digits masked', () => {
    expect(cpfText('52998224725')).toBe('529.982.247-25')
    expect(cpfText('')).toBe('')
  })
})
