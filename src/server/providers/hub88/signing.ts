/**
 * Hub88's request signing (docs.hub88.io, "Request signing"): the exact bytes of a JSON body are
 * signed with RSA-SHA256 (PKCS #1 v1.5) by the sender's private key and sent base64-encoded in the
 * X-Hub88-Signature header; the receiver checks them with the public key it was given. Hub88 signs
 * its Wallet API calls to us with its key; we sign our Games API calls, and our wallet answers, with ours.
 */
import { createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto'

export const HUB88_SIGNATURE_HEADER = 'x-hub88-signature'

export function signHub88(privateKey: KeyObject, body: Buffer | string): string {
  return sign('sha256', typeof body === 'string' ? Buffer.from(body) : body, privateKey).toString('base64')
}

/** True when `header` is the signature of exactly these bytes by the holder of `publicKey`'s private key. */
export function verifyHub88(publicKey: KeyObject, body: Buffer | string, header: string | string[] | undefined): boolean {
  const given = Array.isArray(header) ? header[0] : header
  // A 4096-bit key's signature is 684 base64 characters; anything longer is not one.
  if (typeof given !== 'string' || given.length < 16 || given.length > 1024 || !/^[A-Za-z0-9+/]+={0,2}$/.test(given)) return false
  try {
    return verify('sha256', typeof body === 'string' ? Buffer.from(body) : body, publicKey, Buffer.from(given, 'base64'))
  } catch {
    return false
  }
}

/** A PEM private key (PKCS #1 or #8), refused unless RSA. */
export function rsaPrivateKey(pem: string): KeyObject {
  const key = createPrivateKey(pem)
  if (key.asymmetricKeyType !== 'rsa') throw new Error(`an RSA key is needed, not ${key.asymmetricKeyType}`)
  return key
}

/** A PEM public key (SPKI or PKCS #1), refused unless RSA. */
export function rsaPublicKey(pem: string): KeyObject {
  const key = createPublicKey(pem)
  if (key.asymmetricKeyType !== 'rsa') throw new Error(`an RSA key is needed, not ${key.asymmetricKeyType}`)
  return key
}
