import { describe, expect, it } from 'vitest'
import { SNAPSHOT_TIME } from '../engine/determinism'
import { diceFixtures } from '../scenes/dice/DiceScene.fixtures'
import { doubleFixtures } from '../scenes/double/DoubleScene.fixtures'
import { lobbyFixtures } from '../scenes/lobby/LobbyScene.fixtures'
import { luckyColorFixtures } from '../scenes/luckyColor/LuckyColorScene.fixtures'
import { minesFixtures } from '../scenes/mines/MinesScene.fixtures'
import { phaseAt } from '../scenes/rounds/roundPhase'
import type { RoundSceneState } from '../scenes/rounds/types'
import { replayOf } from './replay'

const NOW = 1_900_000_000_000

describe('the switcher replays a fixture in motion', () => {
  it("replays a round's draw from its start, each pass a new round", () => {
    const replay = replayOf(doubleFixtures.spinning)
    const first = replay.state(0, NOW) as RoundSceneState
    // The countdown's last second, then the whole draw (6 s), then the result (4 s).
    expect(replay.periodMs).toBe(1000 + 6000 + 4000)
    expect(phaseAt(first, NOW)).toBe('betting')
    expect(phaseAt(first, NOW + 1000)).toBe('drawing')
    expect(phaseAt(first, NOW + 7000)).toBe('result')
    expect(first.roll).toBe(11)
    const second = replay.state(1, NOW + replay.periodMs!) as RoundSceneState
    expect(second.roundId).not.toBe(first.roundId)
    expect(phaseAt(second, NOW + replay.periodMs! + 1000)).toBe('drawing')
  })

  it("counts a betting round down from the fixture's moment to the close, as the fixture shows it", () => {
    const fixture = luckyColorFixtures.betting!
    const replay = replayOf(fixture)
    const first = replay.state(0, NOW) as RoundSceneState
    expect(first.bettingEndsAt - NOW).toBe(fixture.bettingEndsAt - SNAPSHOT_TIME)
    expect(replay.periodMs).toBe(fixture.bettingEndsAt - SNAPSHOT_TIME)
    expect(phaseAt(first, NOW + replay.periodMs! - 1)).toBe('betting')
    // Lucky Color's period ids count on.
    expect((replay.state(2, NOW) as RoundSceneState).roundId).toBe(String(BigInt(fixture.roundId!) + 2n))
  })

  it('rolls dice again and plays a mines game again under a new id; a blank board stays', () => {
    const dice = replayOf(diceFixtures.win)
    expect(dice.state(0, NOW)).toBe(diceFixtures.win)
    expect(dice.state(1, NOW)).toEqual({ ...diceFixtures.win, rollId: 'f-win~1' })
    expect(replayOf(minesFixtures.loss).state(3, NOW)).toMatchObject({ gameId: 'f-loss~3', state: 'lost' })
    expect(replayOf(minesFixtures.idle).periodMs).toBeNull()
  })

  it("grows the lobby's jackpot from now, once", () => {
    const replay = replayOf(lobbyFixtures.default)
    expect(replay.periodMs).toBeNull()
    expect(replay.state(0, NOW)).toMatchObject({ jackpot: { since: NOW } })
  })
})
