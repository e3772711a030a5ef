import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { formatMoney } from '../../../format/format'
import { clampStake, MAX_STAKE, MIN_STAKE, stakeText, type GameName } from '../../../store/actions/casino'
import { store } from '../../../store/store'

/** The stake input with ½, 2×, min and max; locked while a game or an auto run uses it. */
export function StakeField(props: { game: GameName; locked?: boolean }) {
  const { t } = useTranslation()
  const snap = useSnapshot(store)
  const { game } = props
  const lang = snap.session.lang
  const value = snap.casino[game].stake
  const stake = Number(stakeText(value) ?? 0)
  const locked = props.locked || snap.casino.auto.running !== null
  const set = (v: string) => (store.casino[game].stake = v)
  const id = `${game}-stake`
  const invalid = stakeText(value) === null || stake < MIN_STAKE || stake > MAX_STAKE
  return (
    <div className="field">
      <label htmlFor={id}>{t('casino.stake')}</label>
      <div className="field-row stake-row">
        <input id={id} inputMode="decimal" autoComplete="off" value={value} disabled={locked} aria-invalid={invalid} aria-describedby={`${id}-hint`} onChange={(e) => set(e.target.value)} />
        <button type="button" className="secondary small" disabled={locked} onClick={() => set(clampStake(stake / 2))} aria-label={t('casino.halfLabel')}>
          ½
        </button>
        <button type="button" className="secondary small" disabled={locked} onClick={() => set(clampStake(stake * 2))} aria-label={t('casino.doubleLabel')}>
          2×
        </button>
        <button type="button" className="secondary small" disabled={locked} onClick={() => set(clampStake(MIN_STAKE))} aria-label={t('casino.minLabel')}>
          {t('casino.min')}
        </button>
        <button type="button" className="secondary small" disabled={locked} onClick={() => set(clampStake(Math.min(MAX_STAKE, snap.user?.balance ?? MAX_STAKE)))} aria-label={t('casino.maxLabel')}>
          {t('casino.max')}
        </button>
      </div>
      <small id={`${id}-hint`} className={invalid ? 'error-text' : 'muted'}>
        {t('casino.stakeHint', { min: formatMoney(MIN_STAKE, lang), max: formatMoney(MAX_STAKE, lang) })}
      </small>
    </div>
  )
}
