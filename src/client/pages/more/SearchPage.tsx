import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'wouter'
import * as sport from '../../../shared/contract/sport'
import { api } from '../../store/actions/session'
import { gameName, GameTile } from '../games/GameTile'
import { useGames, useProviderGames } from '../games/gameLists'

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
export function SearchPage() {
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
                    <GameTile game={g} />
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
