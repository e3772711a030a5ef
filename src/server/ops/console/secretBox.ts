import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'

/**
 * Seals short secrets (each operator's TOTP secret) with AES-256-GCM under the server's key
 * (OPS_SECRET_KEY), so the database alone does not give them away: "v1.<iv>.<tag>.<data>",
 * base64url. Opening a box sealed under another key, or altered, throws.
 */
export class SecretBox {
  private readonly key: Buffer

  constructor(secret: string) {
    this.key = createHash('sha256').update(`aposta-ops-box:${secret}`).digest()
  }

  seal(plain: string): string {
    const iv = randomBytes(12)
    const cipher = createCipheriv('aes-256-gcm', this.key, iv)
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
    return ['v1', iv, cipher.getAuthTag(), data].map((x) => (typeof x === 'string' ? x : x.toString('base64url'))).join('.')
  }

  open(sealed: string): string {
    const [version, iv, tag, data] = sealed.split('.')
    if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('not a sealed secret')
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'))
    decipher.setAuthTag(Buffer.from(tag, 'base64url'))
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8')
  }
}
