/**
 * What a page gives a stage, in a module of its own (types only): the stages that draw on the
 * page's thread (PixiStage), in a worker (WorkerStage) and the one that picks (SceneStage) all read
 * it, and none of them imports another for it.
 */
import type { RefObject } from 'react'
import type { HostOptions, SceneHost } from './SceneHost'
import type { SceneDef, StageHandle } from './types'

export interface StageProps<S, H extends StageHandle<S> = SceneHost<S>> extends Omit<HostOptions<S>, 'def' | 'audio'> {
  def: SceneDef<S>
  /** The element the canvas fills and follows in size. */
  container: RefObject<HTMLElement | null>
  /** Called with the host once the scene is mounted (the dev switcher feeds fixtures through it). */
  onHost?(host: H | null): void
}

/** What a page gives its scene: the scene's id in the registry instead of its definition (the page need not load Pixi). */
export type SceneStageProps<S> = Omit<StageProps<S, StageHandle<S>>, 'def'> & { sceneId: string }
