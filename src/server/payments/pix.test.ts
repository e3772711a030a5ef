import { hasError, parsePix } from 'pix-utils'
import { describe, expect, it } from 'vitest'
import { pixBrCode, SANDBOX_PIX_KEY } from './pix'

/** CRC16-CCITT (poly 0x1021, init 0xFFFF) as the BR Code standard computes it, written out here to check the library. */
function crc16(text: string): string {
  let crc = 0xffff
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff
  }
  return crc.toString(16).toUpperCase().padStart(4, '0')
}

describe('PIX BR Code', () => {
  it('carries the exact amount, the key and the txid, and parses back', () => {
    const code = pixBrCode('ABC123XYZ', 10_050n, 'D100001')
    const parsed = parsePix(code)
    expect(hasError(parsed)).toBe(false)
    expect(parsed).toMatchObject({ pixKey: SANDBOX_PIX_KEY, txid: 'ABC123XYZ', transactionAmount: 100.5, transactionCurrency: '986', countryCode: 'BR' })
    expect(code).toContain('5406100.50')
  })

  it('ends with a valid CRC16 over everything before it', () => {
    const code = pixBrCode('P2', 1n, 'D2')
    expect(code.slice(-8, -4)).toBe('6304')
    expect(code.slice(-4)).toBe(crc16(code.slice(0, -4)))
    expect(code).toContain('54040.01')
  })

  it('a code altered by one character is refused', () => {
    const code = pixBrCode('ABC123XYZ', 10_000n, 'D1')
    expect(hasError(parsePix(code.replace('100.00', '900.00')))).toBe(true)
  })
})
