/** A match in a list: its sides with their crests, clock and score (a link to the match), and its main market's prices as buttons into the slip; a race: its name, distance and track, its winner once run, and a price per runner. */
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { Link } from 'wouter'
import type { ListMatch } from '../../store/actions/sportSlip'
import { store } from '../../store/store'
import { clockText, isRace, raceWinnerText } from './names'
import { RowPrices, RunnerPrices } from './OddsButton'
import { Crest } from './SportArt'

export function MatchRow(props: { m: ListMatch }) {
  const { t } = useTranslation()
  const lang = useSnapshot(store.session).lang
  const { m } = props
  const live = m.matchTime > 0
  const started = m.matchTime !== 0
  const prices = m.main && m.main.status !== 'closed' ? m.main : null
  if (isRace(m)) {
    const winner = raceWinnerText(t, m)
    return (
      <li className={`match-row race${live ? ' live' : ''}`} data-testid="match-row">
        <Link href={`/sportMatch/${m.matchId}`} className="match-link">
          <span className="clock">
            {live && <span className="live-dot" aria-hidden="true" />}
            {clockText(t, m, lang)}
          </span>
          <span className="side">
            <span className="side-name">{m.home}</span>
          </span>
          <span className="race-details">{m.away}</span>
          {winner && <span className="race-winner">{winner}</span>}
        </Link>
        {prices && <RunnerPrices match={m} market={prices} />}
      </li>
    )
  }
  return (
    <li className={`match-row${live ? ' live' : ''}`} data-testid="match-row">
      <Link href={`/sportMatch/${m.matchId}`} className="match-link">
        <span className="clock">
          {live && <span className="live-dot" aria-hidden="true" />}
          {clockText(t, m, lang)}
        </span>
        {(['home', 'away'] as const).map((side) => (
          <span key={side} className="side">
            <Crest name={m[side]} size={16} />
            <span className="side-name">{m[side]}</span>
            {started && <span className="score">{m.score[side]}</span>}
          </span>
        ))}
      </Link>
      {prices && <RowPrices match={m} market={prices} />}
    </li>
  )
}
