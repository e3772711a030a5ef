import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { AppError } from '../AppError'
import { assertStrongPassword } from './passwordStrength'

const refusal = (password: string, inputs: string[] = []) =>
  assertStrongPassword(password, inputs).then(
    () => null,
    (err: unknown) => (err instanceof AppError ? err.errorName : err),
  )

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    return entry.isDirectory() ? sources(full) : /\.(ts|tsx)$/.test(entry.name) ? [full] : []
  })
}

describe('assertStrongPassword', () => {
  it('refuses short and common passwords', async () => {
    for (const weak of ['12345678', 'password', 'senha123', 'qwertyui', 'iloveyou', 'Password1', 'p4ssw0rd', 'Ab3$xY7']) {
      expect(await refusal(weak), weak).toBe('PASSWORD_TOO_WEAK')
    }
  })

  it('accepts passwords that are long or unusual enough, including the test suites own', async () => {
    for (const strong of ['Cavalo-Azul-42', 'Jabuti-Verde-27', 'novaSenha9', 'segredo123', 'correct horse battery']) {
      expect(await refusal(strong), strong).toBeNull()
    }
  })

  it('counts the user e-mail and name as known words', async () => {
    expect(await refusal('Quixabeira2024')).toBeNull()
    expect(await refusal('Quixabeira2024', ['quixabeira.1234@example.com'])).toBe('PASSWORD_TOO_WEAK')
    expect(await refusal('Quixabeira2024', ['Maria Quixabeira'])).toBe('PASSWORD_TOO_WEAK')
  })

  it('stays out of the client bundle: no client or shared module imports zxcvbn', () => {
    const root = path.resolve(__dirname, '../..')
    const offenders = [...sources(path.join(root, 'client')), ...sources(path.join(root, 'shared'))].filter((file) =>
      fs.readFileSync(file, 'utf8').includes('@zxcvbn-ts'),
    )
    expect(offenders).toEqual([])
  })
})
