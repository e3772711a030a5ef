import { lazy, Suspense, useEffect, useRef, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { Redirect, Route, Switch, useLocation, useParams } from 'wouter'
import { navigate } from 'wouter/use-browser-location'
import { TEST_BUILD } from '../engine/determinism'
import { useAfterLoad, usePainted } from '../engine/useAfterLoad'
import { rootFontSize } from '../format/format'
import { ensureFullLocale, loadLanguage, withFullLocale } from '../i18n/i18n'
import { Modal } from '../overlays/Modal'
import { Home } from '../pages/Home'
import { TitledPage } from '../pages/TitledPage'
import { storeInvitation } from '../store/actions/invitation'
import { openOverlay } from '../store/actions/ui'
import { checkUserGift, fetchUserInfo, loadAppInfo, loadInPlay, loadMainGames, refreshBalance, sendOffGame, startRealtime } from '../store/shellActions'
import { store } from '../store/store'
import { AccountMenu } from './AccountMenu'
import { AlertHost } from './AlertHost'
import { DemoRibbon } from './DemoRibbon'
import { demoExpected } from '../store/modeHint'
import { timeZone } from '../store/api'
import { Header } from './Header'
import { OverlayHost } from './OverlayHost'
import { ROUTES } from './routes'
import { SideMenu } from './SideMenu'
import { TabBar } from './TabBar'
import { Footer, LoadingIndicator, NoticeBanner } from './StatusBits'
import { SupportButton, SupportPanel } from './SupportPanel'

// The reality check and the BR profile's risk warning: a chunk of its own (it reads the contract's
// calls), loaded once the page has loaded, as the other after-load work.
const PlayWatch = lazy(withFullLocale(() => import('./PlayWatch').then((m) => ({ default: m.PlayWatch }))))
// The service worker's registration and the new version's offer ('Atualizar'): after the load event, outside the first load.
const UpdatePrompt = lazy(() => import('./UpdatePrompt'))

// The bonus boost's pop-up: its offer comes by the socket, which starts after the load event too.
const BoostPopup = lazy(withFullLocale(() => import('./BoostPopup').then((m) => ({ default: m.BoostPopup }))))

// Only dev and test builds carry the scene switcher; production builds drop this chunk.
const SceneSwitcher = TEST_BUILD ? lazy(withFullLocale(() => import('../dev/SceneSwitcher'))) : null

/** Opening a login-required route without a token: the dialog, then home and the login overlay. */
function Guard(props: { children: ReactNode }) {
  const { t } = useTranslation()
  const { token } = useSnapshot(store.session)
  if (token) return <>{props.children}</>
  const ok = () => {
    navigate('/home', { replace: true })
    openOverlay('auth', 'login')
  }
  return (
    <Modal title={t('guard.title')} role="alertdialog">
      <button type="button" className="primary" onClick={ok} autoFocus>
        {t('guard.ok')}
      </button>
    </Modal>
  )
}

function Invitation() {
  const { yqm = '' } = useParams<{ yqm: string }>()
  useEffect(() => {
    storeInvitation(yqm)
    navigate('/home', { replace: true })
    if (!store.session.token) openOverlay('auth', 'register')
  }, [yqm])
  return <TitledPage titleKey="pages.invitation" bodyKey="pages.invitationBody" />
}

function Loading() {
  useEffect(() => navigate('/home', { replace: true }), [])
  return <TitledPage titleKey="pages.loading" bodyKey="app.loading" />
}

/**
 * Start-up work. Before the first paint only what the page's look needs; the server's data, the
 * socket and the rest of the locale table (with the contract's schemas and zod, chunks of their
 * own) once the page has loaded and shown its first frame, so none of it competes with the first
 * paint or holds back the lobby's tiles (the largest paint of /home).
 */
function useBoot(): boolean {
  const painted = usePainted()
  const loaded = useAfterLoad() && painted
  useEffect(() => {
    if (store.session.lang !== 'pt_BR') void loadLanguage(store.session.lang)
    const fit = () => {
      document.documentElement.style.fontSize = `${rootFontSize(window.innerWidth, navigator.userAgent)}px`
    }
    fit()
    window.addEventListener('resize', fit)
    return () => window.removeEventListener('resize', fit)
  }, [])
  useEffect(() => {
    // The time zone (and with it the device id), read in a worker once the page painted.
    if (painted) void timeZone()
  }, [painted])
  useEffect(() => {
    if (!loaded) return
    void ensureFullLocale()
    const stopRealtime = startRealtime()
    let giftTimer: ReturnType<typeof setTimeout> | undefined
    if (store.session.token) {
      void (async () => {
        await fetchUserInfo()
        await refreshBalance()
        await loadMainGames()
        await loadInPlay()
      })()
      giftTimer = setTimeout(() => void checkUserGift(), 1000)
    }
    // Queued after the user info (the http client sends one request at a time): the ribbon waits (its place is kept), the user's data do not.
    void loadAppInfo()
    return () => {
      stopRealtime()
      clearTimeout(giftTimer)
    }
  }, [loaded])
  return loaded
}

/** Leaving a screen that had a live game code sends offGame with that code. */
function useOffGame(location: string) {
  const previous = useRef(location)
  useEffect(() => {
    // Only when leaving the screen that set it: the screen being entered may just have set its own.
    const live = store.games.liveGame
    if (previous.current !== location && live && live.path === previous.current) {
      sendOffGame(live.code)
      store.games.liveGame = null
    }
    previous.current = location
  }, [location])
}

export function App() {
  const [location] = useLocation()
  const loaded = useBoot()
  useOffGame(location)
  const token = useSnapshot(store.session).token
  const mode = useSnapshot(store.app).mode
  useEffect(() => {
    if (token && loaded) void loadMainGames()
  }, [token, loaded])
  return (
    <div className={`app${mode === 'demo' || (mode === null && demoExpected()) ? ' demo' : ''}${location === '/play' ? ' no-tabbar' : ''}`}>
      <LoadingIndicator />
      <DemoRibbon />
      <Header />
      <NoticeBanner />
      <SideMenu />
      <AccountMenu />
      <main className="content">
        {/* /home is kept alive: it stays mounted (hidden) while other routes show. */}
        {!location.startsWith('/dev/') && <Home hidden={location !== '/home'} />}
        <div className="route-area">
          <Switch>
            <Route path="/">
              <Loading />
            </Route>
            <Route path="/main">
              <Redirect to="/home" replace />
            </Route>
            <Route path="/home">{null}</Route>
            <Route path={/^\/y(?<yqm>[^/]+)$/}>
              <Invitation />
            </Route>
            {SceneSwitcher && (
              <Route path={/^\/dev\/scenes(?:\/(?<id>[\w-]+))?(?:\/(?<fixture>[\w-]+))?\/?$/}>
                <Suspense fallback={null}>
                  <SceneSwitcher />
                </Suspense>
              </Route>
            )}
            {ROUTES.map((r) => (
              <Route key={String(r.path)} path={r.path}>
                {r.needsLogin ? <Guard>{r.render()}</Guard> : r.render()}
              </Route>
            ))}
            <Route>
              <Redirect to="/" replace />
            </Route>
          </Switch>
        </div>
        {!location.startsWith('/dev/') && <Footer />}
      </main>
      <TabBar />
      <SupportButton />
      <SupportPanel />
      <OverlayHost />
      <AlertHost />
      {loaded && (
        <Suspense fallback={null}>
          <PlayWatch />
          <BoostPopup />
          <UpdatePrompt />
        </Suspense>
      )}
    </div>
  )
}
