import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { SPORT_LIMIT_DEFAULTS, SPORT_MAX_LEGS_DEFAULT } from '../../../shared/contract/sport'
import { centavosToReais } from '../../../shared/money'
import { winningReturn } from '../../../shared/sport/settle'
import { formatOdds } from '../../format/decimal'
import { productOdds } from '../../../shared/sport/odds'
import { formatMoney } from '../../format/format'
import { useDecimalField } from '../../format/useDecimalField'
import { Modal } from '../../overlays/Modal'
import { clearSlip, placeParlay, placeSingles, refreshSlip, removeSelection, setAcceptOdds, setSlipStake, slipLimits } from '../../store/actions/sport'
import { stakeCentavos } from '../../store/stake'
import { store } from '../../store/store'

/** What a stake at these odds returns if it wins, floored to the centavo as the server pays. */
const winOf = (stakeText: string, odds: readonly number[]) => {
  const stake = stakeCentavos(stakeText)
  return stake === null ? 0 : centavosToReais(winningReturn(stake, odds))
}

function StakeInput(props: { id: string; label: string; value: string; onValue: (v: string) => void }) {
  const lang = useSnapshot(store.session).lang
  const input = useDecimalField(props.value, props.onValue, lang)
  return (
    <label className="field" htmlFor={props.id}>
      <span>{props.label}</span>
      <input id={props.id} {...input} />
    </label>
  )
}

/** The bet slip: a floating counter on the sports pages, and the slip itself as a dialog. */
export function BetSlip() {
  const { t } = useTranslation()
  const s = useSnapshot(store.sport)
  const lang = useSnapshot(store.session).lang
  const [open, setOpen] = useState(false)
  const [done, setDone] = useState<string | null>(null)
  const n = s.slip.length
  const limits = useSnapshot(slipLimits).value ?? { minStake: Number(SPORT_LIMIT_DEFAULTS.minStake), maxStake: Number(SPORT_LIMIT_DEFAULTS.maxStake), maxLegs: SPORT_MAX_LEGS_DEFAULT }
  const distinct = new Set(s.slip.map((x) => x.matchId)).size === n
  const open_ = s.slip.filter((i) => (i.status ?? 'open') === 'open')
  const parlayOdds = productOdds(s.slip.map((i) => Math.round(i.odds * 1000)))
  const singlesWin = open_.reduce((sum, i) => sum + winOf(s.stakes[i.selectionId] ?? '1.00', [i.odds]), 0)
  const openSlip = () => {
    setDone(null)
    setOpen(true)
    void refreshSlip()
  }
  const singles = async () => {
    const placed = await placeSingles()
    if (placed.length) setDone(placed.map((p) => t('sport.slip.placed', { amount: formatMoney(p.stake, lang), win: formatMoney(p.potentialWin, lang) })).join(' '))
  }
  const parlay = async () => {
    const placed = await placeParlay()
    if (placed) setDone(t('sport.slip.placed', { amount: formatMoney(placed.stake, lang), win: formatMoney(placed.potentialWin, lang) }))
  }
  return (
    <>
      {n > 0 && !open && (
        <button type="button" className="slip-counter primary" onClick={openSlip} data-testid="slip-counter">
          {t('sport.slip.open', { n })}
        </button>
      )}
      {done && !open && (
        <p role="status" className="slip-done" data-testid="slip-done">
          {done}
        </p>
      )}
      {open && (
        <Modal title={t('sport.slip.title')} onClose={() => setOpen(false)} className="bet-slip">
          {n === 0 && <p className="muted">{t('sport.slip.empty')}</p>}
          {done && (
            <p role="status" data-testid="slip-done">
              {done}
            </p>
          )}
          <ul className="slip-items">
            {s.slip.map((i) => (
              <li key={i.selectionId}>
                <p>
                  <strong>{i.label}</strong> · {formatOdds(i.odds, lang)}
                  <br />
                  <small>{i.match}</small>
                </p>
                {(i.status ?? 'open') !== 'open' && (
                  <p className="slip-warn" role="status" data-testid="slip-unavailable">
                    {t('sport.slip.unavailable', { reason: t(`sport.status.${i.status}`) })}
                  </p>
                )}
                <button type="button" className="icon-button" aria-label={t('sport.slip.remove', { name: i.label })} onClick={() => removeSelection(i.selectionId)}>
                  ×
                </button>
                <StakeInput id={`stake-${i.selectionId}`} label={t('sport.slip.stakeFor', { name: i.label })} value={s.stakes[i.selectionId] ?? '1.00'} onValue={(v) => setSlipStake(i.selectionId, v)} />
              </li>
            ))}
          </ul>
          {n > 0 && (
            <>
              <p className="muted">{t('sport.slip.maxBet', { min: formatMoney(limits.minStake, lang), max: formatMoney(limits.maxStake, lang) })}</p>
              <label className="field">
                <span>{t('sport.slip.acceptOdds')}</span>
                <select value={s.acceptOdds} onChange={(e) => setAcceptOdds(e.target.value as 'any' | 'higher' | 'none')}>
                  {(['higher', 'any', 'none'] as const).map((a) => (
                    <option key={a} value={a}>
                      {t(`sport.slip.accept.${a}`)}
                    </option>
                  ))}
                </select>
              </label>
              {s.pending && (
                <p role="status" className="muted" data-testid="slip-waiting">
                  {t('sport.slip.waiting')}
                </p>
              )}
              <h3>{t('sport.slip.single')}</h3>
              <p data-testid="singles-win">{t('sport.slip.expected', { amount: formatMoney(singlesWin, lang) })}</p>
              <button type="button" className="primary" disabled={s.pending || open_.length === 0} aria-busy={s.pending} onClick={() => void singles()}>
                {s.pending ? t('sport.slip.placing') : t('sport.slip.placeSingles')}
              </button>
              {n >= 2 && (
                <>
                  <h3>{t('sport.slip.parlay', { n })}</h3>
                  {!distinct ? (
                    <p className="muted">{t('sport.slip.sameMatch')}</p>
                  ) : n > limits.maxLegs ? (
                    <p className="muted">{t('sport.slip.parlayLimit', { max: limits.maxLegs })}</p>
                  ) : (
                    <>
                      <p>{t('sport.slip.totalOdds', { odds: formatOdds(parlayOdds, lang) })}</p>
                      <StakeInput id="stake-parlay" label={t('sport.slip.parlayStake')} value={s.parlayStake} onValue={(v) => setSlipStake('parlay', v)} />
                      <p data-testid="parlay-win">{t('sport.slip.expected', { amount: formatMoney(winOf(s.parlayStake, s.slip.map((i) => i.odds)), lang) })}</p>
                      <button type="button" className="primary" disabled={s.pending || open_.length !== n} aria-busy={s.pending} onClick={() => void parlay()}>
                        {s.pending ? t('sport.slip.placing') : t('sport.slip.placeParlay')}
                      </button>
                    </>
                  )}
                </>
              )}
              <button type="button" className="secondary" onClick={() => clearSlip()}>
                {t('sport.slip.clear')}
              </button>
            </>
          )}
        </Modal>
      )}
    </>
  )
}
