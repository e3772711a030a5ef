import { lazy, Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { Link } from 'wouter'
import { SELF_GAME_TYPES } from '../../shared/codes'
import type { GameEntry } from '../../shared/contract'
import { audio } from '../engine/audio'
import { SNAPSHOT_MODE } from '../engine/determinism'
import { useDecorStart } from '../engine/useAfterLoad'
import { withFullLocale } from '../i18n/i18n'
import { LobbyPoster } from './home/LobbyPoster'
import type { RoundGameId } from '../../shared/games/rounds/types'
import { pickGame } from '../store/shellActions'
import { store } from '../store/store'

// The lobby scene (and Pixi with it) is its own chunk, fetched once the page is loaded and touched or idle (useDecorStart).
const LobbyStage = lazy(withFullLocale(() => import('./stages/LobbyStage')))
// The shared-round tiles' live state (time to bet, last results): with the decor, after the page is interactive.
const TileLive = lazy(withFullLocale(() => import('./home/TileLive')))
const ROUND_TILES = new Set<string>(['double', 'rowDouble', 'luckyColor'])
// The provider games and the sports strip: below the fold, with the decor.
const ProviderStrip = lazy(withFullLocale(() => import('./home/ProviderStrip')))
const SportsStrip = lazy(withFullLocale(() => import('./sport/SportsStrip')))
// Home's own pop-ups (the active award): after the page is interactive, never over a game.
const HomePopups = lazy(withFullLocale(() => import('./home/HomePopups')))

/** Our games as the lobby shows them before the server's list arrives (all listed, stop unknown = open). */
const DEFAULT_TILES: GameEntry[] = SELF_GAME_TYPES.map((gameType) => ({ value: gameType, productCode: 'SELF', gameType, stop: 0 }))

/** The home lobby: DOM game tiles that work without the canvas; the Pixi layer decorates behind them. */
export function Home(props: { hidden: boolean }) {
  const { t } = useTranslation()
  const snap = useSnapshot(store.games)
  const decor = useDecorStart()
  // The lobby starts the first time /home shows (a game page opened directly keeps home hidden:
  // no second Pixi application behind it), then stays for the way back.
  const [loaded, setLoaded] = useState(false)
  if (decor && !props.hidden && !loaded) setLoaded(true)
  const tiles = snap.self.length ? snap.self : DEFAULT_TILES
  return (
    <section className="home" hidden={props.hidden} aria-labelledby="home-title">
      <h1 id="home-title" className="visually-hidden">
        {t('home.title')}
      </h1>
      {/* The poster paints with the page and stays under the scene's canvas, which covers it once drawn. */}
      <div className="lobby-frame">
        <LobbyPoster />
        {loaded && (
          <Suspense fallback={null}>
            <LobbyStage active={!props.hidden} />
          </Suspense>
        )}
      </div>
      {loaded && !props.hidden && !SNAPSHOT_MODE && (
        <Suspense fallback={null}>
          <HomePopups />
        </Suspense>
      )}
      <Link href="/sports" className="sports-entry" data-testid="sports-entry">
        {t('home.sports')}
      </Link>
      <div className="section-head">
        <h2>{t('home.originals')}</h2>
        <Link href="/gg" className="see-all">
          {t('home.allGames')}
        </Link>
      </div>
      <ul className="tiles">
        {tiles.map((g) => {
          const name = t(`games.${g.gameType}`, { defaultValue: g.value })
          return (
            <li key={g.value}>
              <button type="button" className={`tile tile-${g.gameType}`} onClick={() => {
                  audio.play('click')
                  void pickGame(g)
                }}>
                {/* Named by its content ('Jogar X'); the live state drawn on it is decoration (its page says it). */}
                <span className="visually-hidden">{g.stop ? t('home.soon', { game: name }) : t('home.play', { game: name })}</span>
                <span className="tile-name" aria-hidden="true">
                  {name}
                </span>
                {loaded && !SNAPSHOT_MODE && ROUND_TILES.has(g.gameType) && (
                  <Suspense fallback={null}>
                    <TileLive game={g.gameType as RoundGameId} />
                  </Suspense>
                )}
              </button>
            </li>
          )
        })}
      </ul>
      {loaded && !SNAPSHOT_MODE && (
        <Suspense fallback={null}>
          <ProviderStrip />
          <SportsStrip />
        </Suspense>
      )}
    </section>
  )
}
