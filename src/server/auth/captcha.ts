import type { Db } from '../db/connection'
import { CAPTCHA_ALPHABET } from './captchaFont'
import { drawCaptcha } from './drawCaptcha'
import { randomCode } from './tokens'

/** Characters per captcha: 24^4, about 330 000 answers, for one guess per image. */
const CAPTCHA_LENGTH = 4

export interface CaptchaService {
  /** Draws a new captcha for (codeId, ip), replacing any earlier one, and returns it as a PNG. */
  issue(codeId: number, ip: string): Promise<Buffer>
  /** Consumes the captcha (single use, right or wrong) and tells whether the answer matched. */
  verify(codeId: number, ip: string, answer: string): Promise<boolean>
}

export function createCaptchaService(db: Db, opts: { ttlMs: number; fixedAnswer: string | null; now: () => number }): CaptchaService {
  let issued = 0
  return {
    async issue(codeId, ip) {
      const answer = randomCode(CAPTCHA_ALPHABET, CAPTCHA_LENGTH)
      const at = opts.now()
      await db.query(
        `INSERT INTO captchas (code_id, ip, answer, expires_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (code_id, ip) DO UPDATE SET answer = EXCLUDED.answer, expires_at = EXCLUDED.expires_at`,
        [codeId, ip, answer.toLowerCase(), new Date(at + opts.ttlMs)],
      )
      if (++issued % 500 === 0) await db.query('DELETE FROM captchas WHERE expires_at < $1', [new Date(at)])
      return drawCaptcha(answer)
    },

    async verify(codeId, ip, answer) {
      const r = await db.query<{ answer: string; expires_at: Date }>(
        'DELETE FROM captchas WHERE code_id = $1 AND ip = $2 RETURNING answer, expires_at',
        [codeId, ip],
      )
      const row = r.rows[0]
      if (!row || new Date(row.expires_at).getTime() < opts.now()) return false
      const given = answer.trim().toLowerCase()
      return given === row.answer || (opts.fixedAnswer !== null && given === opts.fixedAnswer.toLowerCase())
    },
  }
}
