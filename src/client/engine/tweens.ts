import { gsap } from 'gsap'
import type { Motion, TweenScope } from './types'

/** Tweens scoped to one scene (a gsap.context): unmount reverts them all at once. */
export function createTweens(motion: Motion): TweenScope & { revert(): void; active(): boolean } {
  const context = gsap.context(() => {})
  /** The tweens that may still be running: the host draws frames while any is. */
  let running: gsap.core.Tween[] = []
  return {
    to(target, vars, seconds, ease = 'power2.out') {
      if (motion === 'none') {
        gsap.set(target, vars)
        return
      }
      context.add(() => {
        running.push(gsap.to(target, { ...vars, duration: motion === 'reduced' ? Math.min(seconds, 0.15) : seconds, ease }))
      })
    },
    active() {
      if (running.length) running = running.filter((t) => t.parent !== null && t.parent !== undefined && t.progress() < 1)
      return running.length > 0
    },
    killAll: () => {
      context.kill()
      running = []
    },
    revert: () => {
      context.revert()
      running = []
    },
  }
}
