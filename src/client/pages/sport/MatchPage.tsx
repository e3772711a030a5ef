/** /sportMatch/:id: the scoreboard with both sides' crests (a race: its name, distance and track, its winner once run) and every market, grouped (a race's runners a price each); live by socket for a signed-in player (a guest polls every 3 s). */
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { Link, useParams } from 'wouter'
import { fetchMatch, refreshSlipOdds, type Market, type MatchDetail } from '../../store/actions/sportSlip'
import { watchMatch } from '../../store/realtime'
import { store } from '../../store/store'
import { useLoaded } from '../useLoaded'
import { clockText, countryName, groupMarkets, groupName, isRace, lineText, marketName, matchTitle, raceWinnerText } from './names'
import { OddsButton, RunnerPrices } from './OddsButton'
import { CountryMark, Crest, SportIcon } from './SportArt'
import { SportShell } from './SportShell'

type Live = { matchId: string | null; odds: Record<string, number>; status: Record<string, Market['status']>; score: { matchTime: number; minute: number; score: { home: number; away: number } } | null }

/** The fetched match with what the socket pushed since (newer odds, statuses, clock). */
function merged(detail: MatchDetail | null, live: Live): MatchDetail | null {
  if (!detail || live.matchId !== detail.match.matchId) return detail
  return {
    ...detail,
    match: live.score ? { ...detail.match, ...live.score } : detail.match,
    markets: detail.markets.map((m) => ({ ...m, status: live.status[m.marketId] ?? m.status, selections: m.selections.map((s) => ({ ...s, odds: live.odds[s.selectionId] ?? s.odds })) })),
  }
}

function Scoreboard(props: { detail: MatchDetail }) {
  const { t } = useTranslation()
  const lang = useSnapshot(store.session).lang
  const { match: m, quarters } = props.detail
  const started = m.matchTime !== 0
  const race = isRace(m)
  return (
    <div className={`scoreboard${m.matchTime > 0 ? ' live' : ''}`} role="group" aria-label={t('sport.scoreboard')} aria-live="polite" data-testid="scoreboard">
      <span className="league">
        <SportIcon sport={m.sport} />
        <CountryMark country={m.country} />
        {countryName(t, m.country)} · {m.league}
      </span>
      {race ? (
        <div className="race-head">
          <strong>{m.home}</strong>
          <span className="race-details">{m.away}</span>
          {raceWinnerText(t, m) && <strong className="race-winner">{raceWinnerText(t, m)}</strong>}
        </div>
      ) : (
      <div className="sides">
        <span className="side">
          <Crest name={m.home} size={40} />
          <span>{m.home}</span>
        </span>
        <strong className="result">{started ? `${m.score.home} - ${m.score.away}` : t('sport.versus')}</strong>
        <span className="side">
          <Crest name={m.away} size={40} />
          <span>{m.away}</span>
        </span>
      </div>
      )}
      <span className="clock">
        {m.matchTime > 0 && <span className="live-dot" aria-hidden="true" />}
        {clockText(t, m, lang)}
      </span>
      {quarters.length > 0 && started && (
        <ol className="period-scores">
          {quarters.map((q, i) => (
            <li key={i}>
              {t('sport.quarterShort', { n: i + 1 })} {q.home}-{q.away}
            </li>
          ))}
        </ol>
      )}
    </div>
  )
}

export function MatchPage() {
  const { t } = useTranslation()
  const lang = useSnapshot(store.session).lang
  const { id = '' } = useParams<{ id: string }>()
  const connected = useSnapshot(store.realtime).connected
  const [fetched] = useLoaded(
    async () => {
      const d = await fetchMatch(id)
      // A fresh read supersedes what was pushed before it.
      Object.assign(store.sport.live, { odds: {}, status: {}, score: null })
      return d
    },
    [id],
    { pollMs: connected ? 15_000 : 3_000 },
  )
  useEffect(() => {
    watchMatch(id)
    return () => watchMatch(null)
  }, [id])
  const live = useSnapshot(store.sport.live)
  const detail = merged(fetched?.match.matchId === id ? fetched : null, live as Live)
  useEffect(() => {
    if (detail) refreshSlipOdds(detail.match.matchId, detail.markets, detail.match.matchTime > 0)
  }, [detail])
  const m = detail?.match
  return (
    <SportShell titleId="match-title" title={m ? matchTitle(t, m) : t('sport.title')}>
      {detail && <Scoreboard detail={detail} />}
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
                  {isRace(m) ? (
                    <RunnerPrices match={m} market={market} />
                  ) : (
                    <div className="odds-row">
                      {market.selections.map((sel) => (
                        <OddsButton key={sel.selectionId} match={m} market={market} sel={sel} />
                      ))}
                    </div>
                  )}
                  {market.status !== 'open' && <small className="market-status">{t(`sport.status.${market.status}`)}</small>}
                </div>
              ))}
            </section>
          )
        })}
      <p>
        <Link href={m ? (m.sport === 'football' ? '/footballPage' : `/sports?sport=${m.sport}`) : '/sports'}>{t('sport.back')}</Link>
      </p>
    </SportShell>
  )
}
