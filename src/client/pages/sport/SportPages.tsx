/** The sportsbook's pages: the sports home (and the spec's footballPage), a match with every market, this player's bets; the bet slip floats over them. */
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams, useSearch } from 'wouter'
import { useSnapshot } from 'valtio'
import { SPORT_IDS, type SportId } from '../../../shared/contract/sport'
import { centavosToReais, wireToCentavos } from '../../../shared/money'
import { winningReturn } from '../../../shared/sport/settle'
import { formatDecimal, formatOdds } from '../../format/decimal'
import { formatMoney } from '../../format/format'
import { fetchMatch, fetchMatches, fetchMyBets, fetchSports, refreshSlipOdds, restoreSlip, toggleSelection, type MatchDetail, type SportBetView, type SportMatch } from '../../store/actions/sport'
import { watchMatch } from '../../store/realtime'
import { store } from '../../store/store'
import { BetSlip } from './BetSlip'

type T = ReturnType<typeof useTranslation>['t']
type Market = MatchDetail['markets'][number]

/** Refetches every `ms` while mounted; the latest value (null until the first answer). */
function usePolled<V>(load: () => Promise<V>, ms: number, deps: unknown[]): V | null {
  const [value, setValue] = useState<V | null>(null)
  useEffect(() => {
    let live = true
    const run = () => void load().then((v) => live && setValue(v), () => undefined)
    run()
    const id = setInterval(run, ms)
    return () => {
      live = false
      clearInterval(id)
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps)
  return value
}

/** A market's period said after its name: "... · 1º tempo", "... · 2º quarto"; the full game says nothing. */
function withPeriod(t: T, name: string, period: number): string {
  if (period === 2) return t('sport.firstHalf', { market: name })
  if (period >= 1001 && period <= 1004) return t('sport.quarter', { market: name, n: period - 1000 })
  return name
}

const lineText = (m: Pick<Market, 'type' | 'line'>, lang: string) => (m.type === 'ah' && m.line > 0 ? '+' : '') + formatDecimal(m.line, lang as never, 2)

/** "Handicap asiático -0,25 · 1º tempo" */
function marketName(t: T, m: Pick<Market, 'type' | 'line' | 'period'>, lang: string): string {
  return withPeriod(t, t(`sport.markets.${m.type}`, { line: lineText(m, lang) }), m.period)
}

/** The markets of one kind and period together ("Handicap asiático": every line), in the feed's order. */
function groupMarkets(markets: readonly Market[]): Market[][] {
  const groups = new Map<string, Market[]>()
  for (const m of markets) groups.set(`${m.type}|${m.period}`, [...(groups.get(`${m.type}|${m.period}`) ?? []), m])
  return [...groups.values()]
}

/** A group's heading: the market's name without its line ("Handicap asiático · 1º tempo"). */
const groupName = (t: T, m: Market) => withPeriod(t, m.type === 'ah' || m.type === 'ou' || m.type === 'corners' ? t(`sport.groups.${m.type}`) : t(`sport.markets.${m.type}`), m.period)

function clockText(t: T, m: SportMatch, lang: string): string {
  if (m.matchTime === 1 || m.matchTime === 3) return t('sport.minute', { m: m.minute })
  if (m.matchTime === 0) return new Date(m.startsAt).toLocaleString(lang.replace('_', '-'), { weekday: 'short', hour: '2-digit', minute: '2-digit' })
  return t(`sport.matchTime.${m.matchTime}`)
}

/** Every sports page: its nav and title; in demo mode a note that the matches are simulated; without a feed, only that the sportsbook is closed. */
function SportShell(props: { children: React.ReactNode; titleId: string; title: string }) {
  const { t } = useTranslation()
  const feed = useSnapshot(store.app).sport
  useEffect(() => restoreSlip(), [])
  if (feed === 'none') {
    return (
      <section className="sport" aria-labelledby="sport-closed">
        <h1 id="sport-closed">{t('sport.title')}</h1>
        <p className="sport-note" role="status" data-testid="sport-closed">
          {t('sport.closed')}
        </p>
      </section>
    )
  }
  return (
    <section className="sport" aria-labelledby={props.titleId}>
      <nav className="sport-nav" aria-label={t('sport.title')}>
        <Link href="/sports">{t('sport.title')}</Link>
        <Link href="/sportBets">{t('sport.myBets.title')}</Link>
      </nav>
      <h1 id={props.titleId}>{props.title}</h1>
      {feed === 'simulator' && (
        <p className="sport-note" data-testid="sport-simulated">
          {t('sport.simulated')}
        </p>
      )}
      {props.children}
      <BetSlip />
    </section>
  )
}

function MatchRow(props: { m: SportMatch }) {
  const { t } = useTranslation()
  const lang = useSnapshot(store.session).lang
  const { m } = props
  const live = m.matchTime > 0
  return (
    <li>
      <Link href={`/sportMatch/${m.matchId}`} className={`match-row${live ? ' live' : ''}`}>
        <span className="league">{m.league}</span>
        <span className="teams">{t('sport.matchOf', { home: m.home, away: m.away })}</span>
        <span className="clock">{clockText(t, m, lang)}</span>
        {m.matchTime !== 0 && (
          <span className="score" aria-label={t('sport.scoreboard')}>
            {m.score.home} - {m.score.away}
          </span>
        )}
      </Link>
    </li>
  )
}

/** /sports and /footballPage: a sport's live and upcoming matches, the twelve sports as chips with their live counts. */
function SportsHome(props: { sport?: SportId }) {
  const { t } = useTranslation()
  const search = new URLSearchParams(useSearch())
  const chosen = props.sport ?? ((SPORT_IDS as readonly string[]).includes(search.get('sport') ?? '') ? (search.get('sport') as SportId) : 'football')
  const [state, setState] = useState<'live' | 'upcoming' | 'finished'>('live')
  const counts = usePolled(fetchSports, 30_000, [])
  // The list of the sport and tab shown, never the previous tab's while the new one loads (a tap
  // on 'Próximos' could open a live match from the list it replaced).
  const shown = `${chosen}|${state}`
  const polled = usePolled(async () => ({ of: shown, list: await fetchMatches(chosen, state) }), 10_000, [chosen, state])
  const matches = polled?.of === shown ? polled.list : null
  return (
    <SportShell titleId="sport-title" title={t(`sport.sports.${chosen}`)}>
      <ul className="sport-chips">
        {SPORT_IDS.map((s) => (
          <li key={s}>
            <Link href={s === 'football' ? '/footballPage' : `/sports?sport=${s}`} aria-current={s === chosen ? 'page' : undefined}>
              {t(`sport.sports.${s}`)}
              {(counts?.find((c) => c.sport === s)?.live ?? 0) > 0 && <small> · {t('sport.liveCount', { n: counts?.find((c) => c.sport === s)?.live })}</small>}
            </Link>
          </li>
        ))}
      </ul>
      <div role="tablist" className="segmented" aria-label={t('sport.title')}>
        {(['live', 'upcoming', 'finished'] as const).map((s) => (
          <button key={s} type="button" role="tab" aria-selected={state === s} onClick={() => setState(s)}>
            {t(`sport.${s}`)}
          </button>
        ))}
      </div>
      {matches && matches.length === 0 && <p className="muted">{t('sport.noMatches')}</p>}
      <ul className="match-list" data-testid="match-list">
        {(matches ?? []).map((m) => (
          <MatchRow key={m.matchId} m={m} />
        ))}
      </ul>
    </SportShell>
  )
}

/** One selection's odds button: in the slip or not; flashes when its odds move. */
function OddsButton(props: { match: SportMatch; market: Market; sel: Market['selections'][number] }) {
  const { t } = useTranslation()
  const lang = useSnapshot(store.session).lang
  const inSlip = useSnapshot(store.sport).slip.some((x) => x.selectionId === props.sel.selectionId)
  const { match, market, sel } = props
  const previous = useRef(sel.odds)
  const [move, setMove] = useState<'up' | 'down' | null>(null)
  useEffect(() => {
    if (sel.odds === previous.current) return
    setMove(sel.odds > previous.current ? 'up' : 'down')
    previous.current = sel.odds
    const id = setTimeout(() => setMove(null), 1500)
    return () => clearTimeout(id)
  }, [sel.odds])
  const { odds } = sel
  const mName = marketName(t, market, lang)
  const sName = sel.name === 'home' ? match.home : sel.name === 'away' ? match.away : t(`sport.selections.${sel.name}`)
  const open = market.status === 'open'
  return (
    <button
      type="button"
      className={`odds${move ? ` ${move}` : ''}`}
      aria-pressed={inSlip}
      disabled={!open}
      aria-label={t('sport.pick', { market: mName, selection: sName, odds: formatOdds(odds, lang) }) + (move ? ` (${t(move === 'up' ? 'sport.oddsUp' : 'sport.oddsDown')})` : '')}
      onClick={() => toggleSelection({ selectionId: sel.selectionId, matchId: match.matchId, match: t('sport.matchOf', { home: match.home, away: match.away }), label: `${mName}: ${sName}`, odds })}
    >
      <span className="sel">{sName}</span>
      <span className="price">{formatOdds(odds, lang)}</span>
    </button>
  )
}

/** The fetched match with what the socket pushed since (newer odds, statuses, clock). */
function merged(detail: MatchDetail | null, live: { matchId: string | null; odds: Record<string, number>; status: Record<string, Market['status']>; score: { matchTime: number; minute: number; score: { home: number; away: number } } | null }): MatchDetail | null {
  if (!detail || live.matchId !== detail.match.matchId) return detail
  return {
    ...detail,
    match: live.score ? { ...detail.match, ...live.score } : detail.match,
    markets: detail.markets.map((m) => ({ ...m, status: live.status[m.marketId] ?? m.status, selections: m.selections.map((s) => ({ ...s, odds: live.odds[s.selectionId] ?? s.odds })) })),
  }
}

/** /sportMatch/:id: the scoreboard and every market, grouped; live by socket for a signed-in player (a guest polls every 3 s). */
function MatchPage() {
  const { t } = useTranslation()
  const lang = useSnapshot(store.session).lang
  const { id = '' } = useParams<{ id: string }>()
  const connected = useSnapshot(store.realtime).connected
  const fetched = usePolled(
    async () => {
      const d = await fetchMatch(id)
      // A fresh read supersedes what was pushed before it.
      Object.assign(store.sport.live, { odds: {}, status: {}, score: null })
      return d
    },
    connected ? 15_000 : 3_000,
    [id, connected],
  )
  useEffect(() => {
    watchMatch(id)
    return () => watchMatch(null)
  }, [id])
  const live = useSnapshot(store.sport.live)
  const detail = merged(fetched, live as Parameters<typeof merged>[1])
  useEffect(() => {
    if (detail) refreshSlipOdds(detail.match.matchId, detail.markets)
  }, [detail])
  const m = detail?.match
  return (
    <SportShell titleId="match-title" title={m ? t('sport.matchOf', { home: m.home, away: m.away }) : t('sport.title')}>
      {m && (
        <div className="scoreboard" aria-label={t('sport.scoreboard')} aria-live="polite" data-testid="scoreboard">
          <span className="league">{m.league}</span>
          <strong>
            {m.score.home} - {m.score.away}
          </strong>
          <span>{clockText(t, m, lang)}</span>
          {detail.quarters.length > 0 && m.matchTime !== 0 && (
            <ol className="period-scores">
              {detail.quarters.map((q, i) => (
                <li key={i}>
                  {t('sport.quarterShort', { n: i + 1 })} {q.home}-{q.away}
                </li>
              ))}
            </ol>
          )}
        </div>
      )}
      {detail &&
        m &&
        groupMarkets(detail.markets).map((group) => {
          const first = group[0] as Market
          const lined = group.length > 1 || first.type === 'ah' || first.type === 'ou' || first.type === 'corners'
          return (
            <section key={first.marketId} className="market" aria-label={groupName(t, first)} data-testid="market-group">
              <h2>{groupName(t, first)}</h2>
              {group.map((market) => (
                <div key={market.marketId} className={`market-line ${market.status}`} role="group" aria-label={marketName(t, market, lang)}>
                  {lined && <span className="line">{lineText(market, lang)}</span>}
                  <div className="odds-row">
                    {market.selections.map((sel) => (
                      <OddsButton key={sel.selectionId} match={m} market={market} sel={sel} />
                    ))}
                  </div>
                  {market.status !== 'open' && <small className="market-status">{t(`sport.status.${market.status}`)}</small>}
                </div>
              ))}
            </section>
          )
        })}
      <p>
        <Link href="/sports">{t('sport.back')}</Link>
      </p>
    </SportShell>
  )
}

function BetCard(props: { bet: SportBetView }) {
  const { t } = useTranslation()
  const lang = useSnapshot(store.session).lang
  const { bet } = props
  return (
    <li className="sport-bet" data-testid="sport-bet">
      <p>
        <strong>{t(`sport.myBets.${bet.type}`)}</strong> · {t('sport.myBets.stake', { amount: formatMoney(bet.amount, lang), odds: formatOdds(bet.odds, lang) })}
      </p>
      <ul>
        {bet.legs.map((l) => (
          <li key={l.selectionId}>
            {marketName(t, { type: l.type as Market['type'], line: l.line, period: l.period }, lang)}: {t(`sport.selections.${l.selection}`)} @ {formatOdds(l.odds, lang)} ·{' '}
            <span data-testid="leg-result">{l.result === null ? t('sport.myBets.pending') : t(`records.betResults.${l.result}`)}</span>
          </li>
        ))}
      </ul>
      <p>{bet.status === 9999 ? t('sport.myBets.payout', { amount: formatMoney(bet.payout, lang) }) : t('sport.myBets.potential', { amount: formatMoney(centavosToReais(winningReturn(wireToCentavos(bet.amount), bet.legs.map((l) => l.odds))), lang) })}</p>
    </li>
  )
}

/** /sportBets: this player's bets, open and settled, each leg with its result. */
function MyBetsPage() {
  const { t } = useTranslation()
  const [state, setState] = useState<'open' | 'settled'>('open')
  const token = useSnapshot(store.session).token
  const bets = usePolled(() => (token ? fetchMyBets(state) : Promise.resolve([])), 5_000, [state, token])
  return (
    <SportShell titleId="mybets-title" title={t('sport.myBets.title')}>
      <div role="tablist" className="segmented" aria-label={t('sport.myBets.title')}>
        {(['open', 'settled'] as const).map((s) => (
          <button key={s} type="button" role="tab" aria-selected={state === s} onClick={() => setState(s)}>
            {t(`sport.myBets.${s}`)}
          </button>
        ))}
      </div>
      {bets && bets.length === 0 && <p className="muted">{t('sport.myBets.none')}</p>}
      <ul className="sport-bets">
        {(bets ?? []).map((b) => (
          <BetCard key={b.betId} bet={b} />
        ))}
      </ul>
    </SportShell>
  )
}

export default function SportRoute(props: { page: 'home' | 'football' | 'match' | 'bets' }) {
  if (props.page === 'match') return <MatchPage />
  if (props.page === 'bets') return <MyBetsPage />
  return <SportsHome sport={props.page === 'football' ? 'football' : undefined} />
}
