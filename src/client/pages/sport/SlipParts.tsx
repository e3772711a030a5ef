/** The bet slip's pieces: a stake field, the quick-stake chips, the in-play waiting state and the card of bets just taken (at the odds the server recorded). */
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { Link } from 'wouter'
import { SPORT_LIVE_DELAY_DEFAULT } from '../../../shared/contract/sport'
import { formatOdds } from '../../format/decimal'
import { formatMoney } from '../../format/format'
import { useDecimalField } from '../../format/useDecimalField'
import { pendingInfo, slipLimits, type Placed } from '../../store/actions/sport'
import { store } from '../../store/store'

/** The quick stakes, reais (wire text): what a Brazilian player taps most. */
export const QUICK_STAKES = ['5.00', '10.00', '20.00', '50.00', '100.00'] as const

/** A stake field; `short` is what it shows (its full label is for assistive technology: 'Valor em Resultado final: Flamengo'). */
export function StakeInput(props: { id: string; label: string; short?: string; value: string; onValue: (v: string) => void; disabled?: boolean }) {
  const lang = useSnapshot(store.session).lang
  const input = useDecimalField(props.value, props.onValue, lang)
  return (
    <label className="field stake-field" htmlFor={props.id}>
      {props.short ? (
        <span>
          <span className="visually-hidden">{props.label}</span>
          <span aria-hidden="true">{props.short}</span>
        </span>
      ) : (
        <span>{props.label}</span>
      )}
      <span className="stake-box">
        <span aria-hidden="true">R$</span>
        <input id={props.id} {...input} disabled={props.disabled} />
      </span>
    </label>
  )
}

/** Chips that set a stake: pressed when the stake is theirs. */
export function StakeChips(props: { label: string; value: string | null; onPick: (v: string) => void; disabled?: boolean }) {
  const lang = useSnapshot(store.session).lang
  return (
    <div className="stake-chips" role="group" aria-label={props.label}>
      {QUICK_STAKES.map((v) => (
        <button key={v} type="button" className="chip" aria-pressed={props.value !== null && Number(props.value) === Number(v)} disabled={props.disabled} onClick={() => props.onPick(v)}>
          {formatMoney(Number(v), lang)}
        </button>
      ))}
    </div>
  )
}

/** While a bet is being placed: in play, a spinner, a bar over the server's delay and what it is waiting for; else a short 'placing'. */
export function Waiting() {
  const { t } = useTranslation()
  const { live } = useSnapshot(pendingInfo)
  const delay = useSnapshot(slipLimits).value?.liveDelay ?? SPORT_LIVE_DELAY_DEFAULT
  return (
    <div className={`slip-waiting${live ? ' live' : ''}`} role="status" data-testid="slip-waiting">
      <span className="spinner" aria-hidden="true" />
      <p>{live && delay > 0 ? t('sport.slip.waitingLive', { s: delay }) : t('sport.slip.placing')}</p>
      {live && delay > 0 && (
        <span className="wait-bar" aria-hidden="true">
          <i style={{ animationDuration: `${delay}s` }} />
        </span>
      )}
    </div>
  )
}

/** The bets the server just took: each one's id, selections, stake, the odds it recorded and what it pays if it wins. */
export function PlacedCard(props: { placed: readonly Placed[]; floating?: boolean; onDismiss?: () => void }) {
  const { t } = useTranslation()
  const lang = useSnapshot(store.session).lang
  return (
    <div className={props.floating ? 'slip-done floating' : 'slip-done'} role="status" data-testid="slip-done">
      <p className="done-title">
        <span aria-hidden="true">✓ </span>
        {props.placed.length === 1 ? t('sport.slip.acceptedOne') : t('sport.slip.acceptedMany', { n: props.placed.length })}
      </p>
      <ul>
        {props.placed.map((p) => (
          <li key={p.betId} data-testid="placed-bet">
            <strong>{t(p.type === 'parlay' ? 'sport.slip.placedParlay' : 'sport.slip.placedSingle', { id: p.betId })}</strong>
            {p.type === 'single' && <span className="placed-pick">{p.items.map((i) => `${i.match} · ${i.label}`).join('; ')}</span>}
            <span data-testid="placed-line">{t('sport.slip.placedLine', { amount: formatMoney(p.stake, lang), odds: formatOdds(p.odds, lang), win: formatMoney(p.potentialWin, lang) })}</span>
          </li>
        ))}
      </ul>
      <p className="done-actions">
        <Link href="/sportBets">{t('sport.slip.seeBets')}</Link>
        {props.onDismiss && (
          <button type="button" className="link-button" onClick={props.onDismiss}>
            {t('sport.slip.dismiss')}
          </button>
        )}
      </p>
    </div>
  )
}
