/** /sports and /footballPage: the twelve sports as icons with their live counts, then a sport's live, upcoming or finished matches, leagues grouped under their country. */
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useSearch } from 'wouter'
import { SPORT_IDS, type SportId } from '../../../shared/contract/sport'
import { fetchMatches, fetchSports, type ListMatch } from '../../store/actions/sportSlip'
import { useLoaded } from '../useLoaded'
import { MatchRow } from './MatchRow'
import { countryName } from './names'
import { CountryMark, SportIcon } from './SportArt'
import { SportShell } from './SportShell'

type ListState = 'live' | 'upcoming' | 'finished'

/** The list's matches by country (Brazil first: the players are Brazilian), then league, each in the order its first match comes (the list is by kick-off). */
function byCountry(list: readonly ListMatch[]): { country: string; leagues: { league: string; matches: ListMatch[] }[] }[] {
  const countries = new Map<string, Map<string, ListMatch[]>>()
  for (const m of list) {
    const leagues = countries.get(m.country) ?? new Map<string, ListMatch[]>()
    leagues.set(m.league, [...(leagues.get(m.league) ?? []), m])
    countries.set(m.country, leagues)
  }
  return [...countries]
    .sort(([a], [b]) => Number(b === 'BR') - Number(a === 'BR'))
    .map(([country, leagues]) => ({ country, leagues: [...leagues].map(([league, matches]) => ({ league, matches })) }))
}

export function SportsHome(props: { sport?: SportId }) {
  const { t } = useTranslation()
  const search = new URLSearchParams(useSearch())
  const asked = search.get('sport') ?? ''
  const chosen = props.sport ?? ((SPORT_IDS as readonly string[]).includes(asked) ? (asked as SportId) : 'football')
  const [counts] = useLoaded(fetchSports, [], { pollMs: 30_000 })
  const liveNow = counts?.find((c) => c.sport === chosen)?.live
  // The player's tab; until they pick one, live where the sport has live matches, else upcoming.
  const [picked, setPicked] = useState<{ sport: SportId; state: ListState } | null>(null)
  const state: ListState = picked?.sport === chosen ? picked.state : liveNow === 0 ? 'upcoming' : 'live'
  // The list of the sport and tab shown, never the previous tab's while the new one loads (a tap
  // on 'Próximos' could open a live match from the list it replaced).
  const shown = `${chosen}|${state}`
  const [loaded] = useLoaded(async () => ({ of: shown, list: await fetchMatches(chosen, state) }), [shown], { pollMs: state === 'live' ? 5_000 : 30_000 })
  const matches = loaded?.of === shown ? loaded.list : null
  return (
    <SportShell titleId="sport-title" title={t(`sport.sports.${chosen}`)}>
      <ul className="sport-bar" aria-label={t('sport.sportsList')}>
        {SPORT_IDS.map((s) => {
          const live = counts?.find((c) => c.sport === s)?.live ?? 0
          return (
            <li key={s}>
              <Link href={s === 'football' ? '/footballPage' : `/sports?sport=${s}`} aria-current={s === chosen ? 'page' : undefined}>
                <span className="sport-bar-icon">
                  <SportIcon sport={s} />
                  {live > 0 && (
                    <span className="live-count" aria-hidden="true">
                      {live}
                    </span>
                  )}
                </span>
                <span className="sport-bar-name">{t(`sport.sports.${s}`)}</span>
                {live > 0 && <span className="visually-hidden">, {t('sport.liveCount', { n: live })}</span>}
              </Link>
            </li>
          )
        })}
      </ul>
      <div role="tablist" className="segmented" aria-label={t('sport.title')}>
        {(['live', 'upcoming', 'finished'] as const).map((s) => (
          <button key={s} type="button" role="tab" aria-selected={state === s} onClick={() => setPicked({ sport: chosen, state: s })}>
            {t(`sport.${s}`)}
            {s === 'live' && (liveNow ?? 0) > 0 && <span className="tab-count">{liveNow}</span>}
          </button>
        ))}
      </div>
      {matches && matches.length === 0 && <p className="muted">{t('sport.noMatches')}</p>}
      <div className="match-list" data-testid="match-list">
        {byCountry(matches ?? []).map(({ country, leagues }) => (
          <section key={country} className="country-group" aria-label={countryName(t, country)}>
            <h2 className="country-head">
              <CountryMark country={country} />
              {countryName(t, country)}
            </h2>
            {leagues.map(({ league, matches: rows }) => (
              <div key={league} className="league-group">
                <h3 className="league-head">
                  <SportIcon sport={chosen} />
                  {league}
                </h3>
                <ul className="league-matches">
                  {rows.map((m) => (
                    <MatchRow key={m.matchId} m={m} />
                  ))}
                </ul>
              </div>
            ))}
          </section>
        ))}
      </div>
    </SportShell>
  )
}
