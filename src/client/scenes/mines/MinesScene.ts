import { Container, Graphics, GraphicsContext, Sprite, Texture } from 'pixi.js'
import { easeOutCubic, backOut } from '../../engine/easing'
import type { Scene, SceneContext, SceneDef, TuningSpec, Viewport } from '../../engine/types'
import { SparkPool } from '../../engine/sparks'
import { pick } from '../../engine/random'
import { bakeTiles, buildArt, type Face, type MinesArt, type TileTextures } from './minesArt'
import { MinesCard } from './MinesCard'
import { minesFixtures } from './MinesScene.fixtures'
import { GRID, minesLayout, TILE_COUNT, type MinesLayout } from './minesLayout'
import { withSavedValues } from '../../engine/tuning'
import saved from './mines.tuning.json'
import type { MinesState } from './types'


const minesTuning: TuningSpec = {
  flipMs: { value: 250, min: 80, max: 800, step: 10 },
  pickStaggerMs: { value: 90, min: 0, max: 300, step: 10 },
  rippleMs: { value: 45, min: 0, max: 200, step: 5 },
  lossPauseMs: { value: 380, min: 0, max: 1200, step: 20 },
  shakePx: { value: 5, min: 0, max: 14, step: 1 },
  shakeMs: { value: 300, min: 100, max: 800, step: 20 },
  counterMs: { value: 900, min: 100, max: 3000, step: 50 },
  sparkles: { value: 12, min: 0, max: 24, step: 1 },
  embers: { value: 22, min: 0, max: 40, step: 1 },
  dimAlpha: { value: 0.45, min: 0.1, max: 1, step: 0.05 },
  boardColor: { value: '#0b111e' },
  tileColor: { value: '#29345a' },
  tileLight: { value: '#3a4a7c' },
  tileSideColor: { value: '#19213a' },
  openColor: { value: '#101829' },
  gemColor: { value: '#1fd6a0' },
  gemLight: { value: '#9ff9dc' },
  gemDark: { value: '#0a8062' },
  bombColor: { value: '#262a36' },
  bombGlow: { value: '#ff4d4f' },
  hitColor: { value: '#4a1222' },
  pendingColor: { value: '#ffc94d' },
  accent: { value: '#20c997' },
  emberA: { value: '#ff5d3b' },
  emberB: { value: '#ffb02e' },
}

const PRESS_MS = 80
const POOL = 48

interface Look {
  face: Face
  icon: 'gem' | 'bomb' | null
  dim: boolean
}
const HIDDEN: Look = { face: 'hidden', icon: null, dim: false }
const GEM: Look = { face: 'gem', icon: 'gem', dim: false }
const HIT: Look = { face: 'hit', icon: 'bomb', dim: false }
const GEM_DIM: Look = { face: 'open', icon: 'gem', dim: true }
const BOMB_DIM: Look = { face: 'open', icon: 'bomb', dim: true }

interface Flip {
  at: number
  from: number
  swapped: boolean
  sound: boolean
}
interface TileView {
  root: Container
  /** Sprites of the baked tile art (bakeTiles): the 25 tiles draw in one batch. */
  face: Sprite
  icon: Sprite
  ring: Graphics
  shown: Look
  flip: Flip | null
  /** Clock ms the tile became pending; -1 when it is not. */
  pendingAt: number
}
const ended = (s: Readonly<MinesState>) => s.state === 'won' || s.state === 'lost'
const easeIn = (k: number) => k * k

/** Each tile's final look for a state: what the player opened, and once the game ended, the rest dimmed. */
function minesLooks(s: Readonly<MinesState>): Look[] {
  const revealed = new Set(s.revealed)
  const mines = s.minePositions ? new Set(s.minePositions) : null
  const last = s.revealed[s.revealed.length - 1]
  return Array.from({ length: TILE_COUNT }, (_, i) => {
    if (revealed.has(i)) return (mines ? mines.has(i) : s.state === 'lost' && i === last) ? HIT : GEM
    if (ended(s) && mines) return mines.has(i) ? BOMB_DIM : GEM_DIM
    return HIDDEN
  })
}


/**
 * The 5x5 mines board. Tiles are drawn from shared geometry built once per resize, so a state
 * change only swaps contexts; frames move scales, particles and the card. Taps go to DOM buttons
 * placed from the same minesLayout, never to the canvas.
 */
