import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { playMoneyServer, type PlayMoneyServer } from './playMoneyServer'
import { loadSeed, lookupBet, placeDiceBet, resumeMines, revealMine, rotateSeed, runAuto, startMines } from '../../src/client/store/actions/casino'
import { store } from '../../src/client/store/store'
import { verifyBet } from '../../src/shared/games/verify'
import { centavosOf } from '../centavos'

/** The casino actions (bets, auto-bet, mines resume, fairness) against the real server and database. */
let server: PlayMoneyServer
let base = ''

const serverBalance = async () =>
  ((await (await fetch(`${base}/api/app/user/getBalance`, { headers: { authorization: store.session.token! } })).json()) as { data: { balance: number } }).data.balance

beforeAll(async () => {
  // A player with play money: register, then sign in to the test account.
  const s = await playMoneyServer('casino', { ROUNDS: 'off' })
  server = s
  base = s.base
  expect(s.registered).toBe(true)
  expect(s.loggedIn).toBe(true)
  expect(store.user?.balance).toBe(1000)
})
afterAll(() => server.close())

describe('auto-bet', () => {
  it('places the set number of bets and stops; the balance matches the server', async () => {
    store.casino.dice.stake = '0.10'
    Object.assign(store.casino.auto, { count: '3', stopProfit: '', stopLoss: '', onWin: 'reset', onLoss: 'reset' })
    await runAuto('dice')
    expect(store.casino.auto.played).toBe(3)
    expect(store.casino.auto.running).toBeNull()
    expect(store.casino.dice.history).toHaveLength(3)
    expect(store.user!.balance).toBe(await serverBalance())
    const net = store.casino.dice.history.reduce((sum, b) => sum + centavosOf(b.payout) - centavosOf(b.amount), 0n)
    expect(centavosOf(store.casino.auto.profit)).toBe(net)
  })

  it('raises the stake on a loss by the percentage, and stops on the loss limit', async () => {
    // Under 0.01 wins only on a roll of 0.00: in practice every bet loses.
    store.casino.dice.target = 0.01
    store.casino.dice.condition = 'under'
    store.casino.dice.stake = '0.10'
    Object.assign(store.casino.auto, { count: '0', stopLoss: '0.70', onLoss: 'increase', onLossPct: '100' })
    await runAuto('dice')
    const stakes = store.casino.dice.history.slice(0, store.casino.auto.played).map((b) => b.amount).reverse()
    expect(stakes.map(centavosOf)).toEqual([10n, 20n, 40n])
    expect(centavosOf(store.casino.auto.profit)).toBe(-70n)
    Object.assign(store.casino.auto, { count: '10', stopLoss: '', onLoss: 'reset', onLossPct: '0' })
    store.casino.dice.target = 50.5
  })

  it('mines auto opens the chosen tiles each round and ends every game', async () => {
    store.casino.mines.stake = '0.10'
    store.casino.mines.mines = 1
    store.casino.mines.autoTiles = [4, 9]
    store.casino.auto.count = '2'
    await runAuto('mines')
    expect(store.casino.auto.played).toBe(2)
    const [last] = store.casino.mines.history
    expect(last!.state).not.toBe('active')
    expect(last!.revealed!.every((t) => [4, 9].includes(t))).toBe(true)
    if (last!.state === 'won') expect(last!.revealed).toEqual([4, 9])
    expect(store.user!.balance).toBe(await serverBalance())
  })
})

describe('mines and fairness', () => {
  it('a reload resumes the open game; its bet verifies once the seed is rotated', async () => {
    store.casino.mines.mines = 3
    const started = await startMines()
    expect(started?.state).toBe('active')
    store.casino.mines.game = null
    await resumeMines()
    expect((store.casino.mines.game as { betId: string } | null)?.betId).toBe(started!.betId)
    // Rotation is refused while the game is open.
    await loadSeed()
    const before = store.casino.fair.current!
    expect(await rotateSeed('nova-seed')).toBe(false)
    const ended = await revealMine(24)
    expect(ended).not.toBeNull()
    if (ended!.state === 'active') await (await import('../../src/client/store/actions/casino')).cashOutMines()
    expect(await rotateSeed('nova-seed')).toBe(true)
    expect(store.casino.fair.previous?.serverSeedHash).toBe(before.serverSeedHash)
    const bet = await lookupBet(started!.betId)
    expect(bet.serverSeed).toBe(store.casino.fair.previous!.serverSeed)
    expect(verifyBet(bet, bet.serverSeed!)).toMatchObject({ hashOk: true, mismatches: [] })
    // A dice bet on the new pair starts at nonce 0 and moves the panel's nonce on.
    const d = await placeDiceBet()
    expect(d?.nonce).toBe(0)
    expect(store.casino.fair.current).toMatchObject({ clientSeed: 'nova-seed', nonce: 1 })
  })
})
