import { memo, type ChangeEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { formatMoney } from '../../../format/format'
import { useDecimalField } from '../../../format/useDecimalField'
import { runAuto, stopAuto, type GameName } from '../../../store/actions/casino'
import { store } from '../../../store/store'

type AutoKey = 'count' | 'stopProfit' | 'stopLoss' | 'onWinPct' | 'onLossPct'

/** One auto setting: the count is a whole number; the amounts and percentages are decimals in the locale. */
function AutoField(props: { name: AutoKey; label: string; placeholder?: string; disabled: boolean }) {
  const snap = useSnapshot(store)
  const { name } = props
  const decimal = useDecimalField(snap.casino.auto[name], (v) => (store.casino.auto[name] = v), snap.session.lang)
  const input =
    name === 'count'
      ? { value: snap.casino.auto.count, inputMode: 'numeric' as const, autoComplete: 'off', onChange: (e: ChangeEvent<HTMLInputElement>) => (store.casino.auto.count = e.target.value) }
      : decimal
  return (
    <label className="field">
      <span>{props.label}</span>
      <input {...input} placeholder={props.placeholder} disabled={props.disabled} />
    </label>
  )
}

/** Manual or automatic play: the tabs, and the auto settings with start and stop. */
export const ModeTabs = memo(function ModeTabs(props: { mode: 'manual' | 'auto'; onMode(mode: 'manual' | 'auto'): void; game: GameName }) {
  const { t } = useTranslation()
  const running = useSnapshot(store.casino.auto).running !== null
  return (
    <div role="radiogroup" aria-label={t('casino.auto.mode')} className="segmented mode-tabs">
      {(['manual', 'auto'] as const).map((m) => (
        <button key={m} type="button" role="radio" aria-checked={props.mode === m} disabled={running} onClick={() => props.onMode(m)}>
          {t(`casino.auto.${m}`)}
        </button>
      ))}
    </div>
  )
})

export function AutoBetPanel(props: { game: GameName; ready: boolean; hint?: string }) {
  const { t } = useTranslation()
  const snap = useSnapshot(store)
  const auto = snap.casino.auto
  const running = auto.running !== null
  const lang = snap.session.lang
  const field = (key: AutoKey, label: string, placeholder?: string) => <AutoField name={key} label={label} placeholder={placeholder} disabled={running} />
  const rule = (which: 'onWin' | 'onLoss') => (
    <fieldset className="auto-rule">
      <legend>{t(`casino.auto.${which}`)}</legend>
      <div role="radiogroup" aria-label={t(`casino.auto.${which}`)} className="segmented">
        {(['reset', 'increase'] as const).map((r) => (
          <button key={r} type="button" role="radio" aria-checked={auto[which] === r} disabled={running} onClick={() => (store.casino.auto[which] = r)}>
            {t(`casino.auto.${r}`)}
          </button>
        ))}
      </div>
      {auto[which] === 'increase' && field(which === 'onWin' ? 'onWinPct' : 'onLossPct', t('casino.auto.byPercent'))}
    </fieldset>
  )
  return (
    <div className="auto-panel">
      <div className="auto-grid">
        {field('count', t('casino.auto.count'), '0 = ∞')}
        {field('stopProfit', t('casino.auto.stopProfit'), '—')}
        {field('stopLoss', t('casino.auto.stopLoss'), '—')}
      </div>
      {rule('onWin')}
      {rule('onLoss')}
      {props.hint && <p className="muted">{props.hint}</p>}
      {running ? (
        <button type="button" className="primary bet-button stop" onClick={stopAuto}>
          {t('casino.auto.stop', { played: auto.played, count: auto.played })}
        </button>
      ) : (
        <button type="button" className="primary bet-button" disabled={!props.ready} onClick={() => void runAuto(props.game)}>
          {t('casino.auto.start')}
        </button>
      )}
      <p className="auto-status" role="status">
        {auto.played > 0 ? t('casino.auto.status', { played: auto.played, count: auto.played, profit: formatMoney(auto.profit, lang) }) : ''}
      </p>
    </div>
  )
}
