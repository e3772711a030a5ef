import type { FastifyInstance } from 'fastify'
import * as contract from '../../shared/contract/loyalty'
import { VIP_LEVELS, VIP_TOP } from '../../shared/loyalty/vip'
import { centavosToReais } from '../../shared/money'
import type { Deps } from '../deps'
import { registerCall } from '../http/route'

const wireLevel = (l: (typeof VIP_LEVELS)[number]) => ({ level: l.level, award: centavosToReais(l.award), payMin: centavosToReais(l.payMin), gameMin: centavosToReais(l.gameMin) })

export function vipRoutes(app: FastifyInstance, deps: Deps): void {
  registerCall(app, deps, contract.vipInfo, async ({ session }) => {
    const p = (await deps.db.query<{ pay_sum: bigint; game_sum: bigint; level: number; seen_level: number }>('SELECT pay_sum, game_sum, level, seen_level FROM vip_progress WHERE user_id = $1', [session.userId])).rows[0]
    const awards = await deps.db.query<{ level: number; award: bigint; reached_at: Date; credited_at: Date | null }>(
      'SELECT level, award, reached_at, credited_at FROM vip_awards WHERE user_id = $1 ORDER BY level',
      [session.userId],
    )
    const level = Number(p?.level ?? 0)
    return {
      level,
      paySum: centavosToReais(BigInt(p?.pay_sum ?? 0)),
      gameSum: centavosToReais(BigInt(p?.game_sum ?? 0)),
      next: level >= VIP_TOP ? null : wireLevel(VIP_LEVELS[level + 1] as (typeof VIP_LEVELS)[number]),
      seenLevel: Number(p?.seen_level ?? 0),
      levels: VIP_LEVELS.map(wireLevel),
      awards: awards.rows.map((a) => ({ level: Number(a.level), award: centavosToReais(BigInt(a.award)), reachedAt: new Date(a.reached_at).getTime(), credited: a.credited_at !== null })),
    }
  })

  registerCall(app, deps, contract.myBonus, async ({ session }) => {
    const b = (await deps.db.query<{ bonus: bigint; required: bigint | null; wagered: bigint | null }>(
      `SELECT (SELECT balance FROM ledger_accounts WHERE user_id = $1 AND kind = 'bonus') AS bonus,
              w.required, w.wagered FROM (SELECT 1) x LEFT JOIN bonus_wagering w ON w.user_id = $1`,
      [session.userId],
    )).rows[0]
    return { bonus: centavosToReais(BigInt(b?.bonus ?? 0)), required: centavosToReais(BigInt(b?.required ?? 0)), wagered: centavosToReais(BigInt(b?.wagered ?? 0)) }
  })

  registerCall(app, deps, contract.vipSeen, async ({ session }) => {
    const r = await deps.db.query<{ seen_level: number }>('UPDATE vip_progress SET seen_level = level WHERE user_id = $1 RETURNING seen_level', [session.userId])
    return { seenLevel: Number(r.rows[0]?.seen_level ?? 0) }
  })
}
