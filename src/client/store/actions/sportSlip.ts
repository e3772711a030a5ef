/**
 * The bet slip's own state (kept in the browser) and the feed's reads the lists need: light enough
 * for home's sports strip, which adds selections without loading the sportsbook's pages. Placing
 * bets is in sport.ts.
 */
import { proxy } from 'valtio'
import type { z } from 'zod/mini'
import * as sport from '../../../shared/contract/sport'
import { load, save } from '../persist'
import { store, type SlipItem } from '../store'
import { api } from './session'

export type MatchDetail = z.output<typeof sport.sportMatch.reply>
export type SportMatch = MatchDetail['match']
export type Market = MatchDetail['markets'][number]
/** A list's row: the match with its main market's prices. */
export type ListMatch = z.output<typeof sport.sportMatches.reply>[number]
export type SportBetView = z.output<typeof sport.sportBets.reply>[number]

export const fetchSports = () => api<z.output<typeof sport.sportList.reply>>(sport.sportList, { loading: false }, true)
export const fetchMatches = (s: string | undefined, state: 'live' | 'upcoming' | 'finished') => api<ListMatch[]>(sport.sportMatches, { query: s ? { sport: s, state } : { state }, loading: false }, true)

/** The server's limits, as the last match read gave them (the slip shows the contract's defaults until then). */
export const slipLimits = proxy({ value: null as MatchDetail['limits'] | null })

export async function fetchMatch(matchId: string): Promise<MatchDetail> {
  const detail = await api<MatchDetail>(sport.sportMatch, { params: { matchId }, loading: false }, true)
  slipLimits.value = detail.limits
  return detail
}
export const fetchMyBets = (state?: 'open' | 'settled') => api<SportBetView[]>(sport.sportBets, { query: state ? { state } : {}, loading: false }, true)

const slip = () => store.sport

/** The slip as it was left (a reload keeps it). */
export function restoreSlip(): void {
  const saved = load('slip') as { slip?: SlipItem[]; stakes?: Record<string, string>; parlayStake?: string; acceptOdds?: 'any' | 'higher' | 'none' } | null
  if (!saved || slip().slip.length) return
  Object.assign(slip(), { slip: saved.slip ?? [], stakes: saved.stakes ?? {}, parlayStake: saved.parlayStake ?? '1.00', acceptOdds: saved.acceptOdds ?? 'higher' })
}

export function persistSlip(): void {
  const s = slip()
  save('slip', s.slip.length ? { slip: s.slip, stakes: s.stakes, parlayStake: s.parlayStake, acceptOdds: s.acceptOdds } : null)
}

const marketOf = (selectionId: string) => selectionId.replace(/-[a-z]+$/, '')

/** A tap on odds: in the slip, or out of it again. One selection per market (the newer replaces). */
export function toggleSelection(item: SlipItem): void {
  const s = slip()
  if (s.slip.some((x) => x.selectionId === item.selectionId)) s.slip = s.slip.filter((x) => x.selectionId !== item.selectionId)
  else s.slip = [...s.slip.filter((x) => marketOf(x.selectionId) !== marketOf(item.selectionId)), item]
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

/** A quick-stake chip on the singles tab: every single at this stake (wire text). */
export function setAllSingleStakes(text: string): void {
  slip().stakes = Object.fromEntries(slip().slip.map((x) => [x.selectionId, text]))
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

/**
 * What one match says now about the slip's selections on it: newer odds, whether each market is
 * still open, whether the match is in play (its bets wait the in-play delay). A selection its match
 * no longer offers is closed.
 */
export function refreshSlipOdds(matchId: string, markets: readonly Pick<Market, 'status' | 'selections'>[], live?: boolean): void {
  const seen = new Map(markets.flatMap((m) => m.selections.map((s) => [s.selectionId, { odds: s.odds, status: m.status }] as const)))
  let changed = false
  const next = slip().slip.map((x) => {
    if (x.matchId !== matchId) return x
    const seenNow = seen.get(x.selectionId)
    // A market not open keeps the odds the player chose (a closed market's price means nothing).
    const now = seenNow && seenNow.status === 'open' ? seenNow : { odds: x.odds, status: seenNow?.status ?? ('closed' as const) }
    const isLive = live ?? x.live
    if (now.odds === x.odds && now.status === (x.status ?? 'open') && isLive === x.live) return x
    changed = true
    return { ...x, odds: now.odds, status: now.status, ...(isLive === undefined ? {} : { live: isLive }) }
  })
  if (changed) {
    slip().slip = next
    persistSlip()
  }
}
