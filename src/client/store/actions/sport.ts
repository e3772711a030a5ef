/**
 * The sportsbook's actions: the feed's lists and a match (read as the server has them now), the
 * bet slip (kept in the browser), placing singles and a parlay with an Idempotency-Key each, and
 * this player's bets. The server decides every price and result.
 */
import { proxy } from 'valtio'
import type { z } from 'zod/mini'
import * as sport from '../../../shared/contract/sport'
import { centavosToReais, centavosToText } from '../../../shared/money'
import { http } from '../api'
import { applyBalance } from '../balance'
import { CallFailed, handleFailure, handleNetworkError } from '../errors'
import { load, save } from '../persist'
import { stakeCentavos } from '../stake'
import { store, type SlipItem } from '../store'
import { newIdempotencyKey } from './cashier'
import { api } from './session'
import { openOverlay } from './ui'

export type MatchDetail = z.output<typeof sport.sportMatch.reply>
export type SportMatch = MatchDetail['match']
/** A list's row: the match with its main market's prices. */
export type ListMatch = z.output<typeof sport.sportMatches.reply>[number]
export type SportBetView = z.output<typeof sport.sportBets.reply>[number]

export const fetchSports = () => api<z.output<typeof sport.sportList.reply>>(sport.sportList, { loading: false }, true)
export const fetchMatches = (s: string, state: 'live' | 'upcoming' | 'finished') => api<ListMatch[]>(sport.sportMatches, { query: { sport: s, state }, loading: false }, true)
export async function fetchMatch(matchId: string): Promise<MatchDetail> {
  const detail = await api<MatchDetail>(sport.sportMatch, { params: { matchId }, loading: false }, true)
  slipLimits.value = detail.limits
  return detail
}
export const fetchMyBets = (state?: 'open' | 'settled') => api<SportBetView[]>(sport.sportBets, { query: state ? { state } : {}, loading: false }, true)

const slip = () => store.sport

/** The server's limits, as the last match read gave them (the slip shows the contract's defaults until then); kept in the sports chunk. */
export const slipLimits = proxy({ value: null as MatchDetail['limits'] | null })

/** The slip as it was left (a reload keeps it). */
export function restoreSlip(): void {
  const saved = load('slip') as { slip?: SlipItem[]; stakes?: Record<string, string>; parlayStake?: string; acceptOdds?: 'any' | 'higher' | 'none' } | null
  if (!saved || slip().slip.length) return
  Object.assign(slip(), { slip: saved.slip ?? [], stakes: saved.stakes ?? {}, parlayStake: saved.parlayStake ?? '1.00', acceptOdds: saved.acceptOdds ?? 'higher' })
}

function persistSlip(): void {
  const s = slip()
  save('slip', s.slip.length ? { slip: s.slip, stakes: s.stakes, parlayStake: s.parlayStake, acceptOdds: s.acceptOdds } : null)
}

/** A tap on odds: in the slip, or out of it again. One selection per market (the newer replaces). */
export function toggleSelection(item: SlipItem): void {
  const s = slip()
  const market = item.selectionId.replace(/-[a-z]+$/, '')
  if (s.slip.some((x) => x.selectionId === item.selectionId)) s.slip = s.slip.filter((x) => x.selectionId !== item.selectionId)
  else s.slip = [...s.slip.filter((x) => x.selectionId.replace(/-[a-z]+$/, '') !== market), item]
  persistSlip()
}

export function removeSelection(selectionId: string): void {
  slip().slip = slip().slip.filter((x) => x.selectionId !== selectionId)
  persistSlip()
}

export function setSlipStake(selectionId: string | 'parlay', text: string): void {
  if (selectionId === 'parlay') slip().parlayStake = text
  else slip().stakes = { ...slip().stakes, [selectionId]: text }
  persistSlip()
}

export function setAcceptOdds(value: 'any' | 'higher' | 'none'): void {
  slip().acceptOdds = value
  persistSlip()
}

export function clearSlip(): void {
  Object.assign(slip(), { slip: [], stakes: {} })
  persistSlip()
}

