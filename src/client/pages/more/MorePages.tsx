/**
 * The rest of the spec's pages (one lazy chunk): /gg (every game by category), /search (games,
 * and the sportsbook's teams and leagues, with recent searches), /active{id} (an activity),
 * /paySuccess (after a deposit), /conta (the account), /bonus (the player's bonus).
 */
import { useEffect, useState } from 'react'
import type { z } from 'zod/mini'
import { useTranslation } from 'react-i18next'
import { Link, useLocation, useParams } from 'wouter'
import { navigate } from 'wouter/use-browser-location'
import { useSnapshot } from 'valtio'
import { PROVIDERS, SELF_GAME_TYPES } from '../../../shared/codes'
import { calls } from '../../../shared/contract'
import type { GameEntry } from '../../../shared/contract'
import * as loyalty from '../../../shared/contract/loyalty'
import * as sport from '../../../shared/contract/sport'
import { ACTIVITIES, type Activity } from '../../../shared/loyalty/activities'
import { setMuted } from '../../engine/audio'
import { bcp47, formatMoney, mmss } from '../../format/format'
import { api, fetchUserInfo, logout, logoutAndGoHome } from '../../store/actions/session'
import { openOverlay, setAccountMenu } from '../../store/actions/ui'
import { pickGame } from '../../store/shellActions'
import { store } from '../../store/store'
import { SignInFirst } from '../pageParts'
import { useLoaded } from '../useLoaded'

const ROUND_GAMES = new Set(['double', 'rowDouble', 'luckyColor'])

function useGames(): GameEntry[] {
  const snap = useSnapshot(store.games)
  return (snap.self.length ? snap.self : SELF_GAME_TYPES.map((gameType) => ({ value: gameType, productCode: 'SELF', gameType, stop: 0 }))) as GameEntry[]
}

/** The provider games (issue 15), per provider code, read once per page; a provider that does not answer lists nothing. */
function useProviderGames(): { code: string; games: GameEntry[] }[] {
  const [lists] = useLoaded(
    () =>
      Promise.all(
        PROVIDERS.map((code) =>
          api<{ records: GameEntry[] }>(calls.gameGroup, { query: { productCode: code }, loading: false }, true)
            .then((r) => ({ code, games: r.records }))
            .catch(() => ({ code, games: [] as GameEntry[] })),
        ),
      ),
    [],
  )
  return lists ?? []
}

const isProviderGame = (game: GameEntry) => game.productCode !== 'SELF'
const gameName = (t: (k: string, o?: Record<string, unknown>) => string, game: GameEntry) =>
  isProviderGame(game) ? game.value : t(`games.${game.gameType}`, { defaultValue: game.value })

function GameButton(props: { game: GameEntry }) {
  const { t } = useTranslation()
  const { game } = props
  const name = gameName(t, game)
  const provider = isProviderGame(game)
  return (
    <button
      type="button"
      className={provider ? `tile provider-tile${game.stop ? ' stopped' : ''}` : `tile tile-${game.gameType}`}
      onClick={() => void pickGame(game)}
      aria-label={game.stop ? t('home.soon', { game: name }) : t('home.play', { game: name })}
    >
      {provider && game.image && <img src={game.image} alt="" loading="lazy" decoding="async" width={320} height={400} />}
      <span className="tile-name">{name}</span>
    </button>
  )
}

/** /gg: every game in one grid, by category. */
function AllGames() {
  const { t } = useTranslation()
  const games = useGames()
  const providers = useProviderGames()
  const groups = [
    { key: 'originals', title: t('more.gg.originals'), games: games.filter((g) => !ROUND_GAMES.has(g.gameType)) },
    { key: 'rounds', title: t('more.gg.rounds'), games: games.filter((g) => ROUND_GAMES.has(g.gameType)) },
    ...providers.filter((p) => p.games.length > 0).map((p) => ({ key: p.code, title: t(`sideMenu.providers.${p.code}`, { defaultValue: p.code }), games: p.games })),
  ]
  return (
    <section className="page" aria-labelledby="gg-title">
      <h1 id="gg-title">{t('more.gg.title')}</h1>
      {groups.map((g) => (
        <section key={g.key} aria-label={g.title}>
          <h2>{g.title}</h2>
          <ul className="tiles">
            {g.games.map((game) => (
              <li key={`${game.productCode}:${game.gameType}`}>
                <GameButton game={game} />
              </li>
            ))}
          </ul>
        </section>
      ))}
      <h2>{t('more.gg.sports')}</h2>
      <p>
        <Link href="/sports" className="sports-entry">
          {t('home.sports')}
        </Link>
      </p>
    </section>
  )
}

