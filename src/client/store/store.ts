import { proxy } from 'valtio'
import type { AppMode, Bet, GameEntry, SportFeedKind, UserInfo } from '../../shared/contract'
import type { RoundGameId } from '../../shared/games/rounds/types'
import { DEFAULT_LOCALE, type Locale } from '../../shared/locales'
import { SNAPSHOT_MODE } from '../engine/determinism'
import { load } from './persist'

export type OverlayName = 'auth' | 'forgot' | 'testAccount' | 'changePassword' | 'language' | 'deposit' | 'withdraw' | 'secondDeposit' | 'gameDeposit' | 'boostDeposit' | 'editBank' | 'transfer'

/** The overlays that show the deposit panel: normal, second (gift offer), compensation (low balance) and bonus boost. */
export type DepositVariant = 'deposit' | 'secondDeposit' | 'gameDeposit' | 'boostDeposit'

/** Where the KYC form returns once submitted: a deposit overlay, or the withdraw or transfer panel the server refused for want of KYC. */
export type KycReturn = DepositVariant | 'withdraw' | 'transfer'

/** What the player chose in a deposit overlay: the package (its price, reais) and the 'no promotions' box. */
export interface DepositChoice {
  variant: DepositVariant
  pkgId: number | null
  price: number | null
  noPromotions: boolean
}

/** An open payment order (one per user on the server) and which deposit overlay opened it. */
export interface OpenOrder {
  /** The user who opened it: another account's order is never shown or polled. */
  uId: number
  orderId: string
  payNo: string
  url: string
  variant: DepositVariant
  /** 'page': the payment page in the frame; 'waiting': the user said they paid, we wait for the status. */
  step: 'page' | 'waiting'
}

export interface AlertItem {
  id: number
  /** Already translated text (server messages arrive translated). */
  text: string
  title?: string
  /** What OK does besides closing. */
  then?: 'deposit' | 'login' | null
}

export interface Notice {
  id: string
  text: string
}

export interface RoundTotal {
  choice: string
  amount: number
  bets: number
}

export interface SettledRound {
  roundId: string
  hash: string | null
  roll: number | null
  settledAt: number
}

/** One shared-round game as the page shows it; times are the server's (add `clockOffset` to Date.now() to compare). */
export interface RoundSlice {
  live: {
    roundId: string
    bettingEndsAt: number
    drawEndsAt: number
    nextAt: number
    previousHash: string
    /** Known once betting has closed. */
    roll: number | null
    hash: string | null
    locked: boolean
    totals: RoundTotal[]
  } | null
  /** Settled rounds, newest first (Lucky Color's table shows 100). */
  recent: SettledRound[]
  /** This round's bets from everyone, newest first. */
  feed: { player: string; choice: string; amount: number }[]
  /** This player's bets in the live round. */
  mine: { betId: string; choice: string; amount: number }[]
  /** What the last round this player bet on paid. */
  lastPayout: { roundId: string; stake: number; payout: number } | null
  /** Server time minus this device's, from the last `state`. */
  clockOffset: number
  pending: boolean
  /** The stake field (wire text, '1.00') and the choice the bet button bets on. */
  stake: string
  choice: string
}

export function emptyRound(choice: string): RoundSlice {
  return { live: null, recent: [], feed: [], mine: [], lastPayout: null, clockOffset: 0, pending: false, stake: '1.00', choice }
}

/** A selection in the sportsbook's bet slip, with what the slip shows of it. */
export interface SlipItem {
  selectionId: string
  matchId: string
  /** "Flamengo x Palmeiras" */
  match: string
  /** "Resultado final: Casa" */
  label: string
  odds: number
  /** The market's state when last seen (a match page, the slip's refresh, a refusal); open when unset. */
  status?: 'open' | 'suspended' | 'closed'
  /** The match was in play when last seen: its bet waits the in-play delay (the slip shows the wait). */
  live?: boolean
}

export interface TestCredentials {
  username: string
  pwd: string
  balance: number
}

/**
 * The user info kept from an earlier visit, without its balance version: versions order what this
 * page receives, and the first reply after a reload must win whatever the stored one said.
 */
function restoredUser(saved: unknown): UserInfo | null {
  return saved && typeof saved === 'object' ? { ...(saved as UserInfo), balanceVersion: -1 } : null
}

