import { describe, expect, it } from 'vitest'
import { calls, buildPath } from './index'
import { amount, email, flag01, intField } from './fields'

describe('contract fields', () => {
  it('amount: reais text to centavos, refusing more than two decimals', () => {
    expect(amount.parse('10.50')).toBe(1050n)
    expect(amount.parse(10.5)).toBe(1050n)
    expect(amount.safeParse('10.505').success).toBe(false)
    expect(amount.safeParse(0.1 + 0.2).success).toBe(false)
    expect(amount.safeParse('-1').success).toBe(false)
  })

  it('numbers and flags arrive from JSON or from a form', () => {
    const n = intField(0, 35)
    expect(n.parse(7)).toBe(7)
    expect(n.parse('7')).toBe(7)
    expect(n.safeParse('36').success).toBe(false)
    expect(n.safeParse(1.5).success).toBe(false)
    expect(n.safeParse('1e1').success).toBe(false)
    expect([flag01.parse('1'), flag01.parse(0), flag01.parse(true)]).toEqual([1, 0, 1])
    expect(flag01.safeParse('2').success).toBe(false)
  })

  it('e-mail is trimmed and lower-cased', () => {
    expect(email.parse('  Ana.Silva@Gmail.COM ')).toBe('ana.silva@gmail.com')
    expect(email.safeParse('ana@').success).toBe(false)
  })

  it('every POST and PUT accepts the loading flag and refuses unknown fields', () => {
    for (const [name, def] of Object.entries(calls)) {
      if (def.method === 'GET' || !def.body) continue
      const withFlag = def.body.safeParse({ loading: false })
      const issues = withFlag.success ? [] : withFlag.error.issues
      expect(issues.some((i) => i.code === 'unrecognized_keys'), name).toBe(false)
      const extra = def.body.safeParse({ notAField: 1 })
      expect(extra.success, name).toBe(false)
    }
  })

  it('fills path parameters', () => {
    expect(buildPath(calls.setHeader.path, { index: 5 })).toBe('/api/app/user/setHeader/5')
    expect(() => buildPath(calls.prePay.path, {})).toThrow(/pkgId/)
  })
})
