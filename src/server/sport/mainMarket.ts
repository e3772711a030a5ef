import { SUB_PERIOD } from '../../shared/codes'
import type { MarketType } from '../../shared/sport/settle'
import { SPORTS, type SportId } from './sports'

/**
 * A match's main market, the one its row in a list shows: the full game's 1X2 where the sport can
 * end level, else its winner; null where the feed offers neither (a real feed's sparse match).
 */
export function mainMarket<M extends { type: MarketType | string; period: number }>(sport: SportId, markets: readonly M[]): M | null {
  const type = SPORTS.find((s) => s.id === sport)?.draws ? '1x2' : 'winner'
  return markets.find((m) => m.type === type && m.period === SUB_PERIOD.FULL_GAME) ?? null
}