/** The one store: session, user, ui overlays and games. Only action functions write it. */
export const store = proxy({
  /** What the server says of itself (appInfo); null until it answers. */
  app: {
    /** 'demo': payments are simulated, and a ribbon says so on every page. */
    mode: null as AppMode | null,
    /** Where the sportsbook's matches come from: 'simulator' (its pages say so), 'none' (closed). */
    sport: null as SportFeedKind | null,
    /** The regulatory profile: 'BR' (a licensed Brazilian operator's rules), or null (the spec's). */
    jurisdiction: null as 'BR' | null,
    /** The BR profile: the government's self-exclusion platform, and the terms' current version. */
    selfExclusionUrl: null as string | null,
    termsVersion: null as string | null,
  },
  session: {
    token: load('token') as string | null,
    lang: (load('lang') as Locale | null) ?? DEFAULT_LOCALE,
    deviceId: (load('deviceId') as string | null) ?? '',
    isapp: (load('isapp') as 0 | 1 | null) ?? 0,
    /** Invitation code from /y{yqm}, put into the register form's hidden regcode. */
    invitation: load('invitation') as string | null,
  },
  user: restoredUser(load('userInfo')),
  ui: {
    overlay: null as OverlayName | null,
    authTab: 'login' as 'login' | 'register',
    sideMenu: false,
    accountMenu: false,
    /** Requests showing the indicator; the indicator itself closes 600 ms after this hits 0. */
    loadingCount: 0,
    loading: false,
    alerts: [] as AlertItem[],
    notice: null as Notice | null,
    /** Credentials of a test account kept to fill the login form after 'Mudar de conta'. */
    testAccount: load('testAccount') as TestCredentials | null,
    /** Bumped to make the captcha image fetch a new one. */
    captchaNonce: 0,
    muted: load('muted') === true,
    /** The bonus-boost offer from a userBetAmount event (its multiplier, the wire's `bouns`, x amount is shown); cleared on token change and on pay. */
    bonusBoost: null as { multiplier: number; amount: number } | null,
    supportPanel: false,
    /** The unsolicited sheet showing now (actions/nudges decides when one may). */
    nudge: null as 'award' | 'signinMask' | 'boost' | null,
    /** A short confirmation ('Copiado', 'KYC salvo'), shown 1.5 s (spec: message display 1500 ms) without taking focus. */
    toast: null as { id: number; text: string } | null,
  },
  games: {
    self: [] as GameEntry[],
    hot: (load('hotGames') as GameEntry[] | null) ?? [],
    inPlay: null as { gameCode: string; productCode: string } | null,
    /** The live game of the screen at `path` (a provider's game on /play); leaving that screen sends offGame with its code. */
    liveGame: null as { code: string; path: string } | null,
  },
  realtime: { connected: false },
  /** Deposit and the KYC detour. */
  cashier: {
    order: null as OpenOrder | null,
    /** Set while opening a deposit overlay from the KYC form, so the KYC detour is skipped (spec). */
    fromKyc: false,
    /** Where submitting the KYC form returns. */
    kycReturn: 'deposit' as KycReturn,
    /** BTBRL/FCBRL packages exist: a gift is available, so closing the deposit overlay offers the second deposit. */
    giftAvailable: false,
    /** The package chosen in a deposit overlay, kept across the KYC detour (cleared when the overlay closes or the order opens). */
    choice: null as DepositChoice | null,
  },
  /**
   * The casino games' controls and results (the server decides every outcome). Stakes and the
   * auto-bet's amounts are wire text ('1.50'); their inputs show them in the locale (useDecimalField).
   */
  casino: {
    dice: {
      stake: '1.00',
      target: 50.5,
      condition: 'under' as 'over' | 'under',
      pending: false,
      /** The bet has been on its way for BUSY_AFTER_MS: only then do the button and the scene show it (a quick reply flickers nothing). */
      busy: false,
      last: null as Bet | null,
      history: [] as Bet[],
    },
    limbo: {
      stake: '1.00',
      /** The target multiplier (1.01..1000000). */
      target: 2,
      pending: false,
      /** The bet has been on its way for BUSY_AFTER_MS: only then do the button and the scene show it (a quick reply flickers nothing). */
      busy: false,
      last: null as Bet | null,
      history: [] as Bet[],
    },
    mines: {
      stake: '1.00',
      /** Mines on the next board (1..24). */
      mines: 3,
      /** A start, reveal or cash-out is on its way. */
      pending: false,
      /** It has been on its way for a while: the controls show it (see BUSY_AFTER_MS). */
      busy: false,
      /** The tile whose reveal is on its way (shown pending at once). */
      pendingTile: null as number | null,
      /** The open game, or the last one once it ended (null before the first). */
      game: null as Bet | null,
      history: [] as Bet[],
      /** Auto mode: the tiles each round reveals, in order. */
      autoTiles: [] as number[],
    },
    /** The active seed pair as the player sees it, and the pair revealed by the last rotation. */
    fair: {
      current: null as { serverSeedHash: string; clientSeed: string; nonce: number } | null,
      previous: null as { serverSeed: string; serverSeedHash: string; clientSeed: string; nonce: number } | null,
    },
    /** Auto-bet: one game at a time; the settings are shared by the three games. */
    auto: {
      /** Bets to place; 0 runs until stopped. */
      count: '10',
      /** Reais; empty: no limit. */
      stopProfit: '',
      stopLoss: '',
      onWin: 'reset' as 'reset' | 'increase',
      onWinPct: '0',
      onLoss: 'reset' as 'reset' | 'increase',
      onLossPct: '0',
      running: null as 'dice' | 'limbo' | 'mines' | null,
      played: 0,
      /** Payouts less stakes of this run, reais. */
      profit: 0,
    },
  },
  /** What the lobby scene shows: raw online count (the spec's formula is applied on display) and a running jackpot, if any. */
  lobby: {
    onlineRaw: 0,
    jitter: SNAPSHOT_MODE ? 0 : Math.floor(Math.random() * 90),
    jackpot: null as { base: number; perSecond: number; since: number } | null,
    /** The banner's slide on show (the carousel in LobbyStage moves it; the scene follows). */
    slide: 0,
  },
  /** The shared-round games: each one's live round, its feed and results, this player's bets (fed by `state` and the round:* events). */
  /** The sportsbook's bet slip (kept in the browser: it survives a reload). */
  sport: {
    slip: [] as SlipItem[],
    /** Single stakes by selection id, and the parlay's (wire text). */
    stakes: {} as Record<string, string>,
    parlayStake: '1.00',
    acceptOdds: 'higher' as 'any' | 'higher' | 'none',
    pending: false,
    /** The match page's match as the socket pushes it: odds (decimal) and market status by id, and its clock. */
    live: {
      matchId: null as string | null,
      odds: {} as Record<string, number>,
      status: {} as Record<string, 'open' | 'suspended' | 'closed'>,
      score: null as { matchTime: number; minute: number; score: { home: number; away: number } } | null,
    },
  },
  rounds: {
    double: emptyRound('red'),
    rowDouble: emptyRound('red'),
    luckyColor: emptyRound('green'),
  } satisfies Record<RoundGameId, RoundSlice>,
})