type MarketView = MatchDetail['markets'][number]

/**
 * What one match's markets say now about the slip's selections on it: newer odds, and whether each
 * market is still open. A selection its match no longer offers is closed.
 */
export function refreshSlipOdds(matchId: string, markets: readonly Pick<MarketView, 'status' | 'selections'>[]): void {
  const seen = new Map(markets.flatMap((m) => m.selections.map((s) => [s.selectionId, { odds: s.odds, status: m.status }] as const)))
  let changed = false
  const next = slip().slip.map((x) => {
    if (x.matchId !== matchId) return x
    const seenNow = seen.get(x.selectionId)
    // A market not open keeps the odds the player chose (a closed market's price means nothing).
    const now = seenNow && seenNow.status === 'open' ? seenNow : { odds: x.odds, status: seenNow?.status ?? ('closed' as const) }
    if (now.odds === x.odds && now.status === (x.status ?? 'open')) return x
    changed = true
    return { ...x, odds: now.odds, status: now.status }
  })
  if (changed) {
    slip().slip = next
    persistSlip()
  }
}

/** Reads again every match in the slip (when it opens): odds, and markets that closed or suspended meanwhile. */
export async function refreshSlip(): Promise<void> {
  const matches = [...new Set(slip().slip.map((x) => x.matchId))]
  await Promise.all(
    matches.map(async (matchId) => {
      const reply = await http.request<MatchDetail>(sport.sportMatch, { params: { matchId }, loading: false }).catch(() => null)
      if (reply?.status === 200) {
        slipLimits.value = reply.data.limits
        refreshSlipOdds(matchId, reply.data.markets)
      }
      else if (reply?.status === 404) refreshSlipOdds(matchId, [])
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

/** The server's reply with the stake placed (reais). */
type Placed = z.output<typeof sport.sportBet.reply> & { stake: number }

/** One bet through the contract, retried with the same key if the connection drops; null when refused (the alert says why). */
async function placeOne(type: 'single' | 'parlay', stakeText: string, items: SlipItem[]): Promise<Placed | null> {
  const stake = stakeCentavos(stakeText)
  if (stake === null) return null
  const headers = { 'Idempotency-Key': newIdempotencyKey() }
  const body = { type, amount: centavosToText(stake), selections: items.map((x) => ({ selectionId: x.selectionId, odds: x.odds })), acceptOdds: slip().acceptOdds }
  try {
    for (let attempt = 0; ; attempt++) {
      let reply
      try {
        reply = await http.request<Placed>(sport.sportBet, { body, headers, loading: false })
      } catch (err) {
        if (attempt < 2) continue
        throw handleNetworkError(err)
      }
      if (reply.status !== 200) {
        markRefused(items, reply.status)
        throw handleFailure(reply)
      }
      applyBalance(reply.data)
      return { ...reply.data, stake: centavosToReais(stake) }
    }
  } catch (err) {
    if (err instanceof CallFailed) return null
    throw err
  }
}

/** Places every single in the slip whose market is open; the ones placed leave it. */
export async function placeSingles(): Promise<Placed[]> {
  if (!store.session.token) {
    openOverlay('auth', 'login')
    return []
  }
  const s = slip()
  s.pending = true
  const done: Placed[] = []
  try {
    for (const item of s.slip.filter(isOpen)) {
      const placed = await placeOne('single', s.stakes[item.selectionId] ?? '1.00', [item])
      if (!placed) break
      done.push(placed)
      removeSelection(item.selectionId)
    }
  } finally {
    s.pending = false
  }
  return done
}

/** Places the slip's selections as one parlay; the slip empties when it is placed. */
export async function placeParlay(): Promise<Placed | null> {
  if (!store.session.token) {
    openOverlay('auth', 'login')
    return null
  }
  const s = slip()
  if (!s.slip.every(isOpen)) return null
  s.pending = true
  try {
    const placed = await placeOne('parlay', s.parlayStake, [...s.slip])
    if (placed) clearSlip()
    return placed
  } finally {
    s.pending = false
  }
}
