import type { ComponentType, ReactNode } from 'react'
import type { RoundGameId } from '../../shared/games/rounds/types'
import { ensureFullLocale } from '../i18n/i18n'
import { ErrorPage } from '../pages/ErrorPage'
import { lazyRoute } from './lazyRoute'
import { RouteBoundary } from './RouteBoundary'

export interface RouteDef {
  path: string | RegExp
  /** The spec's "login needed: yes" routes. */
  needsLogin?: boolean
  render: () => ReactNode
}

// The records page is its own chunk (not needed for the first paint of /home).
const RecordsPage = lazyRoute(() => import('../pages/RecordsPage'), { pick: (m) => m.RecordsPage, ready: ensureFullLocale })

// Each game is its own chunk, with its scene.
const DicePage = lazyRoute(() => import('../pages/games/DicePage'), { ready: ensureFullLocale })
const LimboPage = lazyRoute(() => import('../pages/games/LimboPage'), { ready: ensureFullLocale })
const MinesPage = lazyRoute(() => import('../pages/games/MinesPage'), { ready: ensureFullLocale })
// The sportsbook's pages and its slip: one chunk, loaded with the first sports page.
const SportRoute = lazyRoute(() => import('../pages/sport/SportPages'), { ready: ensureFullLocale })
const sportPage = (page: 'home' | 'football' | 'match' | 'bets') => () => (
  <RouteBoundary>
    <SportRoute page={page} />
  </RouteBoundary>
)
// The three shared-round games share one chunk (their page and parts); each scene is its own.
const RoundGamePage = lazyRoute(() => import('../pages/games/RoundGamePage'), { ready: ensureFullLocale })
const roundGame = (id: RoundGameId) => () => (
  <RouteBoundary>
    <RoundGamePage game={id} />
  </RouteBoundary>
)

// The loyalty pages (VIP, referral, sign-in, bonus...): one chunk.
const LoyaltyRoute = lazyRoute(() => import('../pages/loyalty/LoyaltyPages'), { ready: ensureFullLocale })
const loyaltyPage = (page: 'vip' | 'share' | 'friends' | 'agent' | 'signin') => () => (
  <RouteBoundary>
    <LoyaltyRoute page={page} />
  </RouteBoundary>
)

// The rest of the spec's pages (all games, search, activities, account, bonus, payment success): one chunk.
const MoreRoute = lazyRoute(() => import('../pages/more/MorePages'), { ready: ensureFullLocale })
const morePage = (page: 'gg' | 'search' | 'active' | 'paySuccess' | 'conta' | 'bonus' | 'registered') => () => (
  <RouteBoundary>
    <MoreRoute page={page} />
  </RouteBoundary>
)

// Provider games: the list, the launch and the game's frame: one chunk.
const ProviderRoute = lazyRoute(() => import('../pages/providers/ProviderPages'), { ready: ensureFullLocale })
const providerPage = (page: 'list' | 'mess' | 'play') => () => (
  <RouteBoundary>
    <ProviderRoute page={page} />
  </RouteBoundary>
)

// The responsible-gaming page: its own chunk.
const ProtectionPage = lazyRoute(() => import('../pages/protection/ProtectionPage'), { ready: ensureFullLocale })
// The Terms of Use: its own chunk.
const TermsPage = lazyRoute(() => import('../pages/TermsPage'), { ready: ensureFullLocale })

/** A route of one lazy page, in its own boundary: a chunk that fails takes only the route's area, with a retry. */
const page = (Page: ComponentType) => () => (
  <RouteBoundary>
    <Page />
  </RouteBoundary>
)

/** Every route of the spec except /, /main, /home and /y{yqm}, which the App handles itself. */
export const ROUTES: RouteDef[] = [
  { path: /^\/active(?<id>[^/]+)$/, render: morePage('active') },
  { path: '/share', needsLogin: true, render: loyaltyPage('share') },
  { path: '/search', render: morePage('search') },
  { path: '/gameMess', needsLogin: true, render: providerPage('mess') },
  { path: '/registros', render: page(RecordsPage) },
  { path: '/conta', render: morePage('conta') },
  { path: '/bonus', render: morePage('bonus') },
  { path: '/jogoResponsavel', render: page(ProtectionPage) },
  { path: '/termos', render: page(TermsPage) },
  { path: '/paySuccess', render: morePage('paySuccess') },
  { path: '/registered', render: morePage('registered') },
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
  { path: '/mines', render: page(MinesPage) },
  { path: '/limbo', render: page(LimboPage) },
  { path: '/luckyColor', render: roundGame('luckyColor') },
  { path: '/rowDouble', render: roundGame('rowDouble') },
  { path: '/double', render: roundGame('double') },
  { path: '/dice', needsLogin: true, render: page(DicePage) },
]
