import { describe, expect, it } from 'vitest'
import { sign, verify } from './signature'

describe('webhook signature', () => {
  const body = Buffer.from('{"eventId":"e1","payNo":"ABC","type":"paid","amount":"100.00"}')

  it('accepts the HMAC-SHA256 of the raw body under the shared secret', () => {
    expect(sign('s3cret', body)).toMatch(/^sha256=[0-9a-f]{64}$/)
    expect(verify('s3cret', body, sign('s3cret', body))).toBe(true)
  })

  it('refuses another secret, a changed body, a missing or malformed header', () => {
    expect(verify('other', body, sign('s3cret', body))).toBe(false)
    expect(verify('s3cret', Buffer.from(body.toString().replace('100.00', '1000.00')), sign('s3cret', body))).toBe(false)
    expect(verify('s3cret', body, undefined)).toBe(false)
    expect(verify('s3cret', body, 'sha256=00')).toBe(false)
    expect(verify('s3cret', body, 'x'.repeat(1000))).toBe(false)
  })
})
