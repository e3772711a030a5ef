import { useTranslation } from 'react-i18next'
import type { Bet } from '../../../../shared/contract'

type ShownBet = Readonly<Pick<Bet, 'betId' | 'state'>> & Readonly<Partial<Pick<Bet, 'roll' | 'result' | 'multiplier'>>>

/** The last results of this game, newest first; a win is green. */
export function RecentStrip(props: { game: string; bets: readonly ShownBet[]; label(bet: ShownBet): string }) {
  const { t } = useTranslation()
  const id = `${props.game}-recent`
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{t('casino.recent')}</h2>
      {props.bets.length === 0 ? (
        <p className="muted">{t('casino.noBets')}</p>
      ) : (
        <ol className="recent-strip">
          {props.bets.map((b) => (
            <li key={b.betId} className={b.state === 'won' ? 'won' : 'lost'} aria-label={t(b.state === 'won' ? 'casino.recentWon' : 'casino.recentLost', { value: props.label(b) })}>
              {props.label(b)}
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
