import { createHash, generateKeyPairSync, sign, type KeyObject } from 'node:crypto'

/**
 * The payload a dynamic BR Code points at (API Pix `GET /{pixUrlAccessToken}`): the charge as a
 * JWS, which the payer's bank fetches and checks before it pays. The emulator signs with an EC
 * P-256 key of its own (ES256), made when first needed and published as a JWK set beside it.
 */
export class PayloadSigner {
  private key: { privateKey: KeyObject; publicKey: KeyObject; kid: string } | null = null

  private keys() {
    if (!this.key) {
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
      const jwk = publicKey.export({ format: 'jwk' })
      const kid = createHash('sha256').update(JSON.stringify(jwk)).digest('base64url').slice(0, 16)
      this.key = { privateKey, publicKey, kid }
    }
    return this.key
  }

  /** The public key set (`jku` of every payload). */
  jwks(): { keys: object[] } {
    const { publicKey, kid } = this.keys()
    return { keys: [{ ...publicKey.export({ format: 'jwk' }), kid, use: 'sig', alg: 'ES256' }] }
  }

  /** A compact JWS (header.payload.signature) of the payload. */
  sign(payload: object, jku: string): string {
    const { privateKey, kid } = this.keys()
    const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url')
    const input = `${part({ alg: 'ES256', typ: 'JOSE', kid, jku })}.${part(payload)}`
    const signature = sign('sha256', Buffer.from(input), { key: privateKey, dsaEncoding: 'ieee-p1363' })
    return `${input}.${signature.toString('base64url')}`
  }
}