class MinesScene implements Scene<MinesState> {
  readonly id = 'mines'
  readonly bundles = [] as const
  private ctx!: SceneContext
  private layout: MinesLayout | null = null
  private art: MinesArt | null = null
  private tileArt: TileTextures | null = null
  private state: Readonly<MinesState> | null = null
  private targets: Look[] = Array.from({ length: TILE_COUNT }, () => HIDDEN)
  private readonly blank = new GraphicsContext()
  private readonly board = new Container({ label: 'board' })
  private readonly plate = new Graphics(this.blank)
  private sparks!: SparkPool
  private readonly tiles: TileView[] = []
  private card!: MinesCard
  private cardAt = -1
  private cardSound = false
  private shakeAt = -1
  private shockAt = -1
  private readonly shock = new Graphics(this.blank)
  private fadeAt = -1
  private sparking = false
  /**
   * Nothing moves (every flip, spark, shake and the card done): tick does nothing and says so, and
   * the host draws no frame (the canvas keeps the last one). A state or a size wakes it. This
   * replaced caching the board as a texture, which re-rendered it at each animation's end.
   */
  private resting = false
  /** The cash-out card is still popping or counting. */
  private cardMoving = false

  mount(ctx: SceneContext): void {
    this.ctx = ctx
    this.board.eventMode = 'none'
    this.board.addChild(this.plate)
    for (let i = 0; i < TILE_COUNT; i++) {
      const root = new Container({ label: `tile-${i}` })
      const face = new Sprite({ texture: Texture.EMPTY, anchor: 0.5 })
      const icon = new Sprite({ texture: Texture.EMPTY, anchor: 0.5 })
      const ring = new Graphics(this.blank)
      ring.visible = false
      root.addChild(ring, face, icon)
      this.board.addChild(root)
      this.tiles.push({ root, face, icon, ring, shown: HIDDEN, flip: null, pendingAt: -1 })
    }
    this.sparks = new SparkPool(POOL, () => this.blank)
    this.shock.visible = false
    this.board.addChild(this.sparks.container, this.shock)
    this.card = new MinesCard(this.blank, String(ctx.tuning.accent))
    ctx.root.addChild(this.board, this.card.container)
  }

  update(state: Readonly<MinesState>, prev?: Readonly<MinesState>): void {
    this.resting = false
    this.state = state
    this.targets = minesLooks(state)
    const now = this.ctx.clock.now()
    if (this.ctx.motion === 'none') {
      this.settleAll(now)
      return
    }
    const fresh = !prev || prev.gameId !== state.gameId
    if (fresh) {
      for (const tile of this.tiles) tile.flip = null
      this.sparks.reset()
      this.cardAt = -1
      this.shakeAt = this.shockAt = -1
      // A board that showed something fades back in blank; a blank board just stays.
      if (prev && (prev.revealed.length > 0 || ended(prev))) {
        this.fadeAt = now
        for (const tile of this.tiles) this.applyLook(tile, HIDDEN)
      }
    }
    // Only tiles new since prev animate; with no prev (a page opened on a game) the board deals itself in, silently.
    const before = new Set(fresh ? [] : prev.revealed)
    const picks = state.revealed.filter((i) => !before.has(i))
    const stagger = this.reduced ? 0 : Math.min(Number(this.ctx.tuning.pickStaggerMs), prev ? Infinity : 40)
    picks.forEach((i, n) => this.schedule(i, now + n * stagger, !!prev))
    const picksDone = picks.length ? now + (picks.length - 1) * stagger + this.flipMs : now
    const justEnded = ended(state) && (fresh || !ended(prev))
    if (justEnded) {
      const lost = state.state === 'lost'
      const restAt = picks.length ? picksDone + (lost && !this.reduced ? Number(this.ctx.tuning.lossPauseMs) : 40) : now
      if (state.minePositions) {
        // A ripple out from the last pick (the bomb, on a loss), so the eye follows it to the mines.
        const origin = state.revealed[state.revealed.length - 1] ?? 12
        const ripple = this.reduced ? 0 : Number(this.ctx.tuning.rippleMs)
        const revealed = new Set(state.revealed)
        for (let i = 0; i < TILE_COUNT; i++) {
          if (revealed.has(i)) continue
          const d = Math.hypot((i % GRID) - (origin % GRID), Math.floor(i / GRID) - Math.floor(origin / GRID))
          this.schedule(i, restAt + d * ripple, false)
        }
      }
      if (state.state === 'won') {
        this.cardAt = restAt + (this.reduced ? 0 : 120)
        this.cardSound = !!prev
      }
    }
    if (state.state !== 'won') this.cardAt = -1
    this.tiles.forEach((tile, i) => {
      const target = this.targetOf(i)
      if (!tile.flip && tile.shown !== target) this.applyLook(tile, target)
      const pending = state.pendingTile === i && target === HIDDEN && !tile.flip
      if (pending && tile.pendingAt < 0) tile.pendingAt = now
      if (!pending) tile.pendingAt = -1
    })
    this.card.setTexts(state, this.ctx.t, TILE_COUNT)
    this.tick()
  }

