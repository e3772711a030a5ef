import { gsap } from 'gsap'
import type { Motion, TweenScope } from './types'

/** Tweens scoped to one scene (a gsap.context): unmount reverts them all at once. */
export function createTweens(motion: Motion): TweenScope & { revert(): void } {
  const context = gsap.context(() => {})
  return {
    to(target, vars, seconds, ease = 'power2.out') {
      if (motion === 'none') {
        gsap.set(target, vars)
        return
      }
      context.add(() => gsap.to(target, { ...vars, duration: motion === 'reduced' ? Math.min(seconds, 0.15) : seconds, ease }))
    },
    killAll: () => context.kill(),
    revert: () => context.revert(),
  }
}
