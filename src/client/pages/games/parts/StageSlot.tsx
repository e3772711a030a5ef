import { Suspense, type ReactNode } from 'react'
import { useAfterLoad } from '../../../engine/useAfterLoad'

/** The canvas's place: an empty stage until the page has loaded, then the lazy scene (DESIGN.md: Pixi after interactive). */
export function StageSlot(props: { children: ReactNode }) {
  const loaded = useAfterLoad()
  const empty = <div className="game-stage" aria-hidden="true" />
  return loaded ? <Suspense fallback={empty}>{props.children}</Suspense> : empty
}