  resize(view: Viewport): void {
    this.resting = false
    const layout = minesLayout(view)
    this.layout = layout
    const old = this.art
    const oldTiles = this.tileArt
    this.art = buildArt(layout, this.ctx.tuning)
    this.tileArt = bakeTiles(this.ctx.renderer, this.art, layout.tileSize)
    const { board, tiles } = layout
    this.plate.context = this.art.plate
    const art = this.art
    this.tiles.forEach((tile, i) => {
      const box = tiles[i]
      if (box) tile.root.position.set(box.x + box.size / 2, box.y + box.size / 2)
      tile.ring.context = art.ring
      this.applyLook(tile, tile.shown)
    })
    this.sparks.reset(this.art.sparks[0])
    this.shock.context = this.art.shock
    this.board.pivot.set(board.x + board.size / 2, board.y + board.size / 2)
    this.board.position.set(board.x + board.size / 2, board.y + board.size / 2)
    this.card.layout(layout.card, this.art.card)
    // Every display object now draws from the new art, so the old one can go.
    old?.destroy()
    oldTiles?.destroy()
    if (this.state && this.ctx.motion === 'none') this.settleAll(this.ctx.clock.now())
    else this.tick()
  }

  tick(): boolean {
    if (!this.state || this.resting) return false
    const now = this.ctx.clock.now()
    this.tiles.forEach((tile, i) => this.poseTile(tile, i, now))
    this.sparking = this.sparks.pose(now, 380 * (this.layout ? this.layout.tileSize / 64 : 1), 0.6)
    this.poseBoard(now)
    this.poseCard(now)
    // This frame draws the final pose; the next ones draw nothing until something changes.
    // (A card still to come, cardAt in the future, keeps it awake.)
    this.resting = this.settled() && !this.cardMoving && !(this.cardAt >= 0 && now < this.cardAt)
    return true
  }

  unmount(): void {
    this.board.destroy({ children: true })
    this.card.destroy()
    this.art?.destroy()
    this.art = null
    this.tileArt?.destroy()
    this.tileArt = null
    this.blank.destroy()
    this.tiles.length = 0
  }

  private settled(): boolean {
    if (this.sparking || this.shakeAt >= 0 || this.shockAt >= 0 || this.fadeAt >= 0) return false
    const pulsing = this.ctx.motion === 'full'
    return this.tiles.every((t) => !t.flip && !(pulsing && t.pendingAt >= 0))
  }

  private get reduced(): boolean {
    return this.ctx.motion === 'reduced'
  }

  private get flipMs(): number {
    return this.reduced ? 120 : Number(this.ctx.tuning.flipMs)
  }

  /** Tile i's final look for the current state (every tile has one; hidden is the board's rest). */
  private targetOf(i: number): Look {
    return this.targets[i] ?? HIDDEN
  }

  private schedule(i: number, at: number, sound: boolean): void {
    const tile = this.tiles[i]
    if (!tile) return
    const from = tile.pendingAt >= 0 ? tile.root.scale.y : 1
    tile.flip = { at, from, swapped: false, sound }
    tile.pendingAt = -1
  }

  /** Snapshot mode: the final frame at once, nothing left to move. */
  private settleAll(now: number): void {
    const state = this.state
    if (!state) return
    this.tiles.forEach((tile, i) => {
      const target = this.targetOf(i)
      tile.flip = null
      this.applyLook(tile, target)
      tile.pendingAt = state.pendingTile === i && target === HIDDEN ? now - PRESS_MS : -1
      this.poseTile(tile, i, now)
    })
    this.sparks.reset()
    this.shakeAt = this.shockAt = -1
    this.fadeAt = -1
    this.poseBoard(now)
    this.cardAt = state.state === 'won' ? now - 100_000 : -1
    this.cardSound = false
    this.card.setTexts(state, this.ctx.t, TILE_COUNT)
    this.poseCard(now)
  }

  private applyLook(tile: TileView, look: Look): void {
    tile.shown = look
    tile.root.alpha = look.dim ? Number(this.ctx.tuning.dimAlpha) : 1
    const art = this.tileArt
    if (!art) return
    tile.face.texture = art.faces[look.face]
    tile.icon.texture = look.icon ? art.icons[look.icon] : Texture.EMPTY
  }

