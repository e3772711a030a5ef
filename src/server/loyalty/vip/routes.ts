import type { FastifyInstance } from 'fastify'
import * as contract from '../../../shared/contract/loyalty'
import { centavosToReais } from '../../../shared/money'
import type { Deps } from '../../deps'
import { registerCall } from '../../http/route'

interface LevelRow {
  level: number
  award: bigint
  pay_min: bigint
  game_min: bigint
}
const wireLevel = (l: LevelRow) => ({ level: Number(l.level), award: centavosToReais(BigInt(l.award)), payMin: centavosToReais(BigInt(l.pay_min)), gameMin: centavosToReais(BigInt(l.game_min)) })

const sourceOf = (kind: string, ref: string | null): (typeof contract.BONUS_SOURCES)[number] =>
  kind === 'deposit' ? 'deposit' : ref?.startsWith('vip:') ? 'vip' : ref?.startsWith('signin:') ? 'signin' : ref?.startsWith('referral:') ? 'referral' : 'other'

/**
 * Each bonus credited, with its state, read from the bonus account's entries in order: gifts
 * join one pool whose wagering is shared (wallet/wagering.ts), and a gift credited while the bonus
 * balance is zero starts a new pool (a win paid back to bonus after its stake took all of it does not:
 * its wagering goes on). A pool with a 'bonus_release' was completed; the last pool is
 * active while the balance is above zero; any other pool was lost.
 */
async function bonusGrants(deps: Deps, userId: bigint, balance: bigint) {
  const r = await deps.db.query<{ amount: bigint; kind: string; ref: string | null; created_at: Date; released: boolean; current: boolean }>(
    `WITH moves AS (
       SELECT e.id, e.amount, t.kind, t.ref, t.created_at, SUM(e.amount) OVER (ORDER BY e.id) - e.amount AS before
       FROM ledger_entries e JOIN ledger_transactions t ON t.id = e.tx_id
       WHERE e.account_id = (SELECT id FROM ledger_accounts WHERE user_id = $1 AND kind = 'bonus')
     ),
     pooled AS (SELECT *, COUNT(*) FILTER (WHERE before = 0 AND amount > 0 AND kind IN ('deposit', 'prize')) OVER (ORDER BY id) AS pool FROM moves)
     SELECT g.amount, g.kind, g.ref, g.created_at,
       EXISTS (SELECT 1 FROM pooled r WHERE r.pool = g.pool AND r.kind = 'bonus_release') AS released,
       g.pool = (SELECT max(pool) FROM pooled) AS current
     FROM pooled g WHERE g.amount > 0 AND g.kind IN ('deposit', 'prize')
     ORDER BY g.id DESC LIMIT 30`,
    [userId],
  )
  return r.rows.map((g) => ({
    source: sourceOf(g.kind, g.ref),
    amount: centavosToReais(BigInt(g.amount)),
    at: new Date(g.created_at).getTime(),
    state: g.released ? ('completed' as const) : g.current && balance > 0n ? ('active' as const) : ('lost' as const),
  }))
}

/** The promotional offers made to the player (the last 10): open until they expire, used once a deposit paid their gift. */
async function promoOffers(deps: Deps, userId: bigint) {
  const now = deps.now()
  const r = await deps.db.query<{ currency: 'INSBRL' | 'EXPPAY'; created_at: Date; expires_at: Date; used_at: Date | null }>(
    'SELECT currency, created_at, expires_at, used_at FROM promo_offers WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT 10',
    [userId],
  )
  return r.rows.map((o) => {
    const expiresAt = new Date(o.expires_at).getTime()
    return { kind: contract.OFFER_KINDS[o.currency], at: new Date(o.created_at).getTime(), expiresAt, state: o.used_at ? ('used' as const) : expiresAt > now ? ('open' as const) : ('expired' as const) }
  })
}

export function vipRoutes(app: FastifyInstance, deps: Deps): void {
  registerCall(app, deps, contract.vipInfo, async ({ session }) => {
    const p = (await deps.db.query<{ pay_sum: bigint; game_sum: bigint; level: number; seen_level: number }>('SELECT pay_sum, game_sum, level, seen_level FROM vip_progress WHERE user_id = $1', [session.userId])).rows[0]
    const awards = await deps.db.query<{ level: number; award: bigint; reached_at: Date; credited_at: Date | null }>(
      'SELECT level, award, reached_at, credited_at FROM vip_awards WHERE user_id = $1 ORDER BY level',
      [session.userId],
    )
    // The spec's VIP table (section 9) lives in the database, vip_levels: vip_reach reaches levels by it.
    const levels = (await deps.db.query<LevelRow>('SELECT level, award, pay_min, game_min FROM vip_levels ORDER BY level')).rows
    const level = Number(p?.level ?? 0)
    const next = levels.find((l) => Number(l.level) === level + 1)
    return {
      level,
      paySum: centavosToReais(BigInt(p?.pay_sum ?? 0)),
      gameSum: centavosToReais(BigInt(p?.game_sum ?? 0)),
      next: next ? wireLevel(next) : null,
      seenLevel: Number(p?.seen_level ?? 0),
      levels: levels.map(wireLevel),
      awards: awards.rows.map((a) => ({ level: Number(a.level), award: centavosToReais(BigInt(a.award)), reachedAt: new Date(a.reached_at).getTime(), credited: a.credited_at !== null })),
    }
  })

  registerCall(app, deps, contract.myBonus, async ({ session }) => {
    const b = (await deps.db.query<{ bonus: bigint; required: bigint | null; wagered: bigint | null; turnover: bigint | null }>(
      `SELECT (SELECT balance FROM ledger_accounts WHERE user_id = $1 AND kind = 'bonus') AS bonus,
              (SELECT outstanding FROM cash_turnover WHERE user_id = $1) AS turnover,
              w.required, w.wagered FROM (SELECT 1) x LEFT JOIN bonus_wagering w ON w.user_id = $1`,
      [session.userId],
    )).rows[0]
    const bonus = BigInt(b?.bonus ?? 0)
    const [grants, offers] = await Promise.all([bonusGrants(deps, session.userId, bonus), promoOffers(deps, session.userId)])
    return {
      bonus: centavosToReais(bonus),
      required: centavosToReais(BigInt(b?.required ?? 0)),
      wagered: centavosToReais(BigInt(b?.wagered ?? 0)),
      turnover: centavosToReais(BigInt(b?.turnover ?? 0)),
      grants,
      offers,
    }
  })

  registerCall(app, deps, contract.vipSeen, async ({ session }) => {
    const r = await deps.db.query<{ seen_level: number }>('UPDATE vip_progress SET seen_level = level WHERE user_id = $1 RETURNING seen_level', [session.userId])
    return { seenLevel: Number(r.rows[0]?.seen_level ?? 0) }
  })
}
