import type { SceneDef } from './types'

/** Every scene, loaded on demand; the dev switcher lists them all. */
const SCENES: Record<string, () => Promise<SceneDef<any>>> = {
  lobby: () => import('../scenes/lobby/LobbyScene').then((m) => m.lobbySceneDef),
  dice: () => import('../scenes/dice/DiceScene').then((m) => m.diceSceneDef),
  limbo: () => import('../scenes/limbo/LimboScene').then((m) => m.limboSceneDef),
  mines: () => import('../scenes/mines/MinesScene').then((m) => m.minesSceneDef),
}

export const SCENE_IDS = Object.keys(SCENES)

export async function loadScene(id: string): Promise<SceneDef<any> | null> {
  const load = SCENES[id]
  return load ? load() : null
}