  private poseTile(tile: TileView, i: number, now: number): void {
    const flip = tile.flip
    let sx = 1
    let sy = 1
    if (flip && now >= flip.at) {
      const k = Math.min(1, (now - flip.at) / this.flipMs)
      if (k >= 0.5 && !flip.swapped) this.swap(tile, i, flip)
      if (k >= 1) {
        tile.flip = null
      } else if (k < 0.5) {
        sx = flip.from * (1 - easeIn(k * 2))
        sy = flip.from + (1 - flip.from) * k
      } else {
        sx = backOut((k - 0.5) * 2)
        sy = flip.from + (1 - flip.from) * k
      }
      if (tile.flip) sy += 0.06 * Math.sin(Math.PI * k)
    } else if (!flip && tile.pendingAt >= 0) {
      const k = this.ctx.motion === 'full' ? Math.min(1, (now - tile.pendingAt) / PRESS_MS) : 1
      sx = sy = 1 - 0.08 * easeOutCubic(k)
    }
    tile.root.scale.set(Math.max(0.001, sx), sy)
    const pending = !flip && tile.pendingAt >= 0
    tile.ring.visible = pending
    if (pending) tile.ring.alpha = this.ctx.motion === 'full' ? 0.65 + 0.3 * Math.sin(((now - tile.pendingAt) / 1000) * Math.PI * 4) : 0.85
  }

  /** Halfway through a flip: the new face shows, with its sound and particles. */
  private swap(tile: TileView, i: number, flip: Flip): void {
    flip.swapped = true
    const look = this.targetOf(i)
    this.applyLook(tile, look)
    if (look === HIDDEN) return
    const bomb = look === HIT
    if (!look.dim) {
      if (flip.sound) this.ctx.audio.play(bomb ? 'bomb' : 'gem')
      if (this.ctx.motion === 'full') this.burst(tile.root.x, tile.root.y, bomb)
    }
    if (bomb && this.ctx.motion === 'full') {
      this.shakeAt = this.shockAt = this.ctx.clock.now()
      this.shock.position.copyFrom(tile.root.position)
    }
  }

  private burst(x: number, y: number, bomb: boolean): void {
    if (!this.art || !this.layout) return
    const { tuning, random, clock } = this.ctx
    const count = Math.min(POOL, Number(bomb ? tuning.embers : tuning.sparkles))
    const unit = this.layout.tileSize / 64
    const colors = bomb ? ([tuning.emberA, tuning.emberB, tuning.bombGlow] as const) : ([tuning.gemLight, tuning.gemColor, '#ffffff'] as const)
    const now = clock.now()
    const context = this.art.sparks[bomb ? 1 : 0]
    for (let n = 0; n < count; n++) {
      const angle = random() * Math.PI * 2
      const speed = (bomb ? 90 + random() * 200 : 60 + random() * 150) * unit
      const life = bomb ? 450 + random() * 400 : 380 + random() * 320
      const vx = Math.cos(angle) * speed
      const vy = Math.sin(angle) * speed - (bomb ? 40 : 70) * unit
      const spin = (random() - 0.5) * 8
      const size = (bomb ? 0.6 + random() * 0.8 : 0.5 + random() * 0.7) * unit
      const tint = String(pick(random, colors))
      this.sparks.emit(now, { x, y, vx, vy, life, spin, size, tint, context })
    }
  }

  private poseBoard(now: number): void {
    const center = this.board.pivot
    let dx = 0
    let dy = 0
    if (this.shakeAt >= 0) {
      const k = (now - this.shakeAt) / Number(this.ctx.tuning.shakeMs)
      if (k >= 1) this.shakeAt = -1
      else {
        const amp = Number(this.ctx.tuning.shakePx) * (1 - k)
        dx = amp * Math.sin(k * Math.PI * 10)
        dy = amp * 0.6 * Math.sin(k * Math.PI * 14 + 1)
      }
    }
    this.board.position.set(center.x + dx, center.y + dy)
    const wave = this.shockAt >= 0 ? (now - this.shockAt) / 380 : 1
    if (wave >= 1) this.shockAt = -1
    this.shock.visible = wave < 1
    if (wave < 1) {
      this.shock.scale.set(0.5 + 1.7 * easeOutCubic(wave))
      this.shock.alpha = 0.75 * (1 - wave) ** 1.5
    }
    let alpha = 1
    if (this.fadeAt >= 0) {
      const k = (now - this.fadeAt) / (this.reduced ? 120 : 220)
      if (k >= 1) this.fadeAt = -1
      else alpha = 0.25 + 0.75 * easeOutCubic(Math.max(0, k))
    }
    this.board.alpha = alpha
  }

  private poseCard(now: number): void {
    const state = this.state
    if (!state || this.cardAt < 0 || now < this.cardAt) {
      this.card.hide()
      this.cardMoving = false
      return
    }
    if (this.cardSound) {
      this.cardSound = false
      this.ctx.audio.play('win')
    }
    this.cardMoving = this.card.pose(now, this.cardAt, state, this.reduced, Number(this.ctx.tuning.counterMs))
  }
}

export const minesSceneDef: SceneDef<MinesState> = {
  id: 'mines',
  create: () => new MinesScene(),
  fixtures: minesFixtures,
  tuning: withSavedValues(minesTuning, saved),
}
