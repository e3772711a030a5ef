import type { FastifyInstance } from 'fastify'
import * as contract from '../../../shared/contract/loyalty'
import { centavosToReais } from '../../../shared/money'
import type { Deps } from '../../deps'
import { registerCall } from '../../http/route'
import { dayOf } from '../../wallet/days'

/** "maria.souza@gmail.com" -> "ma***@g***.com": enough to recognise a friend, not to write to them. */
function maskEmail(email: string): string {
  const [name = '', domain = ''] = email.split('@')
  const dot = domain.lastIndexOf('.')
  const host = dot > 0 ? domain.slice(0, dot) : domain
  const tld = dot > 0 ? domain.slice(dot) : ''
  return `${name.slice(0, 2)}***@${host.slice(0, 1)}***${tld}`
}

export function referralRoutes(app: FastifyInstance, deps: Deps): void {
  registerCall(app, deps, contract.referralTeam, async ({ session }) => {
    const me = session.userId
    const user = (await deps.db.query<{ yqm: string }>('SELECT yqm FROM users WHERE id = $1', [me])).rows[0]
    const referees = await deps.db.query<{ level: number; email: string; created_at: Date; brought: bigint }>(
      `WITH l1 AS (SELECT id, 1 AS level FROM users WHERE inviter_id = $1),
            l2 AS (SELECT u.id, 2 AS level FROM users u JOIN l1 ON u.inviter_id = l1.id),
            l3 AS (SELECT u.id, 3 AS level FROM users u JOIN l2 ON u.inviter_id = l2.id),
            team AS (SELECT * FROM l1 UNION ALL SELECT * FROM l2 UNION ALL SELECT * FROM l3)
       SELECT t.level, u.email, u.created_at,
         (SELECT COALESCE(sum(c.amount), 0)::bigint FROM referral_commissions c WHERE c.beneficiary = $1 AND c.referee = u.id) AS brought
       FROM team t JOIN users u ON u.id = t.id ORDER BY u.created_at DESC, u.id DESC LIMIT 100`,
      [me],
    )
    const counts = await deps.db.query<{ level: number; people: bigint }>(
      `WITH l1 AS (SELECT id FROM users WHERE inviter_id = $1),
            l2 AS (SELECT u.id FROM users u JOIN l1 ON u.inviter_id = l1.id),
            l3 AS (SELECT u.id FROM users u JOIN l2 ON u.inviter_id = l2.id)
       SELECT 1 AS level, count(*) AS people FROM l1 UNION ALL SELECT 2, count(*) FROM l2 UNION ALL SELECT 3, count(*) FROM l3`,
      [me],
    )
    const earned = await deps.db.query<{ level: number; amount: bigint }>('SELECT level, sum(amount)::bigint AS amount FROM referral_commissions WHERE beneficiary = $1 GROUP BY level', [me])
    const days = await deps.db.query<{ day: string; level: number; amount: bigint }>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, level, sum(amount)::bigint AS amount FROM referral_commissions
       WHERE beneficiary = $1 AND day >= $2::date - 30 GROUP BY day, level ORDER BY day DESC`,
      [me, dayOf(deps.now())],
    )
    const byDay = new Map<string, bigint[]>()
    for (const d of days.rows) {
      const row = byDay.get(d.day) ?? [0n, 0n, 0n]
      row[Number(d.level) - 1] = BigInt(d.amount)
      byDay.set(d.day, row)
    }
    const yesterday = dayOf(deps.now() - 86_400_000)
    const amountOf = (level: number) => BigInt(earned.rows.find((r) => Number(r.level) === level)?.amount ?? 0)
    return {
      yqm: user?.yqm ?? '',
      rates: deps.config.wallet.referral.ratesBp.map((bp) => bp / 100),
      levels: [1, 2, 3].map((level) => ({ level, people: Number(counts.rows.find((r) => Number(r.level) === level)?.people ?? 0), amount: centavosToReais(amountOf(level)) })),
      referees: referees.rows.map((r) => ({ level: Number(r.level), name: maskEmail(r.email), joinedAt: new Date(r.created_at).getTime(), brought: centavosToReais(BigInt(r.brought)) })),
      days: [...byDay].map(([day, amounts]) => ({ day, amounts: amounts.map((a) => centavosToReais(a)) })),
      yesterday: centavosToReais((byDay.get(yesterday) ?? []).reduce((a, b) => a + b, 0n)),
    }
  })
}
