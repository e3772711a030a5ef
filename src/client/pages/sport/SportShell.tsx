/** Every sports page: its nav and title; in demo mode a note that the matches are simulated; without a feed, only that the sportsbook is closed. The slip floats over it. */
import { useEffect, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { Link, useLocation, useSearch } from 'wouter'
import { restoreSlip } from '../../store/actions/sportSlip'
import { demoExpected } from '../../store/modeHint'
import { store } from '../../store/store'
import { BetSlip } from './BetSlip'
import './sport.css'

export function SportShell(props: { children: ReactNode; titleId: string; title: string }) {
  const { t } = useTranslation()
  // Until appInfo answers, a demo build's feed is the simulator: its note paints with the page (it was
  // the page's largest paint, and its late arrival moved the list).
  const app = useSnapshot(store.app)
  const feed = app.sport ?? (demoExpected() ? 'simulator' : null)
  // The Odds API in demo mode reads its emulator, whose matches are the simulator's.
  const simulated = feed === 'simulator' || (feed === 'theoddsapi' && app.mode === 'demo')
  const [path] = useLocation()
  // Home's strip sends the player here with ?slip=1 to open the slip it filled.
  const openSlip = new URLSearchParams(useSearch()).has('slip')
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
  const bets = path === '/sportBets'
  return (
    <section className="sport" aria-labelledby={props.titleId}>
      <nav className="sport-nav" aria-label={t('sport.title')}>
        <Link href="/sports" aria-current={!bets ? 'page' : undefined}>
          {t('sport.title')}
        </Link>
        <Link href="/sportBets" aria-current={bets ? 'page' : undefined}>
          {t('sport.myBets.title')}
        </Link>
      </nav>
      <h1 id={props.titleId}>{props.title}</h1>
      {simulated && (
        <p className="sport-note" data-testid="sport-simulated">
          {t('sport.simulated')}
        </p>
      )}
      {props.children}
      <BetSlip initiallyOpen={openSlip} />
    </section>
  )
}
