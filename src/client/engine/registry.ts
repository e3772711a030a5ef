import type { SceneDef } from './types'

/** Every scene, loaded on demand; the dev switcher lists them all. Each has its own state type. */
const SCENES: Record<string, () => Promise<SceneDef<unknown>>> = {
  lobby: () => import('../scenes/lobby/LobbyScene').then((m) => m.lobbySceneDef),
  dice: () => import('../scenes/dice/DiceScene').then((m) => m.diceSceneDef),
  limbo: () => import('../scenes/limbo/LimboScene').then((m) => m.limboSceneDef),
  mines: () => import('../scenes/mines/MinesScene').then((m) => m.minesSceneDef),
  double: () => import('../scenes/double/DoubleScene').then((m) => m.doubleSceneDef),
  rowDouble: () => import('../scenes/rowDouble/RowDoubleScene').then((m) => m.rowDoubleSceneDef),
  luckyColor: () => import('../scenes/luckyColor/LuckyColorScene').then((m) => m.luckyColorSceneDef),
}

export const SCENE_IDS = Object.keys(SCENES)
/** The scene the dev switcher opens on. */
export const FIRST_SCENE_ID = 'lobby'

export async function loadScene(id: string): Promise<SceneDef<unknown> | null> {
  const load = SCENES[id]
  return load ? load() : null
}