const fold = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase()
const RECENT_KEY = 'aposta:recentSearches'
const recentSearches = (): string[] => {
  try {
    return (JSON.parse(localStorage.getItem(RECENT_KEY) ?? '[]') as string[]).slice(0, 8)
  } catch {
    return []
  }
}

type Fixture = { matchId: string; sport: string; league: string; home: string; away: string }

/** /search: games by name; the sportsbook's teams and leagues (live and upcoming); recent searches kept on this device. */
function Search() {
  const { t } = useTranslation()
  const own = useGames()
  const providers = useProviderGames()
  const games = [...own, ...providers.flatMap((p) => p.games)]
  const [q, setQ] = useState('')
  const [recent, setRecent] = useState(recentSearches)
  const [fixtures, setFixtures] = useState<Fixture[]>([])
  useEffect(() => {
    let live = true
    Promise.all((['live', 'upcoming'] as const).map((state) => api<Fixture[]>(sport.sportMatches, { query: { state }, loading: false }, true).catch(() => [])))
      .then((lists) => live && setFixtures(lists.flat()))
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [])
  const needle = fold(q.trim())
  const gameHits = needle ? games.filter((g) => fold(gameName(t, g)).includes(needle)) : []
  const matchHits = needle ? fixtures.filter((m) => fold(`${m.home} ${m.away} ${m.league}`).includes(needle)).slice(0, 20) : []
  const remember = () => {
    const term = q.trim()
    if (!term) return
    const next = [term, ...recent.filter((r) => r !== term)].slice(0, 8)
    setRecent(next)
    try {
      localStorage.setItem(RECENT_KEY, JSON.stringify(next))
    } catch {
      // Private mode: the list lives for this page only.
    }
  }
  return (
    <section className="page search-page" aria-labelledby="search-title">
      <h1 id="search-title">{t('pages.search')}</h1>
      <form role="search" onSubmit={(e) => (e.preventDefault(), remember())}>
        <label className="field">
          <span>{t('more.search.label')}</span>
          <input type="search" value={q} onChange={(e) => setQ(e.target.value)} onBlur={remember} autoComplete="off" />
        </label>
      </form>
      {!needle && recent.length > 0 && (
        <section aria-label={t('more.search.recent')}>
          <h2>{t('more.search.recent')}</h2>
          <ul className="chips">
            {recent.map((r) => (
              <li key={r}>
                <button type="button" className="secondary" onClick={() => setQ(r)}>
                  {r}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      {needle && (
        <div aria-live="polite">
          {gameHits.length > 0 && (
            <>
              <h2>{t('more.search.games')}</h2>
              <ul className="tiles">
                {gameHits.map((g) => (
                  <li key={`${g.productCode}:${g.gameType}`}>
                    <GameButton game={g} />
                  </li>
                ))}
              </ul>
            </>
          )}
          {matchHits.length > 0 && (
            <>
              <h2>{t('more.search.matches')}</h2>
              <ul className="search-matches">
                {matchHits.map((m) => (
                  <li key={m.matchId}>
                    <Link href={`/sportMatch/${m.matchId}`} onClick={remember}>
                      {t('sport.matchOf', { home: m.home, away: m.away })} <small>· {m.league}</small>
                    </Link>
                  </li>
                ))}
              </ul>
            </>
          )}
          {gameHits.length === 0 && matchHits.length === 0 && <p className="muted">{t('more.search.none', { q: q.trim() })}</p>}
        </div>
      )}
    </section>
  )
}

/** An activity's banner, drawn here: its colours and a sign per activity. */
function Banner(props: { activity: Activity }) {
  const colours = { welcome: ['#1dd1a1', '#10ac84'], signin: ['#f2c94c', '#a87f12'], vip: ['#7aa7ff', '#2c4fa8'], referral: ['#ff8aa6', '#a8324a'] }[props.activity.key]
  const sign = { welcome: '+', signin: '7', vip: '★', referral: '3' }[props.activity.key]
  return (
    <svg className="activity-banner" viewBox="0 0 360 120" aria-hidden="true">
      <defs>
        <linearGradient id={`act-${props.activity.id}`} x1="0" x2="1">
          <stop offset="0" stopColor={colours[0]} />
          <stop offset="1" stopColor={colours[1]} />
        </linearGradient>
      </defs>
      <rect width="360" height="120" rx="14" fill={`url(#act-${props.activity.id})`} />
      <circle cx="300" cy="60" r="44" fill="#fff3" />
      <text x="300" y="78" textAnchor="middle" fontSize="52" fontWeight="800" fill="#fff" fontFamily="system-ui, sans-serif">
        {sign}
      </text>
    </svg>
  )
}

/** /active{id}: one activity, its banner, rules and call to action; an unknown id says so. */
function ActivityPage() {
  const { t } = useTranslation()
  const { id = '' } = useParams<{ id: string }>()
  const [, navigate] = useLocation()
  const activity = ACTIVITIES.find((a) => String(a.id) === id)
  if (!activity) {
    return (
      <section className="page">
        <h1>{t('pages.active')}</h1>
        <p data-testid="activity-unknown">{t('more.activity.unknown')}</p>
        <Link href="/home">{t('more.home')}</Link>
      </section>
    )
  }
  const go = () => (activity.to === 'deposit' ? openOverlay('deposit') : navigate(activity.to))
  return (
    <section className="page activity-page" aria-labelledby="activity-title">
      <Banner activity={activity} />
      <h1 id="activity-title">{t(`more.activity.${activity.key}.title`)}</h1>
      <p>{t(`more.activity.${activity.key}.rules`)}</p>
      <p className="muted">{activity.until ? t('more.activity.between', { from: activity.from, until: activity.until }) : t('more.activity.since', { from: activity.from.split('-').reverse().join('/') })}</p>
      <button type="button" className="primary" onClick={go}>
        {t(`more.activity.${activity.key}.cta`)}
      </button>
    </section>
  )
}

/** /paySuccess: the last deposit credited and the balance now; an empty state before any deposit. */
function PaySuccess() {
  const { t } = useTranslation()
  const { lang } = useSnapshot(store.session)
  const user = useSnapshot(store).user
  return (
    <section className="page" aria-labelledby="pay-title">
      <h1 id="pay-title">{t('pages.paySuccess')}</h1>
      {user && user.payAmount > 0 ? (
        <>
          <p data-testid="pay-amount">{t('more.pay.credited', { amount: formatMoney(user.payAmount, lang) })}</p>
          <p>{t('more.pay.balance', { amount: formatMoney(user.balance, lang) })}</p>
        </>
      ) : (
        <p className="muted" data-testid="pay-empty">
          {t('more.pay.empty')}
        </p>
      )}
      <p className="actions">
        <Link href="/gg" className="primary button-link">
          {t('more.pay.play')}
        </Link>{' '}
        <Link href="/home" className="secondary button-link">
          {t('more.home')}
        </Link>
      </p>
    </section>
  )
}

type OpenSession = { device: string; ip: string; createdAt: number; lastSeenAt: number; current: boolean }

/** /conta's devices: the player's open sessions, this one marked, and "sign out everywhere" (asked twice). */
function Sessions() {
  const { t } = useTranslation()
  const { token, lang } = useSnapshot(store.session)
  const [sessions] = useLoaded(() => api<OpenSession[]>(calls.mySessions, { loading: false }, true), [token], { enabled: Boolean(token) })
  const [asking, setAsking] = useState(false)
  const when = (ms: number) => new Intl.DateTimeFormat(bcp47(lang), { dateStyle: 'short', timeStyle: 'short' }).format(ms)
  const signOutEverywhere = async () => {
    await api(calls.logoutAll, { body: {} })
    await logout({ callServer: false, openLogin: false })
    navigate('/home')
  }
  return (
    <section aria-labelledby="sessions-title" className="account-sessions">
      <h2 id="sessions-title">{t('more.account.sessions')}</h2>
      <ul data-testid="sessions">
        {(sessions ?? []).map((s) => (
          <li key={`${s.createdAt}-${s.ip}-${s.device}`}>
            <strong>{s.device || t('more.account.unknownDevice')}</strong>
            {s.current && <span className="badge">{t('more.account.thisDevice')}</span>}
            <small className="muted">
              {s.ip && `${s.ip} · `}
              {t('more.account.seen', { when: when(s.lastSeenAt) })}
            </small>
          </li>
        ))}
      </ul>
      {asking ? (
        <div role="group" aria-labelledby="logout-all-ask" className="confirm">
          <p id="logout-all-ask">{t('more.account.logoutAllAsk')}</p>
          <button type="button" className="danger" onClick={() => void signOutEverywhere().catch(() => undefined)} data-testid="logout-all-yes">
            {t('more.account.logoutAllYes')}
          </button>{' '}
          <button type="button" className="secondary" onClick={() => setAsking(false)}>
            {t('more.account.cancel')}
          </button>
        </div>
      ) : (
        <button type="button" className="secondary" onClick={() => setAsking(true)} data-testid="logout-all">
          {t('more.account.logoutAll')}
        </button>
      )}
    </section>
  )
}

/** /conta: the account: e-mail, avatar, identity check, language, sound, password, devices, sign out. */
function Account() {
  const { t } = useTranslation()
  const user = useSnapshot(store).user
  const { token } = useSnapshot(store.session)
  const muted = useSnapshot(store.ui).muted
  if (!token || !user) return <SignInFirst titleKey="pages.conta" />
  return (
    <section className="page account-page" aria-labelledby="conta-title">
      <h1 id="conta-title">{t('pages.conta')}</h1>
      <dl className="account-facts">
        <dt>{t('more.account.email')}</dt>
        <dd data-testid="account-email">{user.email}</dd>
        <dt>{t('more.account.id')}</dt>
        <dd>{user.uId}</dd>
        <dt>{t('more.account.kyc')}</dt>
        <dd>{user.kyc === 1 ? t('more.account.kycDone') : t('more.account.kycNone')}</dd>
        <dt>{t('more.account.vip')}</dt>
        <dd>
          <Link href="/vip">{t('loyalty.vip.level', { level: user.level })}</Link>
        </dd>
      </dl>
      {/* The avatar: the picker is the account menu's (one copy, in the first chunk). */}
      <p className="account-avatar">
        <img src={`/avatars/${user.header}.svg`} alt={t('more.account.avatar')} width={56} height={56} />
        <button type="button" className="secondary" onClick={() => setAccountMenu(true)}>
          {t('account.avatar')}
        </button>
      </p>
      <div className="account-actions">
        {user.kyc !== 1 && user.testFlag !== '1' && (
          <button type="button" className="secondary" onClick={() => openOverlay('editBank')}>
            {t('more.account.verify')}
          </button>
        )}
        <button type="button" className="secondary" onClick={() => openOverlay('language')}>
          {t('language.title')}
        </button>
        <button type="button" className="secondary" aria-pressed={muted} onClick={() => setMuted(!muted)}>
          {muted ? t('audio.unmute') : t('audio.mute')}
        </button>
        <button type="button" className="secondary" onClick={() => openOverlay('changePassword')}>
          {t('more.account.password')}
        </button>
        <Link href="/bonus" className="secondary button-link">
          {t('pages.bonus')}
        </Link>
        <Link href="/jogoResponsavel" className="secondary button-link">
          {t('pages.rg')}
        </Link>
        <button type="button" className="secondary" onClick={() => void logoutAndGoHome()}>
          {t('more.account.logout')}
        </button>
      </div>
      <Sessions />
    </section>
  )
}

type Bonus = z.output<typeof loyalty.myBonus.reply>

/** Time left to an instant as h:mm:ss (or mm:ss under an hour), ticking each second. */
function useCountdown(until: number | null): string {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (until === null) return
    const id = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(id)
  }, [until])
  const left = Math.max(0, (until ?? 0) - now)
  const h = Math.floor(left / 3_600_000)
  return h > 0 ? `${h}:${mmss(left % 3_600_000)}` : mmss(left)
}

/**
 * /bonus: the bonus balance and the wagering left on it, the deposit discount with its countdown,
 * each bonus credited with its state, the offers made, and the activities' terms.
 */
function BonusPage() {
  const { t } = useTranslation()
  const { token, lang } = useSnapshot(store.session)
  const user = useSnapshot(store).user
  // The discount is in userInfo: read again on arrival (an offer made since login shows).
  const [bonus] = useLoaded<Bonus>(() => Promise.all([api<Bonus>(loyalty.myBonus, { loading: false }, true), fetchUserInfo()]).then(([b]) => b), [token], { enabled: Boolean(token) })
  // userInfo carries an unexpired offer only; the countdown shows 00:00 once it ran out.
  const discount = token ? (user?.payDiscount ?? null) : null
  const endsIn = useCountdown(discount?.expiredTime ?? null)
  if (!token) return <SignInFirst titleKey="pages.bonus" />
  const left = bonus ? Math.max(0, bonus.required - bonus.wagered) : 0
  const state = !bonus ? null : bonus.required > 0 && left > 0 ? 'active' : bonus.bonus > 0 ? 'free' : 'none'
  // The discount is the better open offer: the boost's package when one is open (seeded: 50 % against the compensation's 33 %).
  const boostOpen = Boolean(bonus?.offers.some((o) => o.state === 'open' && o.kind === 'boost'))
  const money = (n: number) => formatMoney(n, lang)
  const date = (ms: number) => new Intl.DateTimeFormat(bcp47(lang), { dateStyle: 'short' }).format(ms)
  return (
    <section className="page bonus-page" aria-labelledby="bonus-title">
      <h1 id="bonus-title">{t('pages.bonus')}</h1>
      {/* With the offers read: the button opens the deposit of the offer the discount is. */}
      {discount && bonus && (
        <div className="bonus-card discount" data-testid="bonus-discount">
          <p>
            <strong>{t('more.bonus.discount', { percent: new Intl.NumberFormat(bcp47(lang), { style: 'percent', maximumFractionDigits: 0 }).format(discount.discount) })}</strong>
          </p>
          <p>{t('more.bonus.endsIn', { time: endsIn })}</p>
          <button type="button" className="primary" onClick={() => openOverlay(boostOpen ? 'boostDeposit' : 'gameDeposit')}>
            {t('more.bonus.useDiscount')}
          </button>
        </div>
      )}
      {bonus && (
        <div className="bonus-card" data-testid="bonus-state" data-state={state}>
          <p>{t('more.bonus.balance', { amount: money(bonus.bonus) })}</p>
          {state === 'active' && (
            <>
              <p>{t('more.bonus.left', { amount: money(left) })}</p>
              <div className="vip-progress">
                <span>{t('more.bonus.progress')}</span>
                <div className="bar" role="progressbar" aria-label={t('more.bonus.progress')} aria-valuemin={0} aria-valuemax={bonus.required} aria-valuenow={Math.min(bonus.wagered, bonus.required)}>
                  <i style={{ width: `${Math.round((Math.min(bonus.wagered, bonus.required) / bonus.required) * 100)}%` }} />
                </div>
                <small>
                  {money(Math.min(bonus.wagered, bonus.required))} / {money(bonus.required)}
                </small>
              </div>
            </>
          )}
          {state === 'free' && <p>{t('more.bonus.done')}</p>}
          {state === 'none' && <p className="muted">{t('more.bonus.none')}</p>}
          {bonus.turnover > 0 && <p className="muted">{t('more.bonus.turnover', { amount: money(bonus.turnover) })}</p>}
        </div>
      )}
      {bonus && (
        <section aria-labelledby="grants-title">
          <h2 id="grants-title">{t('more.bonus.grants')}</h2>
          {bonus.grants.length === 0 ? (
            <p className="muted">{t('more.bonus.noGrants')}</p>
          ) : (
            <ul className="bonus-grants" data-testid="bonus-grants">
              {bonus.grants.map((g, i) => (
                <li key={i} data-state={g.state}>
                  <span>{t(`more.bonus.source.${g.source}`)}</span>
                  <strong>{money(g.amount)}</strong>
                  <small className="muted">{date(g.at)}</small>
                  <span className={`badge ${g.state}`}>{t(`more.bonus.state.${g.state}`)}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      {bonus && bonus.offers.length > 0 && (
        <section aria-labelledby="offers-title">
          <h2 id="offers-title">{t('more.bonus.offers')}</h2>
          <ul className="bonus-grants">
            {bonus.offers.map((o, i) => (
              <li key={i} data-state={o.state}>
                <span>{t(`more.bonus.offer.${o.kind}`)}</span>
                <small className="muted">{date(o.at)}</small>
                <span className={`badge ${o.state}`}>{t(`more.bonus.offerState.${o.state}`)}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      <ul className="bonus-links">
        {ACTIVITIES.map((a) => (
          <li key={a.id}>
            <Link href={`/active${a.id}`}>{t(`more.activity.${a.key}.title`)}</Link>
          </li>
        ))}
      </ul>
    </section>
  )
}

export type MorePage = 'gg' | 'search' | 'active' | 'paySuccess' | 'conta' | 'bonus'

export default function MorePages(props: { page: MorePage }) {
  switch (props.page) {
    case 'gg':
      return <AllGames />
    case 'search':
      return <Search />
    case 'active':
      return <ActivityPage />
    case 'paySuccess':
      return <PaySuccess />
    case 'conta':
      return <Account />
    case 'bonus':
      return <BonusPage />
  }
}
