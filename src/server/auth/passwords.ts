import argon2 from 'argon2'
import type { Config } from '../config'

export interface PasswordHasher {
  hash(password: string): Promise<string>
  verify(hash: string, password: string): Promise<boolean>
  /** Spends the time of one verification, so an unknown e-mail answers as slowly as a wrong password. */
  dummyVerify(password: string): Promise<void>
}

/** argon2id at OWASP's parameters (19 MiB, t=2, p=1). */
export function createPasswordHasher(params: Config['argon2']): PasswordHasher {
  const options = { type: argon2.argon2id as 2, ...params }
  let dummy: Promise<string> | null = null
  return {
    hash: (password) => argon2.hash(password, options),
    verify: async (hash, password) => {
      try {
        return await argon2.verify(hash, password)
      } catch {
        return false
      }
    },
    async dummyVerify(password) {
      dummy ??= argon2.hash('not a real password', options)
      await argon2.verify(await dummy, password).catch(() => false)
    },
  }
}
