import { memo } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { diceMultiplier } from '../../../../shared/games/dice'
import { minesMultiplier, TILES } from '../../../../shared/games/mines'
import { multiplierToNumber } from '../../../../shared/games/payout'
import { formatDecimal } from '../../../format/decimal'
import type { GameName } from '../../../store/actions/casino'
import { store } from '../../../store/store'
import { LazyPanel } from './LazyPanel'

const DICE_CHANCES = [98, 90, 75, 50, 25, 10, 5, 1]
const LIMBO_TARGETS = [1.01, 1.5, 2, 3, 5, 10, 100, 1000, 1_000_000]

/**
 * The game's return to player and its pay table, from the same functions the server pays with.
 * The body is built only while the panel is open: a closed panel costs a game page nothing.
 */
export const InfoPanel = memo(function InfoPanel(props: { game: GameName; mines?: number }) {
  const { t } = useTranslation()
  return (
    <LazyPanel className="info" summary={t('casino.info.title')}>
      {() => <InfoBody game={props.game} mines={props.mines} />}
    </LazyPanel>
  )
})

function InfoBody(props: { game: GameName; mines?: number | undefined }) {
  const { t } = useTranslation()
  const { game } = props
  const lang = useSnapshot(store.session).lang
  const num = (value: number, digits: number) => formatDecimal(value, lang, digits)
  let rows: Array<[string, string]>
  let head: [string, string]
  if (game === 'dice') {
    head = [t('casino.winChance'), t('casino.multiplier')]
    rows = DICE_CHANCES.map((c) => [`${num(c, 2)}%`, `${num(multiplierToNumber(diceMultiplier(c * 100, 'under')), 4)}×`])
  } else if (game === 'limbo') {
    head = [t('casino.limbo.target'), t('casino.winChance')]
    rows = LIMBO_TARGETS.map((x) => [`${num(x, 2)}×`, `${num(99 / x, x >= 10_000 ? 6 : 4)}%`])
  } else {
    const m = props.mines ?? 3
    head = [t('casino.mines.gems'), t('casino.multiplier')]
    rows = Array.from({ length: TILES - m }, (_, i) => [String(i + 1), `${num(multiplierToNumber(minesMultiplier(m, i + 1)), 4)}×`])
  }
  return (
    <>
      <p>{t(`casino.info.rtp_${game}`)}</p>
      <p className="muted">{t(`casino.info.rules_${game}`, { mines: props.mines ?? 3, count: props.mines ?? 3 })}</p>
      <div className="pay-table-wrap">
        <table className="pay-table">
          <caption className="visually-hidden">{t('casino.info.table')}</caption>
          <thead>
            <tr>
              <th scope="col">{head[0]}</th>
              <th scope="col">{head[1]}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(([a, b]) => (
              <tr key={a}>
                <td>{a}</td>
                <td>{b}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  )
}
