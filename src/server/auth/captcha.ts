import svgCaptcha from 'svg-captcha'
import type { Db } from '../db/connection'

/** Characters that read unambiguously in the drawn font. */
const IGNORE = '0oO1ilIjJ'

export interface CaptchaService {
  /** Draws a new captcha for (codeId, ip), replacing any earlier one, and returns its SVG. */
  issue(codeId: number, ip: string): Promise<string>
  /** Consumes the captcha (single use, right or wrong) and tells whether the answer matched. */
  verify(codeId: number, ip: string, answer: string): Promise<boolean>
}

export function createCaptchaService(db: Db, opts: { ttlMs: number; fixedAnswer: string | null; now: () => number }): CaptchaService {
  let issued = 0
  return {
    async issue(codeId, ip) {
      const drawn = svgCaptcha.create({
        size: 4,
        noise: 2,
        ignoreChars: IGNORE,
        color: true,
        background: '#f4f6fb',
        width: 150,
        height: 50,
        fontSize: 56,
      })
      const at = opts.now()
      await db.query(
        `INSERT INTO captchas (code_id, ip, answer, expires_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (code_id, ip) DO UPDATE SET answer = EXCLUDED.answer, expires_at = EXCLUDED.expires_at`,
        [codeId, ip, drawn.text.toLowerCase(), new Date(at + opts.ttlMs)],
      )
      if (++issued % 500 === 0) await db.query('DELETE FROM captchas WHERE expires_at < $1', [new Date(at)])
      return drawn.data
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
