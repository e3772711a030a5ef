/**
 * Provider games (issue 15), one lazy chunk: /gameGroupList (a provider's games as tiles),
 * /gameMess (launches the picked game) and /play (the game in a full-screen frame under the app's
 * header; the frame's balance messages make the header read the balance again, and the socket's
 * notices are passed on to the frame).
 */
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearch } from 'wouter'
import { navigate } from 'wouter/use-browser-location'
import { subscribe, useSnapshot } from 'valtio'
import type { GameEntry } from '../../../shared/contract'
import { gameGroup, launchGame, stopGame } from '../../../shared/contract/game'
import { api, fetchUserInfo, refreshBalance } from '../../store/actions/session'
import { loadInPlay } from '../../store/actions/games'
import { store } from '../../store/store'
import { GameTile } from '../games/GameTile'
import { useLoaded } from '../useLoaded'

/** A provider code as the server accepts it (anything else lists nothing). */
const CODE = /^[A-Z0-9]{2,16}$/

const providerName = (t: (k: string, o?: Record<string, unknown>) => string, code: string) => t(`sideMenu.providers.${code}`, { defaultValue: code })

/** /gameGroupList?productCode=PG: the provider's games, open to guests (picking one asks them to log in). */
function GameGroupList() {
  const { t } = useTranslation()
  const code = new URLSearchParams(useSearch()).get('productCode') ?? ''
  const valid = CODE.test(code)
  const [list] = useLoaded(() => api<{ records: GameEntry[] }>(gameGroup, { query: { productCode: code }, loading: false }), [code], { enabled: valid })
  const title = providerName(t, code)
  return (
    <section className="page provider-games" aria-labelledby="provider-title" aria-busy={valid && !list}>
      <h1 id="provider-title">{valid ? title : t('pages.gameGroupList')}</h1>
      {!valid || (list && list.records.length === 0) ? (
        <p>{t('providers.empty')}</p>
      ) : !list ? (
        <p>{t('pages.loading')}</p>
      ) : (
        <ul className="tiles provider-tiles">
          {list.records.map((game) => (
            <li key={game.gameType}>
              <GameTile game={game} />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

interface Launched {
  url: string
  gameCode: string
  productCode: string
}

/** What /gameMess launched, for /play (the address holds the provider's session token: kept in memory only). */
let launched: Launched | null = null

function launchQuery(search: string) {
  const q = new URLSearchParams(search)
  const game = q.get('game') ?? ''
  const productCode = q.get('productCode') ?? ''
  return { game, productCode, name: q.get('name') ?? game, valid: CODE.test(productCode) && game.length > 0 && game.length <= 64 }
}

async function launch(productCode: string, game: string): Promise<Launched> {
  const reply = await api<Launched>(launchGame, { body: { productCode, game } })
  launched = reply
  store.games.inPlay = { gameCode: reply.gameCode, productCode: reply.productCode }
  return reply
}

/** /gameMess?game=&productCode=&name=: opens the game (a provider session, the game in play), then /play. */
function GameMess() {
  const { t } = useTranslation()
  const entry = launchQuery(useSearch())
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    if (!entry.valid) return
    let live = true
    launch(entry.productCode, entry.game)
      .then(() => {
        if (live) navigate(`/play?${new URLSearchParams({ game: entry.game, productCode: entry.productCode, name: entry.name })}`, { replace: true })
      })
      .catch(() => live && setFailed(true))
    return () => {
      live = false
    }
  }, [entry.valid, entry.productCode, entry.game, entry.name])
  return (
    <section className="page" aria-live="polite" aria-busy={entry.valid && !failed}>
      <h1>{entry.valid ? entry.name : t('pages.gameMess')}</h1>
      {entry.valid && !failed ? (
        <p>{t('providers.launching', { game: entry.name })}</p>
      ) : (
        <>
          <p>{t('providers.failed')}</p>
          <BackToGames productCode={entry.productCode} />
        </>
      )}
    </section>
  )
}

function BackToGames(props: { productCode: string }) {
  const { t } = useTranslation()
  const to = CODE.test(props.productCode) ? `/gameGroupList?productCode=${props.productCode}` : '/home'
  return (
    <button type="button" className="primary" onClick={() => navigate(to)}>
      {t('providers.back')}
    </button>
  )
}

/**
 * A game served from the app's own host (the built-in demo provider's) runs sandboxed with scripts
 * only: an opaque origin, so its scripts can never read the player's token or cookies. A game of
 * another origin is kept from them by its origin already.
 */
const SANDBOXED = 'allow-scripts'
const sameHost = (url: string) => new URL(url, location.href).origin === location.origin

/**
 * The frame's balance message: `{ type: 'provider:balance', balance: centavos }`, from the game's
 * own window only, and its origin: the launch address's, or 'null' for a sandboxed game.
 */
function balanceFrom(event: MessageEvent, frame: HTMLIFrameElement | null, url: string): number | null {
  if (!frame || event.source !== frame.contentWindow) return null
  if (event.origin !== (sameHost(url) ? 'null' : new URL(url, location.href).origin)) return null
  const data = event.data as { type?: unknown; balance?: unknown } | null
  if (!data || data.type !== 'provider:balance' || typeof data.balance !== 'number' || !Number.isSafeInteger(data.balance) || data.balance < 0) return null
  return data.balance
}

/** Where a message to the frame may go: the launch address's origin, or any for a sandboxed game (its origin is 'null'). */
const frameTarget = (url: string) => (sameHost(url) ? '*' : new URL(url, location.href).origin)

/** After a frame's balance message, the reads of the balance until the server's shows a newer version (the frame tells of a stake before it is taken). */
const READ_AFTER_MS = [0, 500, 1_000, 2_000, 4_000]

/**
 * The frame's balance messages make the header read the balance from the server (actions/session's
 * refreshBalance, through applyBalance with its version): the frame's own figure is never written.
 * The game shows a stake gone before its server has taken it, so a read that finds no newer
 * version than the one shown at the message is tried again a little later, a few times.
 */
function balanceFollower(): { changed(): void; stop(): void } {
  let timer: ReturnType<typeof setTimeout> | undefined
  let tries = 0
  let since = -1
  // A newer message starts the reads over: a read of an older message's round that comes back after it stops there.
  let round = 0
  const version = () => store.user?.balanceVersion ?? -1
  const read = async (mine: number) => {
    await refreshBalance()
    if (mine !== round || version() > since || ++tries >= READ_AFTER_MS.length) return
    timer = setTimeout(() => void read(mine), READ_AFTER_MS[tries])
  }
  return {
    changed() {
      clearTimeout(timer)
      since = version()
      tries = 0
      const mine = ++round
      timer = setTimeout(() => void read(mine), READ_AFTER_MS[0])
    },
    stop: () => clearTimeout(timer),
  }
}

/** Ends the game on the server and reads what it left: the balance, nothing in play. */
async function closeGame(): Promise<void> {
  launched = null
  await api(stopGame, { loading: false }, true).catch(() => undefined)
  await Promise.all([fetchUserInfo(), loadInPlay()])
}

/** /play?game=&productCode=&name=: the launched game full-screen under the header, a close button over its corner. */
function Play() {
  const { t } = useTranslation()
  const entry = launchQuery(useSearch())
  const token = useSnapshot(store.session).token
  const [game, setGame] = useState<Launched | null>(() => (launched && launched.gameCode === entry.game && launched.productCode === entry.productCode ? launched : null))
  const [failed, setFailed] = useState(false)
  const frame = useRef<HTMLIFrameElement>(null)
  const closed = useRef(false)

  // Opened straight (a reload, a shared link): launch again; a new session replaces the old one.
  useEffect(() => {
    if (game || !entry.valid || !token) return
    let live = true
    launch(entry.productCode, entry.game)
      .then((g) => live && setGame(g))
      .catch(() => live && setFailed(true))
    return () => {
      live = false
    }
  }, [game, entry.valid, entry.productCode, entry.game, token])

  // Leaving the game screen sends offGame (the route guard); the session also ends over REST, in
  // case the socket is down. Checked a moment later, so a remount stays.
  useEffect(() => {
    if (!game) return
    store.games.liveGame = { code: game.gameCode, path: '/play' }
    return () => {
      setTimeout(() => {
        if (!closed.current && !location.pathname.startsWith('/play')) void closeGame()
      }, 0)
    }
  }, [game])

  useEffect(() => {
    if (!game) return
    const balance = balanceFollower()
    const onMessage = (event: MessageEvent) => {
      if (balanceFrom(event, frame.current, game.url) !== null && store.user) balance.changed()
    }
    window.addEventListener('message', onMessage)
    // A notice the socket brings (the banner) is passed on to the game's window (spec): { type: 'notice', id, text }.
    let shown = store.ui.notice
    const stopNotices = subscribe(store.ui, () => {
      const notice = store.ui.notice
      if (notice === shown) return
      shown = notice
      if (notice) frame.current?.contentWindow?.postMessage({ type: 'notice', id: notice.id, text: notice.text }, frameTarget(game.url))
    })
    return () => {
      window.removeEventListener('message', onMessage)
      balance.stop()
      stopNotices()
    }
  }, [game])

  const close = async () => {
    closed.current = true
    await closeGame()
    navigate(CODE.test(entry.productCode) ? `/gameGroupList?productCode=${entry.productCode}` : '/home')
  }

  if (!entry.valid || failed || !token) {
    return (
      <section className="page">
        <h1>{t('pages.play')}</h1>
        <p>{t('providers.failed')}</p>
        <BackToGames productCode={entry.productCode} />
      </section>
    )
  }
  return (
    <section className="play-screen" aria-label={entry.name}>
      {game ? <iframe ref={frame} className="play-frame" src={game.url} sandbox={sameHost(game.url) ? SANDBOXED : undefined} title={t('providers.frameTitle', { game: entry.name, provider: providerName(t, entry.productCode) })} allow="autoplay; fullscreen" /> : <p className="play-loading">{t('providers.launching', { game: entry.name })}</p>}
      <button type="button" className="play-close" onClick={() => void close()} aria-label={t('providers.close')}>
        ✕
      </button>
    </section>
  )
}

export default function ProviderPage(props: { page: 'list' | 'mess' | 'play' }) {
  if (props.page === 'list') return <GameGroupList />
  if (props.page === 'mess') return <GameMess />
  return <Play />
}
