import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { playMoneyServer, type PlayMoneyServer } from './playMoneyServer'
import { closeRoundGame, loadRoundState, openRoundGame, placeRoundBet } from '../../src/client/store/actions/rounds'
import { store } from '../../src/client/store/store'
import { followsInChain } from '../../src/shared/games/rounds/chain'

/** The shared-round actions against the real server and database, its Double rounds shortened. */
let server: PlayMoneyServer

beforeAll(async () => {
  const s = await playMoneyServer('round', {
    ROUND_CHAIN_LENGTH: '300',
    ROUND_CHAIN_CHECKPOINT: '20',
    // A new chain's salt is fixed at once (no wait for players' seeds): the first round opens now.
    ROUND_SALT_WAIT_SECONDS: '0',
    ROUND_TIMINGS: 'double=3/0.3/0.3,rowDouble=60/1/1,luckyColor=60/1/1',
  })
  server = s
  expect(s.registered).toBe(true)
  expect(s.loggedIn).toBe(true)
}, 60_000)
afterAll(() => server.close())

/** Reloads the state until a round is open for bets with at least `ms` left (server time). */
async function bettingOpen(ms = 1_500): Promise<string> {
  const end = Date.now() + 20_000
  for (;;) {
    await loadRoundState('double')
    const live = store.rounds.double.live
    if (live && !live.locked && live.bettingEndsAt - (Date.now() + store.rounds.double.clockOffset) >= ms) return live.roundId
    if (Date.now() > end) throw new Error('no Double round open for bets')
    await new Promise((r) => setTimeout(r, 100))
  }
}

describe('shared-round actions', () => {
  it('opens the game on the live round, bets on it, and sees it settled', async () => {
    await openRoundGame('double')
    const roundId = await bettingOpen()
    const before = store.user!.balance
    expect(await placeRoundBet('double', 'red', '2.00')).toBe(true)
    expect(store.rounds.double.mine).toEqual([expect.objectContaining({ choice: 'red', amount: 2 })])
    expect(store.user!.balance).toBe(before - 2)
    // A stake that is not an amount is not sent.
    expect(await placeRoundBet('double', 'black', 'abc')).toBe(false)
    expect(store.rounds.double.mine).toHaveLength(1)
    // Once settled, the round is among the results, and it follows the one before it on the chain.
    const end = Date.now() + 20_000
    while (!store.rounds.double.recent.some((r) => r.roundId === roundId)) {
      if (Date.now() > end) throw new Error('the round never settled')
      await new Promise((r) => setTimeout(r, 200))
      await loadRoundState('double')
    }
    const recent = store.rounds.double.recent
    const i = recent.findIndex((r) => r.roundId === roundId)
    const settled = recent[i]!
    expect(settled.roll).not.toBeNull()
    if (recent[i + 1]) expect(followsInChain(settled.hash!, recent[i + 1]!.hash!)).toBe(true)
    closeRoundGame('double')
  })

  it('a refused bet (a choice Double has not) changes nothing in the store', async () => {
    await bettingOpen()
    const before = store.user!.balance
    const mine = store.rounds.double.mine.length
    expect(await placeRoundBet('double', 'violet', '1.00')).toBe(false)
    expect(store.rounds.double.mine).toHaveLength(mine)
    expect(store.user!.balance).toBe(before)
  })
})
