/** Easing curves the scenes share (k from 0 to 1). */

/** Fast start, gentle landing. */
export const easeOutCubic = (k: number) => 1 - (1 - k) ** 3

/** Overshoots a little, then settles (a pop). */
export const backOut = (k: number) => 1 + 2.70158 * (k - 1) ** 3 + 1.70158 * (k - 1) ** 2
