/**
 * VIP awards in the simulation: the server credits a level's award without a call of the player's
 * (after a deposit, or by its job), so the model bounds them (Model.vipMost) and counts the ones the
 * server says it credited.
 */
import { centavosOf } from '../../tests/centavos'
import type { Player } from './model'
import type { OpContext, Players } from './players'

/** Reads the VIP table once: the model bounds what awards a player may have had by it. */
export async function loadVipLevels(pl: Players, p: Player): Promise<void> {
  const r = await pl.world.call('GET', '/api/app/vip/info', { token: p.token })
  if (r.status !== 200) throw new Error(`vip info: ${r.text}`)
  pl.model.vipLevels = (r.data.levels as { level: number; award: number; payMin: number; gameMin: number }[]).map((l) => ({ level: l.level, award: centavosOf(l.award), payMin: centavosOf(l.payMin), gameMin: centavosOf(l.gameMin) }))
}

/** Counts the VIP awards the server says it credited (in level order; a paused player's wait, uncredited). */
export async function vipAwards(pl: Players, ctx: OpContext, p: Player): Promise<void> {
  if (pl.model.vipMost(p) === 0n) return
  const r = await pl.world.call('GET', '/api/app/vip/info', { token: p.token })
  if (r.status !== 200) return void pl.note('vip info', r)
  for (const a of (r.data.awards as { level: number; award: number; credited: boolean }[]).sort((x, y) => x.level - y.level)) {
    if (a.level <= p.vipCounted) continue
    if (!a.credited) break
    const award = centavosOf(a.award)
    const known = pl.model.vipLevels.find((l) => l.level === a.level)
    pl.model.check('a VIP award is its level\'s, for a level the player may reach', known !== undefined && known.award === award && pl.model.vipMost(p) >= award, ctx.n, () => `player ${p.index}: VIP level ${a.level} award ${award}`)
    p.known += award
    p.vipCounted = a.level
    p.bonus = true
    pl.model.move('VIP awards', award)
    pl.model.trail(p, `  VIP level ${a.level}: award ${award}`)
  }
}
