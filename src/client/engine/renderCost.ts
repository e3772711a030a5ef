/** Small helpers that keep a scene's frame cheap (measured by scripts/bench-client.ts). */
import { Color, Container, type ContainerChild } from 'pixi.js'

/**
 * A money counter in a canvas Text re-rasterises and re-uploads its texture on each change: it
 * steps at this interval (20 a second, still smooth to the eye) rather than on every frame.
 */
const COUNTER_STEP_MS = 50

/** Elapsed ms rounded down to the counter's step. */
export const counterElapsed = (elapsed: number) => Math.floor(elapsed / COUNTER_STEP_MS) * COUNTER_STEP_MS

/**
 * Wraps a display object that changes often (a counting text, a redrawn trail) in its own render
 * group: Pixi rebuilds the draw list of the group whose content changed, so the rest of the scene
 * is not re-collected each frame.
 */
export function isolated(child: ContainerChild): Container {
  return new Container({ isRenderGroup: true, children: [child] })
}

const colors = new Map<string, number>()
/** A tuning colour ('#20c997') as a number, parsed once: Pixi parses a string tint on every assignment, and scenes tint every frame. */
export function colorOf(value: string): number {
  let n = colors.get(value)
  if (n === undefined) {
    n = new Color(value).toNumber()
    colors.set(value, n)
  }
  return n
}

/** Sets a tint only when it changes: Pixi's setter parses its value through Color on every write, and scenes tint every frame. */
export function setTint(target: Container, color: number): void {
  if (target.tint !== color) target.tint = color
}
