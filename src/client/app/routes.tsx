import { lazy, Suspense, type ReactNode } from 'react'
import type { RoundGameId } from '../../shared/games/rounds/types'
import { withFullLocale } from '../i18n/i18n'
import { ErrorPage } from '../pages/ErrorPage'

export interface RouteDef {
  path: string | RegExp
  /** The spec's "login needed: yes" routes. */
  needsLogin?: boolean
  render: () => ReactNode
}


// The records page is its own chunk (not needed for the first paint of /home).
const RecordsPage = lazy(withFullLocale(() => import('../pages/RecordsPage').then((m) => ({ default: m.RecordsPage }))))

// Each game is its own chunk, with its scene.
const DicePage = lazy(withFullLocale(() => import('../pages/games/DicePage')))
const LimboPage = lazy(withFullLocale(() => import('../pages/games/LimboPage')))
const MinesPage = lazy(withFullLocale(() => import('../pages/games/MinesPage')))
// The sportsbook's pages and its slip: one chunk, loaded with the first sports page.
const SportRoute = lazy(withFullLocale(() => import('../pages/sport/SportPages')))
const sportPage = (page: 'home' | 'football' | 'match' | 'bets') => () => (
  <Suspense fallback={null}>
    <SportRoute page={page} />
  </Suspense>
)
// The three shared-round games share one chunk (their page and parts); each scene is its own.
const RoundGamePage = lazy(withFullLocale(() => import('../pages/games/RoundGamePage')))
const roundGame = (id: RoundGameId) => () => (
  <Suspense fallback={null}>
    <RoundGamePage game={id} />
  </Suspense>
)

// The loyalty pages (VIP, referral, sign-in, bonus...): one chunk.
const LoyaltyRoute = lazy(withFullLocale(() => import('../pages/loyalty/LoyaltyPages')))
const loyaltyPage = (page: 'vip' | 'share' | 'friends' | 'agent' | 'signin') => () => (
  <Suspense fallback={null}>
    <LoyaltyRoute page={page} />
  </Suspense>
)

// The rest of the spec's pages (all games, search, activities, account, bonus, payment success): one chunk.
const MoreRoute = lazy(withFullLocale(() => import('../pages/more/MorePages')))
const morePage = (page: 'gg' | 'search' | 'active' | 'paySuccess' | 'conta' | 'bonus') => () => (
  <Suspense fallback={null}>
    <MoreRoute page={page} />
  </Suspense>
)

// Provider games: the list, the launch and the game's frame: one chunk.
const ProviderRoute = lazy(withFullLocale(() => import('../pages/providers/ProviderPages')))
const providerPage = (page: 'list' | 'mess' | 'play') => () => (
  <Suspense fallback={null}>
    <ProviderRoute page={page} />
  </Suspense>
)

// The responsible-gaming page: its own chunk.
const ProtectionPage = lazy(withFullLocale(() => import('../pages/protection/ProtectionPage')))

const game = (Page: React.LazyExoticComponent<() => React.JSX.Element>) => () => (
  <Suspense fallback={null}>
    <Page />
  </Suspense>
)

/** Every route of the spec except /, /main, /home and /y{yqm}, which the App handles itself. */
export const ROUTES: RouteDef[] = [
  { path: /^\/active(?<id>[^/]+)$/, render: morePage('active') },
  { path: '/share', needsLogin: true, render: loyaltyPage('share') },
  { path: '/search', render: morePage('search') },
  { path: '/gameMess', needsLogin: true, render: providerPage('mess') },
  {
    path: '/registros',
    render: () => (
      <Suspense fallback={null}>
        <RecordsPage />
      </Suspense>
    ),
  },
  { path: '/conta', render: morePage('conta') },
  { path: '/bonus', render: morePage('bonus') },
  {
    path: '/jogoResponsavel',
    render: () => (
      <Suspense fallback={null}>
        <ProtectionPage />
      </Suspense>
    ),
  },
  { path: '/paySuccess', render: morePage('paySuccess') },
  { path: '/friends', render: loyaltyPage('friends') },
  { path: '/my', render: loyaltyPage('friends') },
  { path: '/agentJl2', render: loyaltyPage('agent') },
  { path: '/gg', render: morePage('gg') },
  { path: '/vip', render: loyaltyPage('vip') },
  { path: '/signInSheet', render: loyaltyPage('signin') },
  { path: '/gameGroupList', render: providerPage('list') },
  { path: '/play', render: providerPage('play') },
  { path: '/error', render: () => <ErrorPage /> },
  { path: '/sports', render: sportPage('home') },
  { path: '/footballPage', render: sportPage('football') },
  { path: /^\/sportMatch\/(?<id>\d{1,15})$/, render: sportPage('match') },
  { path: '/sportBets', render: sportPage('bets') },
  { path: '/mines', render: game(MinesPage) },
  { path: '/limbo', render: game(LimboPage) },
  { path: '/luckyColor', render: roundGame('luckyColor') },
  { path: '/rowDouble', render: roundGame('rowDouble') },
  { path: '/double', render: roundGame('double') },
  { path: '/dice', needsLogin: true, render: game(DicePage) },
]
