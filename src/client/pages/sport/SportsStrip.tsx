/**
 * Home's sports strip: a few live and upcoming football matches with their main prices. A price
 * goes into the slip (kept in the browser; the sports pages open it), a match opens its page.
 * Its own small chunk: it imports no sportsbook page, only the slip's state and the feed's reads.
 */
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { Link, useLocation } from 'wouter'
import { fetchMatches, restoreSlip, type ListMatch } from '../../store/actions/sportSlip'
import { store } from '../../store/store'
import { useLoaded } from '../useLoaded'
import { clockText } from './names'
import { RowPrices } from './OddsButton'
import { Crest, SportIcon } from './SportArt'
import './strip.css'

/** How many of each the strip shows. */
const LIVE_MAX = 3
const UPCOMING_MAX = 3

function StripCard(props: { m: ListMatch }) {
  const { t } = useTranslation()
  const lang = useSnapshot(store.session).lang
  const { m } = props
  const live = m.matchTime > 0
  const prices = m.main && m.main.status !== 'closed' ? m.main : null
  return (
    <li className={`strip-card${live ? ' live' : ''}`} data-testid="strip-match">
      <Link href={`/sportMatch/${m.matchId}`} className="strip-match">
        <span className="strip-league">
          <SportIcon sport={m.sport} />
          <span>{m.league}</span>
          <span className="strip-clock">
            {live && <span className="live-dot" aria-hidden="true" />}
            {clockText(t, m, lang)}
          </span>
        </span>
        {(['home', 'away'] as const).map((side) => (
          <span key={side} className="strip-side">
            <Crest name={m[side]} size={16} />
            <span className="strip-name">{m[side]}</span>
            {live && <strong>{m.score[side]}</strong>}
          </span>
        ))}
      </Link>
      {prices && <RowPrices match={m} market={prices} />}
    </li>
  )
}

export default function SportsStrip() {
  const { t } = useTranslation()
  const [path] = useLocation()
  const n = useSnapshot(store.sport).slip.length
  useEffect(() => restoreSlip(), [])
  // Home stays mounted (hidden) behind other pages: the strip reads again only while it shows.
  const [matches] = useLoaded(
    async () => {
      const [live, upcoming] = await Promise.all([fetchMatches('football', 'live'), fetchMatches('football', 'upcoming')])
      const open = (m: ListMatch) => m.main?.status === 'open'
      return [...live.filter(open).slice(0, LIVE_MAX), ...upcoming.filter(open).slice(0, UPCOMING_MAX)]
    },
    [],
    { pollMs: path === '/home' ? 20_000 : undefined },
  )
  if (!matches || matches.length === 0) return null
  return (
    <section className="sports-strip" aria-labelledby="sports-strip-title" data-testid="sports-strip">
      <header className="section-head strip-head">
        <h2 id="sports-strip-title">{t('sport.strip.title')}</h2>
        {n > 0 && (
          <Link href="/footballPage?slip=1" className="strip-slip" data-testid="strip-slip">
            {t('sport.slip.open', { n })}
          </Link>
        )}
        <Link href="/footballPage" className="see-all">
          {t('sport.strip.all')}
        </Link>
      </header>
      <ul className="strip-list">
        {matches.map((m) => (
          <StripCard key={m.matchId} m={m} />
        ))}
      </ul>
    </section>
  )
}
