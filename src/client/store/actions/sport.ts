/**
 * The sportsbook's actions: the slip's state and the feed's reads (sportSlip.ts, light enough for
 * home's strip), reading the slip's matches again, placing singles and a parlay with an
 * Idempotency-Key each, and this player's bets. The server decides every price and result.
 */
import { proxy } from 'valtio'
import type { z } from 'zod/mini'
import * as sport from '../../../shared/contract/sport'
import { centavosToReais, centavosToText } from '../../../shared/money'
import { http } from '../api'
import { applyBalance } from '../balance'
import { CallFailed } from '../errors'
import { moneyCall } from '../moneyCall'
import { stakeCentavos } from '../stake'
import { store, type SlipItem } from '../store'
import { openOverlay } from './ui'
import { clearSlip, persistSlip, refreshSlipOdds, removeSelection, slipLimits, type MatchDetail } from './sportSlip'

export * from './sportSlip'

const slip = () => store.sport

/** Reads again every match in the slip (when it opens): odds, markets that closed or suspended meanwhile, matches that started. */
export async function refreshSlip(): Promise<void> {
  const matches = [...new Set(slip().slip.map((x) => x.matchId))]
  await Promise.all(
    matches.map(async (matchId) => {
      const reply = await http.request<MatchDetail>(sport.sportMatch, { params: { matchId }, loading: false }).catch(() => null)
      if (reply?.status === 200) {
        slipLimits.value = reply.data.limits
        refreshSlipOdds(matchId, reply.data.markets, reply.data.match.matchTime > 0)
      } else if (reply?.status === 404) refreshSlipOdds(matchId, [])
    }),
  )
}

/** A refusal that says a single's market is not open marks it so in the slip. */
function markRefused(items: SlipItem[], code: number): void {
  const status = code === 4201 ? 'closed' : code === 4202 ? 'suspended' : null
  if (!status || items.length !== 1) return
  const id = (items[0] as SlipItem).selectionId
  slip().slip = slip().slip.map((x) => (x.selectionId === id ? { ...x, status } : x))
  persistSlip()
}

const isOpen = (x: SlipItem) => (x.status ?? 'open') === 'open'

/** A bet the server took: its reply (the odds and potential win it recorded) with the stake and the selections it was placed on. */
export type Placed = z.output<typeof sport.sportBet.reply> & { type: 'single' | 'parlay'; stake: number; items: SlipItem[] }

/** One bet through the money helper (one Idempotency-Key, a lost answer sent again with it); null when refused (the alert says why). */
async function placeOne(type: 'single' | 'parlay', stakeText: string, items: SlipItem[]): Promise<Placed | null> {
  const stake = stakeCentavos(stakeText)
  if (stake === null) return null
  const body = { type, amount: centavosToText(stake), selections: items.map((x) => ({ selectionId: x.selectionId, odds: x.odds })), acceptOdds: slip().acceptOdds }
  try {
    const reply = await moneyCall<z.output<typeof sport.sportBet.reply>>(sport.sportBet, { body, loading: false })
    applyBalance(reply)
    return { ...reply, type, stake: centavosToReais(stake), items }
  } catch (err) {
    if (!(err instanceof CallFailed)) throw err
    markRefused(items, err.status)
    return null
  }
}

/** Whether the bet being placed now waits the in-play delay (the slip's waiting state says so while `store.sport.pending`). */
export const pendingInfo = proxy({ live: false })

function startPending(items: readonly SlipItem[]): void {
  pendingInfo.live = items.some((x) => x.live === true)
  slip().pending = true
}

/** Places every single in the slip whose market is open; the ones placed leave it. */
export async function placeSingles(): Promise<Placed[]> {
  if (!store.session.token) {
    openOverlay('auth', 'login')
    return []
  }
  const s = slip()
  const items = s.slip.filter(isOpen)
  startPending(items)
  try {
    // Together: in play each waits the delay, and three singles should not take three delays.
    const placed = await Promise.all(items.map((item) => placeOne('single', s.stakes[item.selectionId] ?? '1.00', [item])))
    const done = placed.filter((p): p is Placed => p !== null)
    for (const p of done) for (const i of p.items) removeSelection(i.selectionId)
    return done
  } finally {
    s.pending = false
  }
}

/** Places the slip's selections as one parlay; the slip empties when it is placed. */
export async function placeParlay(): Promise<Placed | null> {
  if (!store.session.token) {
    openOverlay('auth', 'login')
    return null
  }
  const s = slip()
  if (!s.slip.every(isOpen)) return null
  startPending(s.slip)
  try {
    const placed = await placeOne('parlay', s.parlayStake, [...s.slip])
    if (placed) clearSlip()
    return placed
  } finally {
    s.pending = false
  }
}
