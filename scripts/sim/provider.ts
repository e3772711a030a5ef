/**
 * A provider's round, the simulator playing the demo provider itself: signed wallet calls (bet,
 * then win or rollback) with a provider's faults, each of which must move nothing: a repeated bet
 * or win, a lost win answer sent again, a win before its bet, a rollback after a win, a win above
 * the game's cap.
 */
import { MAX_MULTIPLIER } from '../../demo-provider/shared/slotMath'
import type { Player } from './model'
import type { OpContext, Players } from './players'

/** The demo game the simulator's provider rounds are played on. */
const SLOT = { code: 'PG', game: 'demo-fruits' }

export async function providerRound(pl: Players, ctx: OpContext, p: Player): Promise<void> {
  if (!p.providerToken) {
    const l = await pl.world.call('POST', '/api/app/game/launch', { body: { productCode: SLOT.code, game: SLOT.game }, token: p.token })
    if (l.status !== 200) return void pl.note('slot launch', l)
    p.providerToken = new URL(l.data.url, 'http://x').searchParams.get('token')
  }
  const amount = pl.stake(ctx, p)
  const id = `sim-${ctx.n}`
  const round = { token: p.providerToken, game: SLOT.game, roundId: id, currency: 'BRL' }
  const fault = ctx.rng.weighted({ none: 70, repeatBet: 5, repeatWin: 5, winBeforeBet: 4, rollback: 5, rollbackAfterWin: 4, rogueWin: 3, lostWinAnswer: 4 })
  if (fault !== 'none') pl.world.count(`provider ${fault}`)
  const bet = { requestId: `${id}-b`, ...round, transactionId: `${id}-bet`, amount: Number(amount) }
  const win = (amt: bigint, tx = `${id}-win`) => ({ requestId: `${tx}-r`, ...round, transactionId: tx, referenceTransactionId: `${id}-bet`, amount: Number(amt) })
  if (fault === 'winBeforeBet') {
    const early = await pl.world.wallet(SLOT.code, 'win', win(amount, `${id}-early`))
    pl.model.check('a win before its bet moves nothing', (JSON.parse(early.text) as { status: string }).status === 'TRANSACTION_NOT_FOUND', ctx.n, () => `early win answered ${early.text.slice(0, 200)}`)
  }
  const b = await pl.world.wallet(SLOT.code, 'bet', bet)
  const placed = JSON.parse(b.text) as { status: string; balance?: number }
  if (placed.status === 'INVALID_TOKEN' || placed.status === 'TOKEN_EXPIRED') {
    p.providerToken = null
    return
  }
  pl.afterPause(ctx, p, { ...b, status: placed.status === 'OK' ? 200 : 0 }, 'slot')
  if (placed.status !== 'OK') {
    if (placed.status === 'NOT_ENOUGH_MONEY') pl.insufficientRight(ctx, p, amount, 'slot')
    else if (!(placed.status === 'USER_DISABLED' && p.paused) && !(placed.status === 'BET_LIMIT' && (p.limited || p.bonus))) pl.note('slot bet', { ...b, status: 0, msg: placed.status })
    return
  }
  pl.taken(ctx, p, amount, 'slot')
  p.known -= amount
  pl.model.balanceSeen(p, BigInt(placed.balance!), ctx.n, 'slot bet')
  pl.model.move('stakes', amount)
  if (fault === 'repeatBet') {
    const again = JSON.parse((await pl.world.wallet(SLOT.code, 'bet', bet)).text) as { status: string; balance?: number }
    pl.model.check('a repeated provider call moves nothing', again.status === 'OK', ctx.n, () => `repeated bet: ${JSON.stringify(again)}`)
  }
  if (fault === 'rollback') {
    const rb = JSON.parse((await pl.world.wallet(SLOT.code, 'rollback', { requestId: `${id}-rb`, ...round, transactionId: `${id}-rb`, referenceTransactionId: `${id}-bet` })).text) as { status: string; balance?: number }
    if (rb.status !== 'OK') return void pl.note('slot rollback', { http: 200, status: 0, msg: rb.status, data: null, text: '' })
    p.known += amount
    pl.model.balanceSeen(p, BigInt(rb.balance!), ctx.n, 'slot rollback')
    pl.model.move('returns', amount)
    return pl.model.did('slot')
  }
  if (fault === 'rogueWin') {
    const rogue = JSON.parse((await pl.world.wallet(SLOT.code, 'win', win(amount * BigInt(MAX_MULTIPLIER + 1), `${id}-rogue`))).text) as { status: string }
    pl.model.check('a win above the cap is refused', rogue.status === 'BET_LIMIT', ctx.n, () => `rogue win: ${JSON.stringify(rogue)}`)
  }
  const w = ctx.rng.chance(0.5) ? 0n : amount * BigInt(ctx.rng.pick([1, 2, 2, 3, 5, 10]))
  const wr = await pl.world.wallet(SLOT.code, 'win', win(w))
  let won = JSON.parse(wr.text) as { status: string; balance?: number }
  if (fault === 'lostWinAnswer' || fault === 'repeatWin') {
    // The provider did not hear the answer: the same win again.
    const again = JSON.parse((await pl.world.wallet(SLOT.code, 'win', win(w))).text) as { status: string; balance?: number }
    pl.model.check('a repeated provider call moves nothing', again.status === won.status, ctx.n, () => `repeated win: ${JSON.stringify(won)} then ${JSON.stringify(again)}`)
    won = again
  }
  if (won.status !== 'OK') return void pl.note('slot win', { http: 200, status: 0, msg: won.status, data: null, text: '' })
  p.known += w
  pl.model.balanceSeen(p, BigInt(won.balance!), ctx.n, 'slot win')
  pl.model.move('returns', w)
  if (fault === 'rollbackAfterWin') {
    const late = JSON.parse((await pl.world.wallet(SLOT.code, 'rollback', { requestId: `${id}-rb`, ...round, transactionId: `${id}-rb`, referenceTransactionId: `${id}-bet` })).text) as { status: string }
    pl.model.check('a rollback after a win moves nothing', late.status === 'BET_ALREADY_SETTLED', ctx.n, () => `rollback after win: ${JSON.stringify(late)}`)
  }
  pl.model.did('slot')
}
