import { memo } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { centavosToReais } from '../../../../shared/money'
import { formatMoney } from '../../../format/format'
import { useDecimalField } from '../../../format/useDecimalField'
import type { RoundGameId } from '../../../../shared/games/rounds/types'
import type { GameName } from '../../../store/actions/casino'
import { clampStake, doubleStake, halfStake, MAX_STAKE, maxStakeFor, MIN_STAKE, stakeCentavos } from '../../../store/stake'
import { store } from '../../../store/store'

/** The stake input with ½, 2×, min and max; locked while a game or an auto run uses it. */
/** The slice whose `stake` a game's field edits: a casino original's or a shared-round game's. */
const stakeHolder = (game: GameName | RoundGameId): { stake: string } => (game in store.rounds ? store.rounds[game as RoundGameId] : store.casino[game as GameName])

export const StakeField = memo(function StakeField(props: { game: GameName | RoundGameId; locked?: boolean }) {
  const { t } = useTranslation()
  const snap = useSnapshot(store)
  const { game } = props
  const lang = snap.session.lang
  const value = useSnapshot(stakeHolder(game)).stake
  const stake = stakeCentavos(value)
  const locked = props.locked || (!(game in store.rounds) && snap.casino.auto.running !== null)
  const set = (v: string) => (stakeHolder(game).stake = v)
  const input = useDecimalField(value, set, lang)
  const id = `${game}-stake`
  const invalid = stake === null || stake < MIN_STAKE || stake > MAX_STAKE
  return (
    <div className="field">
      <label htmlFor={id}>{t('casino.stake')}</label>
      <div className="field-row stake-row">
        <input id={id} {...input} disabled={locked} aria-invalid={invalid} aria-describedby={`${id}-hint`} />
        <button type="button" className="secondary small" disabled={locked} onClick={() => set(halfStake(stake ?? 0n))}>
          <span aria-hidden="true">½</span>
          <span className="visually-hidden">{t('casino.halfLabel')}</span>
        </button>
        <button type="button" className="secondary small" disabled={locked} onClick={() => set(doubleStake(stake ?? 0n))}>
          <span aria-hidden="true">2×</span>
          <span className="visually-hidden">{t('casino.doubleLabel')}</span>
        </button>
        <button type="button" className="secondary small" disabled={locked} onClick={() => set(clampStake(MIN_STAKE))}>
          <span aria-hidden="true">{t('casino.min')}</span>
          <span className="visually-hidden">{t('casino.minLabel')}</span>
        </button>
        <button type="button" className="secondary small" disabled={locked} onClick={() => set(maxStakeFor(store.user?.balance))}>
          <span aria-hidden="true">{t('casino.max')}</span>
          <span className="visually-hidden">{t('casino.maxLabel')}</span>
        </button>
      </div>
      <small id={`${id}-hint`} className={invalid ? 'error-text' : 'muted'}>
        {t('casino.stakeHint', { min: formatMoney(centavosToReais(MIN_STAKE), lang), max: formatMoney(centavosToReais(MAX_STAKE), lang) })}
      </small>
    </div>
  )
})
