import { memo } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import type { Bet } from '../../../../shared/contract'
import type { Locale } from '../../../../shared/locales'
import { formatDecimal } from '../../../format/decimal'
import type { GameName } from '../../../store/actions/casino'
import { store } from '../../../store/store'

type ShownBet = Readonly<Pick<Bet, 'betId' | 'state'>> & Readonly<Partial<Pick<Bet, 'roll' | 'result' | 'multiplier'>>>

/** What each game's strip shows of a bet: the roll, the result, or the cash-out multiplier. */
const LABELS: Record<GameName, (bet: ShownBet, lang: Locale) => string> = {
  dice: (b, lang) => (b.roll === undefined ? '' : formatDecimal(b.roll, lang, 2)),
  limbo: (b, lang) => `${formatDecimal(b.result ?? 0, lang, 2)}×`,
  mines: (b, lang) => (b.state === 'won' ? `${formatDecimal(b.multiplier ?? 0, lang, 2)}×` : '0×'),
}

/** One result (memo: a new bet renders its own item, not the eleven before it). */
const RecentItem = memo(function RecentItem(props: { won: boolean; text: string }) {
  const { t } = useTranslation()
  return (
    <li className={props.won ? 'won' : 'lost'} aria-label={t(props.won ? 'casino.recentWon' : 'casino.recentLost', { value: props.text })}>
      {props.text}
    </li>
  )
})

/**
 * The last results of this game, newest first; a win is green. A leaf of its own: it reads the
 * game's history itself, so a bet re-renders the strip and not the page around it.
 */
export const RecentStrip = memo(function RecentStrip(props: { game: GameName }) {
  const { t } = useTranslation()
  const bets = useSnapshot(store.casino[props.game]).history
  const lang = useSnapshot(store.session).lang
  const label = (b: ShownBet) => LABELS[props.game](b, lang)
  const id = `${props.game}-recent`
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{t('casino.recent')}</h2>
      {bets.length === 0 ? (
        <p className="muted">{t('casino.noBets')}</p>
      ) : (
        <ol className="recent-strip">
          {bets.map((b) => (
            <RecentItem key={b.betId} won={b.state === 'won'} text={label(b)} />
          ))}
        </ol>
      )}
    </section>
  )
})
