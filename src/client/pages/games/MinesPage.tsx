import { lazy, memo, Suspense, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { TFunction } from 'i18next'
import { useSnapshot } from 'valtio'
import { minesMultiplier, TILES } from '../../../shared/games/mines'
import { multiplierToNumber } from '../../../shared/games/payout'
import { audio, preloadSounds } from '../../engine/audio'
import { useSceneStart } from '../../engine/useAfterLoad'
import { wireToCentavos } from '../../../shared/money'
import { formatDecimal } from '../../format/decimal'
import { formatMoney } from '../../format/format'
import { minesLayout } from '../../scenes/mines/minesLayout'
import { cashOutMines, resumeMines, revealMine, startMines } from '../../store/actions/casino'
import { payoutPreview, stakeCentavos } from '../../store/stake'
import { store } from '../../store/store'
import { AutoBetPanel, ModeTabs } from './parts/AutoBet'
import { FairnessPanel } from './parts/FairnessPanel'
import { GameTitle } from './parts/GameTitle'
import { InfoPanel } from './parts/InfoPanel'
import { RecentStrip } from './parts/RecentStrip'
import { StakeField } from './parts/StakeField'

const MinesStage = lazy(() => import('../stages/MinesStage'))

function useSize(ref: React.RefObject<HTMLElement | null>): { width: number; height: number } {
  const [size, setSize] = useState({ width: 0, height: 0 })
  useLayoutEffect(() => {
    const el = ref.current
    if (!el) return
    const read = () => setSize((s) => (s.width === el.clientWidth && s.height === el.clientHeight ? s : { width: el.clientWidth, height: el.clientHeight }))
    read()
    const ro = new ResizeObserver(read)
    ro.observe(el)
    return () => ro.disconnect()
  }, [ref])
  return size
}

type TileState = 'mine' | 'gem' | 'hiddenMine' | 'hiddenGem' | 'hidden'

/** A tap on tile i: picks it for auto mode, or opens it in the open game. */
function tapTile(i: number, picking: boolean): void {
  const mines = store.casino.mines
  if (picking) {
    const list = mines.autoTiles
    const at = list.indexOf(i)
    if (at >= 0) list.splice(at, 1)
    else if (list.length < TILES - mines.mines) list.push(i)
    return
  }
  const game = mines.game
  if (mines.pending || game?.state !== 'active' || (game.revealed ?? []).includes(i)) return
  audio.play('click')
  void revealMine(i)
}

/** A tile's label (the texts are remembered per language and values: i18n.ts). */
function tileLabel(t: TFunction, i: number, state: TileState): string {
  return t('casino.mines.tile', { n: i + 1, row: Math.floor(i / 5) + 1, col: (i % 5) + 1, state: t(`casino.mines.state_${state}`) })
}

/** One tile's button (memo: a move re-renders the tiles whose state changed, not all 25; its label comes from the board, so a tile holds no hooks). The tile being opened pulses on the canvas: the board does not follow the move in flight, so it renders once a move, on the answer. */
const TileButton = memo(function TileButton(props: { i: number; x: number; y: number; size: number; label: string; disabled: boolean; picking: boolean; picked: boolean }) {
  const { i, picking, disabled } = props
  return (
    <button
      type="button"
      className={picking && props.picked ? 'mines-tile picked' : 'mines-tile'}
      style={{ left: props.x, top: props.y, width: props.size, height: props.size }}
      aria-disabled={disabled}
      aria-pressed={picking ? props.picked : undefined}
      aria-label={props.label}
      data-testid={`tile-${i}`}
      onClick={() => !disabled && tapTile(i, picking)}
    />
  )
})

/**
 * The 25 tiles as buttons laid exactly over the canvas's tiles (minesLayout is the one source of
 * their positions): taps, keyboard and screen readers go through them; the canvas only draws.
 */
function TileButtons(props: { mode: 'manual' | 'auto' }) {
  const { t } = useTranslation()
  const mines = useSnapshot(store.casino.mines)
  const running = useSnapshot(store.casino.auto).running
  const ref = useRef<HTMLDivElement>(null)
  const size = useSize(ref)
  const layout = size.width > 0 ? minesLayout(size) : null
  const game = mines.game
  const active = game?.state === 'active'
  // Each list read once into a set: a snapshot's arrays record every element read, and 25 tiles
  // asking includes() of three lists read them hundreds of times a move.
  const revealed = new Set(game?.revealed ?? [])
  const minesAt = new Set(game?.minePositions ?? [])
  const picking = props.mode === 'auto' && !active && running === null
  const picked = new Set(mines.autoTiles)
  const stateOf = (i: number): TileState =>
    revealed.has(i) ? (minesAt.has(i) ? 'mine' : 'gem') : game && game.state !== 'active' ? (minesAt.has(i) ? 'hiddenMine' : 'hiddenGem') : 'hidden'
  return (
    <div ref={ref} className="mines-buttons" role="group" aria-label={t('casino.mines.board')}>
      {layout &&
        layout.tiles.map((sq, i) => (
          <TileButton
            key={i}
            i={i}
            x={sq.x}
            y={sq.y}
            size={sq.size}
            label={tileLabel(t, i, stateOf(i))}
            // Not the move in flight: a tap then does nothing (tapTile), and the 25 tiles are not re-rendered twice a move.
            disabled={picking ? false : !active || revealed.has(i)}
            picking={picking}
            picked={picked.has(i)}
          />
        ))}
    </div>
  )
}

function Stage(props: { children: ReactNode }) {
  const loaded = useSceneStart()
  const plain = (
    <div className="game-stage mines-stage" data-testid="mines-stage">
      {props.children}
    </div>
  )
  return loaded ? (
    <Suspense fallback={plain}>
      <MinesStage>{props.children}</MinesStage>
    </Suspense>
  ) : (
    plain
  )
}

/** Opens a closed tile chosen at random (where the mines are is the server's, fixed at the start). */
function revealRandom(): void {
  const open = new Set(store.casino.mines.game?.revealed ?? [])
  const closed = Array.from({ length: TILES }, (_, i) => i).filter((i) => !open.has(i))
  const tile = closed[Math.floor(Math.random() * closed.length)]
  if (tile === undefined) return
  audio.play('click')
  void revealMine(tile)
}

/** The board: the canvas and its tile buttons (memo: the page's other changes never reach it). */
const MinesBoard = memo(function MinesBoard(props: { mode: 'manual' | 'auto' }) {
  return (
    <Stage>
      <TileButtons mode={props.mode} />
    </Stage>
  )
})

/** Starts a board with the chosen stake and mines. */
function startBoard(): void {
  audio.play('bet')
  void startMines()
}

/** The pay table follows the open game's mine count, or the next one's. */
function MinesInfo() {
  const { mines, game } = useSnapshot(store.casino.mines)
  return <InfoPanel game="mines" mines={game?.state === 'active' ? (game.mines ?? mines) : mines} />
}

/** Mines: choose how many mines, open tiles for a rising multiplier, cash out before a mine. */
export default function MinesPage() {
  const { t } = useTranslation()
  useEffect(() => preloadSounds(['bet', 'click', 'gem', 'bomb', 'win']), [])
  const [mode, setMode] = useState<'manual' | 'auto'>('manual')
  useEffect(() => {
    void resumeMines()
  }, [])
  return (
    <section className="game mines" aria-labelledby="mines-title">
      <GameTitle id="mines-title" title={t('games.mines')} />
      <MinesBoard mode={mode} />
      <MinesControls mode={mode} onMode={setMode} />
      <RecentStrip game="mines" />
      <MinesInfo />
      <FairnessPanel game="mines" />
    </section>
  )
}

/** The announce line and the controls: they follow every move of the open game. */
function MinesControls(props: { mode: 'manual' | 'auto'; onMode(mode: 'manual' | 'auto'): void }) {
  const { t } = useTranslation()
  const snap = { casino: { mines: useSnapshot(store.casino.mines) }, session: { lang: useSnapshot(store.session).lang } }
  const mines = snap.casino.mines
  const { mode, onMode: setMode } = props
  const lang = snap.session.lang
  const game = mines.game
  const active = game?.state === 'active'
  const gems = active ? (game.revealed?.length ?? 0) : 0
  const count = active ? (game.mines ?? mines.mines) : mines.mines
  const now4 = minesMultiplier(count, gems)
  const now = multiplierToNumber(now4)
  const next = gems < TILES - count ? multiplierToNumber(minesMultiplier(count, gems + 1)) : null
  const payoutNow = payoutPreview(active ? wireToCentavos(game.amount) : mines.stake, now4)
  const num = (value: number, digits: number) => formatDecimal(value, lang, digits)

  useEffect(() => {
    // Fewer safe tiles than picked: drop the extra picks.
    const list = store.casino.mines.autoTiles
    if (list.length > TILES - mines.mines) list.splice(TILES - mines.mines)
  }, [mines.mines])

  let announce = ''
  if (game && game.state !== 'active') {
    announce = game.state === 'won' ? t('casino.mines.wonAnnounce', { multiplier: num(game.multiplier, 4), payout: formatMoney(game.payout, lang) }) : t('casino.mines.lostAnnounce')
  } else if (active && gems > 0) {
    announce = t('casino.mines.gemAnnounce', { gems, count: gems, multiplier: num(now, 4) })
  }
  return (
    <>
      <p className="visually-hidden" aria-live="polite" data-testid="mines-announce">
        {announce}
      </p>
      <div className="game-controls">
        <dl className="game-figures">
          <div>
            <dt>{t('casino.mines.gems')}</dt>
            <dd>
              {gems}/{TILES - count}
            </dd>
          </div>
          <div>
            <dt>{t('casino.multiplier')}</dt>
            <dd data-testid="mines-multiplier">{num(now, 4)}×</dd>
          </div>
          <div>
            <dt>{t('casino.mines.next')}</dt>
            <dd>{next === null ? '—' : `${num(next, 4)}×`}</dd>
          </div>
        </dl>
        {/*
          Both groups stay mounted, laid over each other in one cell, and swap by visibility: a board's
          start and end then re-create no select, stake field or tabs (a 30 ms task each at a phone's
          speed), lay nothing out again, and the page below does not move.
        */}
        <div className="control-stack">
          <div className={active ? 'control-group' : 'control-group off'}>
            <button type="button" className="primary bet-button cashout" disabled={!active || mines.busy || gems === 0} aria-busy={mines.busy} onClick={() => void cashOutMines()} data-testid="cashout">
              {gems === 0 ? t('casino.mines.pickFirst') : t('casino.mines.cashOut', { payout: formatMoney(payoutNow, lang), multiplier: num(now, 4) })}
            </button>
            <button type="button" className="secondary" disabled={!active || mines.busy} onClick={revealRandom}>
              {t('casino.mines.random')}
            </button>
          </div>
          <MinesSetup active={active} mode={mode} onMode={setMode} onStart={startBoard} />
        </div>
      </div>
    </>
  )
}

/**
 * The next board's settings and its bet button: mounted all along (invisible while a board is open,
 * so a board's start and end re-create nothing). While a board is open it reads nothing that a move
 * changes, so the moves do not re-render its select, stake field and tabs.
 */
const MinesSetup = memo(function MinesSetup(props: { active: boolean; mode: 'manual' | 'auto'; onMode(mode: 'manual' | 'auto'): void; onStart(): void }) {
  const { t } = useTranslation()
  const snap = useSnapshot(store.casino.mines)
  const auto = useSnapshot(store.casino.auto)
  const { active, mode, onMode: setMode } = props
  // Hidden during a board: everything off, and busy, the run and the picks left unread.
  const running = !active && auto.running !== null
  const busy = !active && snap.busy
  const picked = active ? 0 : snap.autoTiles.length
  const ready = !active && stakeCentavos(snap.stake) !== null
  return (
    <div className={active ? 'control-group off' : 'control-group'}>
      <label className="field">
        <span>{t('casino.mines.count')}</span>
        <select value={snap.mines} disabled={active || running || busy} onChange={(e) => (store.casino.mines.mines = Number(e.target.value))}>
          {Array.from({ length: 24 }, (_, i) => i + 1).map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
      <StakeField game="mines" />
      <ModeTabs game="mines" mode={mode} onMode={setMode} />
      {mode === 'manual' ? (
        <button type="button" className="primary bet-button" disabled={active || busy || !ready} aria-busy={busy} onClick={props.onStart}>
          {t('casino.bet')}
        </button>
      ) : (
        <AutoBetPanel game="mines" ready={ready && picked > 0} hint={t('casino.mines.autoHint', { picked, count: picked })} />
      )}
    </div>
  )
})
