import { Container, Graphics, type GraphicsContext } from 'pixi.js'

/** One particle's flight: where from, how fast, how long, and how it looks. */
export interface Spark {
  x: number
  y: number
  vx: number
  vy: number
  /** ms */
  life: number
  /** radians per second */
  spin: number
  size: number
  tint: string | number
  /** The shape; by default the one the particle was made with. */
  context?: GraphicsContext
}

interface Live extends Spark {
  g: Graphics
  at: number
}

/**
 * A fixed pool of particle Graphics, reused round-robin: a burst never allocates, and a frame
 * moves only the live ones (ballistic flight under gravity, shrinking and fading out).
 */
export class SparkPool {
  // Its own render group: particles appearing and going rebuild only this group's draw list, not the scene's.
  readonly container = new Container({ label: 'sparks', isRenderGroup: true })
  private readonly items: Live[] = []
  private next = 0

  constructor(size: number, shapeOf: (i: number) => GraphicsContext) {
    for (let i = 0; i < size; i++) {
      const g = new Graphics(shapeOf(i))
      g.visible = false
      this.container.addChild(g)
      this.items.push({ g, at: 0, x: 0, y: 0, vx: 0, vy: 0, life: 1, spin: 0, size: 1, tint: 0xffffff })
    }
  }

  get size(): number {
    return this.items.length
  }

  emit(at: number, spark: Spark): void {
    const p = this.items[this.next]
    if (!p) return
    this.next = (this.next + 1) % this.items.length
    Object.assign(p, spark, { at })
    if (spark.context) p.g.context = spark.context
    p.g.tint = spark.tint
    p.g.visible = true
  }

  /** Moves the live particles; `shrink` is how much of its size one loses by the end. True while any lives. */
  pose(now: number, gravity: number, shrink: number): boolean {
    let alive = false
    for (const p of this.items) {
      if (!p.g.visible) continue
      const k = (now - p.at) / p.life
      if (k >= 1 || k < 0) {
        p.g.visible = false
        continue
      }
      alive = true
      const t = (now - p.at) / 1000
      p.g.position.set(p.x + p.vx * t, p.y + p.vy * t + 0.5 * gravity * t * t)
      p.g.rotation = p.spin * t
      p.g.scale.set(p.size * (1 - shrink * k))
      p.g.alpha = 1 - k * k
    }
    return alive
  }

  /** Hides every particle, and gives each a new shape (the art is rebuilt on resize). */
  reset(shape?: GraphicsContext): void {
    for (const p of this.items) {
      p.g.visible = false
      if (shape) p.g.context = shape
    }
  }

  destroy(): void {
    this.container.destroy({ children: true })
    this.items.length = 0
  }
}
