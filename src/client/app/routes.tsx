import type { ReactNode } from 'react'
import type { RoundGameId } from '../../shared/games/rounds/types'
import { ensureFullLocale } from '../i18n/i18n'
import { ErrorPage } from '../pages/ErrorPage'
import { lazyRoute, type LazyRoute } from './lazyRoute'
import { RouteBoundary } from './RouteBoundary'

export interface RouteDef {
  path: string | RegExp
  /** The spec's "login needed: yes" routes. */
  needsLogin?: boolean
  render: () => ReactNode
  /** Starts the route's code early (the first route of a visit: main.tsx, before the first render). */
  preload?: () => void
}

// The records page is its own chunk (not needed for the first paint of /home).
const RecordsPage = lazyRoute(() => import('../pages/RecordsPage'), { pick: (m) => m.RecordsPage, ready: ensureFullLocale })

// Each game is its own chunk, with its scene.
const DicePage = lazyRoute(() => import('../pages/games/DicePage'), { ready: ensureFullLocale })
const LimboPage = lazyRoute(() => import('../pages/games/LimboPage'), { ready: ensureFullLocale })
const MinesPage = lazyRoute(() => import('../pages/games/MinesPage'), { ready: ensureFullLocale })
// The sportsbook's pages and its slip: one chunk, loaded with the first sports page.
const SportRoute = lazyRoute(() => import('../pages/sport/SportPages'), { ready: ensureFullLocale })
const sportPage = (page: 'home' | 'football' | 'match' | 'bets'): Pick<RouteDef, 'render' | 'preload'> => ({
  render: () => (
    <RouteBoundary>
      <SportRoute page={page} />
    </RouteBoundary>
  ),
  preload: SportRoute.preload,
})
// The three shared-round games share one chunk (their page and parts); each scene is its own.
const RoundGamePage = lazyRoute(() => import('../pages/games/RoundGamePage'), { ready: ensureFullLocale })
const roundGame = (id: RoundGameId): Pick<RouteDef, 'render' | 'preload'> => ({
  render: () => (
    <RouteBoundary>
      <RoundGamePage game={id} />
    </RouteBoundary>
  ),
  preload: RoundGamePage.preload,
})

// The loyalty pages (VIP, referral, sign-in, bonus...): one chunk.
const LoyaltyRoute = lazyRoute(() => import('../pages/loyalty/LoyaltyPages'), { ready: ensureFullLocale })
const loyaltyPage = (page: 'vip' | 'share' | 'friends' | 'agent' | 'signin'): Pick<RouteDef, 'render' | 'preload'> => ({
  render: () => (
    <RouteBoundary>
      <LoyaltyRoute page={page} />
    </RouteBoundary>
  ),
  preload: LoyaltyRoute.preload,
})

// The rest of the spec's pages (all games, search, activities, account, bonus, payment success): one chunk.
const MoreRoute = lazyRoute(() => import('../pages/more/MorePages'), { ready: ensureFullLocale })
const morePage = (page: 'gg' | 'search' | 'active' | 'paySuccess' | 'conta' | 'bonus' | 'registered'): Pick<RouteDef, 'render' | 'preload'> => ({
  render: () => (
    <RouteBoundary>
      <MoreRoute page={page} />
    </RouteBoundary>
  ),
  preload: MoreRoute.preload,
})

// Provider games: the list, the launch and the game's frame: one chunk.
const ProviderRoute = lazyRoute(() => import('../pages/providers/ProviderPages'), { ready: ensureFullLocale })
const providerPage = (page: 'list' | 'mess' | 'play'): Pick<RouteDef, 'render' | 'preload'> => ({
  render: () => (
    <RouteBoundary>
      <ProviderRoute page={page} />
    </RouteBoundary>
  ),
  preload: ProviderRoute.preload,
})

// The responsible-gaming page: its own chunk.
const ProtectionPage = lazyRoute(() => import('../pages/protection/ProtectionPage'), { ready: ensureFullLocale })
// The Terms of Use: its own chunk.
const TermsPage = lazyRoute(() => import('../pages/TermsPage'), { ready: ensureFullLocale })

/** A route of one lazy page, in its own boundary: a chunk that fails takes only the route's area, with a retry. */
const page = (Page: LazyRoute<object>): Pick<RouteDef, 'render' | 'preload'> => ({
  render: () => (
    <RouteBoundary>
      <Page />
    </RouteBoundary>
  ),
  preload: Page.preload,
})

/** Every route of the spec except /, /main, /home and /y{yqm}, which the App handles itself. */
export const ROUTES: RouteDef[] = [
  { path: /^\/active(?<id>[^/]+)$/, ...morePage('active') },
  { path: '/share', needsLogin: true, ...loyaltyPage('share') },
  { path: '/search', ...morePage('search') },
  { path: '/gameMess', needsLogin: true, ...providerPage('mess') },
  { path: '/registros', ...page(RecordsPage) },
  { path: '/conta', ...morePage('conta') },
  { path: '/bonus', ...morePage('bonus') },
  { path: '/jogoResponsavel', ...page(ProtectionPage) },
  { path: '/termos', ...page(TermsPage) },
  { path: '/paySuccess', ...morePage('paySuccess') },
  { path: '/registered', ...morePage('registered') },
  { path: '/friends', ...loyaltyPage('friends') },
  { path: '/my', ...loyaltyPage('friends') },
  { path: '/agentJl2', ...loyaltyPage('agent') },
  { path: '/gg', ...morePage('gg') },
  { path: '/vip', ...loyaltyPage('vip') },
  { path: '/signInSheet', ...loyaltyPage('signin') },
  { path: '/gameGroupList', ...providerPage('list') },
  { path: '/play', ...providerPage('play') },
  { path: '/error', render: () => <ErrorPage /> },
  { path: '/sports', ...sportPage('home') },
  { path: '/footballPage', ...sportPage('football') },
  { path: /^\/sportMatch\/(?<id>\d{1,15})$/, ...sportPage('match') },
  { path: '/sportBets', ...sportPage('bets') },
  { path: '/mines', ...page(MinesPage) },
  { path: '/limbo', ...page(LimboPage) },
  { path: '/luckyColor', ...roundGame('luckyColor') },
  { path: '/rowDouble', ...roundGame('rowDouble') },
  { path: '/double', ...roundGame('double') },
  { path: '/dice', needsLogin: true, ...page(DicePage) },
]

/** Starts the code of the route at `pathname`, if it is one of ROUTES (main.tsx: the visit's first route). */
export function preloadRoute(pathname: string): void {
  const route = ROUTES.find((r) => (typeof r.path === 'string' ? r.path === pathname : r.path.test(pathname)))
  route?.preload?.()
}
