/** The bet slip: a floating counter on the sports pages, and the slip itself as a dialog with two tabs, singles and the parlay ('Múltipla'). */
import { useCallback, useEffect, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { SPORT_LIMIT_DEFAULTS, SPORT_LIVE_DELAY_DEFAULT, SPORT_MAX_LEGS_DEFAULT } from '../../../shared/contract/sport'
import { centavosToReais } from '../../../shared/money'
import { productOdds } from '../../../shared/sport/odds'
import { winningReturn } from '../../../shared/sport/settle'
import { formatOdds } from '../../format/decimal'
import { formatMoney } from '../../format/format'
import { Modal } from '../../overlays/Modal'
import { clearSlip, placeParlay, placeSingles, refreshSlip, removeSelection, setAcceptOdds, setAllSingleStakes, setSlipStake, slipLimits, type Placed } from '../../store/actions/sport'
import { stakeCentavos } from '../../store/stake'
import { store, type SlipItem } from '../../store/store'
import { PlacedCard, StakeChips, StakeInput, Waiting } from './SlipParts'

/** What a stake at these odds returns if it wins, floored to the centavo as the server pays. */
const winOf = (stakeText: string, odds: readonly number[]) => {
  const stake = stakeCentavos(stakeText)
  return stake === null ? 0 : centavosToReais(winningReturn(stake, odds))
}
const isOpen = (i: SlipItem) => (i.status ?? 'open') === 'open'

/** One selection in the slip: what it is, its odds now, a warning when its market is not open, its remove button. */
function SlipLine(props: { item: SlipItem; disabled: boolean; children?: ReactNode }) {
  const { t } = useTranslation()
  const lang = useSnapshot(store.session).lang
  const { item: i } = props
  return (
    <li className={isOpen(i) ? 'slip-line' : 'slip-line unavailable'}>
      <p className="slip-pick">
        <strong>{i.label}</strong>
        <small>
          {i.live && <span className="live-tag">{t('sport.live')}</span>} {i.match}
        </small>
      </p>
      <span className="slip-odds">{formatOdds(i.odds, lang)}</span>
      <button type="button" className="icon-button slip-remove" aria-label={t('sport.slip.remove', { name: i.label })} disabled={props.disabled} onClick={() => removeSelection(i.selectionId)}>
        ×
      </button>
      {!isOpen(i) && (
        <p className="slip-warn" role="status" data-testid="slip-unavailable">
          {t('sport.slip.unavailable', { reason: t(`sport.status.${i.status}`) })}
        </p>
      )}
      {props.children}
    </li>
  )
}

export function BetSlip(props: { initiallyOpen?: boolean }) {
  const { t } = useTranslation()
  const s = useSnapshot(store.sport)
  const lang = useSnapshot(store.session).lang
  // Home's strip opens the slip on arrival (?slip=1).
  const [open, setOpen] = useState(() => !!props.initiallyOpen && store.sport.slip.length > 0)
  const [tab, setTab] = useState<'singles' | 'parlay' | null>(null)
  const [done, setDone] = useState<Placed[] | null>(null)
  const n = s.slip.length
  const limits = useSnapshot(slipLimits).value ?? { minStake: Number(SPORT_LIMIT_DEFAULTS.minStake), maxStake: Number(SPORT_LIMIT_DEFAULTS.maxStake), maxLegs: SPORT_MAX_LEGS_DEFAULT, liveDelay: SPORT_LIVE_DELAY_DEFAULT }
  const distinct = new Set(s.slip.map((x) => x.matchId)).size === n
  const openItems = s.slip.filter(isOpen)
  // Until the player picks a tab: the parlay when the selections can make one, else singles.
  const shownTab = tab ?? (n >= 2 && distinct ? 'parlay' : 'singles')
  const stakeOf = (id: string) => s.stakes[id] ?? '1.00'
  const singlesStake = openItems.reduce((sum, i) => sum + (stakeCentavos(stakeOf(i.selectionId)) ?? 0n), 0n)
  const singlesWin = openItems.reduce((sum, i) => sum + winOf(stakeOf(i.selectionId), [i.odds]), 0)
  const allSame = openItems.length > 0 && openItems.every((i) => stakeOf(i.selectionId) === stakeOf((openItems[0] as SlipItem).selectionId)) ? stakeOf((openItems[0] as SlipItem).selectionId) : null
  const parlayOk = n >= 2 && distinct && n <= limits.maxLegs
  // One function for the dialog's life: Modal moves focus into itself whenever its onClose changes (a new one each render sent focus back to the first field at every keystroke).
  const close = useCallback(() => setOpen(false), [])
  const showSlip = () => {
    setDone(null)
    setOpen(true)
  }
  // Opening the slip reads its matches again (odds, markets closed meanwhile, matches started).
  useEffect(() => {
    if (open) void refreshSlip()
  }, [open])
  const singles = async () => {
    const placed = await placeSingles()
    if (placed.length) setDone(placed)
  }
  const parlay = async () => {
    const placed = await placeParlay()
    if (placed) setDone([placed])
  }
  const busy = s.pending
  return (
    <>
      {n > 0 && !open && (
        <button type="button" className="slip-counter primary" onClick={showSlip} data-testid="slip-counter">
          {t('sport.slip.open', { n })}
        </button>
      )}
      {done && !open && <PlacedCard placed={done} floating onDismiss={() => setDone(null)} />}
      {open && (
        <Modal title={t('sport.slip.title')} onClose={close} className="bet-slip">
          {done && <PlacedCard placed={done} />}
          {n === 0 && <p className="muted">{t('sport.slip.empty')}</p>}
          {n > 0 && (
            <>
              <div
                role="tablist"
                className="segmented slip-tabs"
                aria-label={t('sport.slip.title')}
                onKeyDown={(e) => {
                  // The tabs' keys (WAI-ARIA): an arrow moves to the other tab.
                  if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return
                  const next = shownTab === 'singles' ? 'parlay' : 'singles'
                  setTab(next)
                  document.getElementById(`slip-tab-${next}`)?.focus()
                }}
              >
                <button type="button" role="tab" id="slip-tab-singles" aria-controls="slip-panel" aria-selected={shownTab === 'singles'} tabIndex={shownTab === 'singles' ? 0 : -1} onClick={() => setTab('singles')}>
                  {t('sport.slip.single')} <span className="tab-count">{openItems.length}</span>
                </button>
                <button type="button" role="tab" id="slip-tab-parlay" aria-controls="slip-panel" aria-selected={shownTab === 'parlay'} tabIndex={shownTab === 'parlay' ? 0 : -1} onClick={() => setTab('parlay')}>
                  {t('sport.slip.parlayTab')}
                </button>
              </div>
              <div role="tabpanel" id="slip-panel" aria-labelledby={`slip-tab-${shownTab}`} className="slip-panel">
                {shownTab === 'singles' ? (
                  <>
                    <StakeChips label={t('sport.slip.chipsAll')} value={allSame} onPick={setAllSingleStakes} disabled={busy} />
                    <ul className="slip-items">
                      {s.slip.map((i) => (
                        <SlipLine key={i.selectionId} item={i} disabled={busy}>
                          {isOpen(i) && (
                            <div className="slip-stake">
                              <StakeInput id={`stake-${i.selectionId}`} label={t('sport.slip.stakeFor', { name: i.label })} short={t('sport.myBets.stakeLabel')} value={stakeOf(i.selectionId)} onValue={(v) => setSlipStake(i.selectionId, v)} disabled={busy} />
                              <span className="slip-line-win">{t('sport.slip.winShort', { amount: formatMoney(winOf(stakeOf(i.selectionId), [i.odds]), lang) })}</span>
                            </div>
                          )}
                        </SlipLine>
                      ))}
                    </ul>
                    <dl className="slip-sums">
                      <div>
                        <dt>{t('sport.slip.totalStake')}</dt>
                        <dd>{formatMoney(centavosToReais(singlesStake), lang)}</dd>
                      </div>
                      <div>
                        <dt className="visually-hidden">{t('sport.slip.potential')}</dt>
                        <dd className="slip-win" data-testid="singles-win">{t('sport.slip.expected', { amount: formatMoney(singlesWin, lang) })}</dd>
                      </div>
                    </dl>
                    {busy && <Waiting />}
                    <button type="button" className="primary place" disabled={busy || openItems.length === 0} aria-busy={busy} onClick={() => void singles()}>
                      {busy ? t('sport.slip.placing') : t('sport.slip.placeSingles')}
                    </button>
                  </>
                ) : (
                  <>
                    <h3 className="slip-heading">{t('sport.slip.parlay', { n })}</h3>
                    <ul className="slip-items">
                      {s.slip.map((i) => (
                        <SlipLine key={i.selectionId} item={i} disabled={busy} />
                      ))}
                    </ul>
                    {n < 2 ? (
                      <p className="muted">{t('sport.slip.parlayNeeds')}</p>
                    ) : !distinct ? (
                      <p className="muted">{t('sport.slip.sameMatch')}</p>
                    ) : n > limits.maxLegs ? (
                      <p className="muted">{t('sport.slip.parlayLimit', { max: limits.maxLegs })}</p>
                    ) : null}
                    {parlayOk && (
                      <>
                        <p className="slip-total-odds">{t('sport.slip.totalOdds', { odds: formatOdds(productOdds(s.slip.map((i) => Math.round(i.odds * 1000))), lang) })}</p>
                        <StakeChips label={t('sport.slip.chipsParlay')} value={s.parlayStake} onPick={(v) => setSlipStake('parlay', v)} disabled={busy} />
                        <StakeInput id="stake-parlay" label={t('sport.slip.parlayStake')} value={s.parlayStake} onValue={(v) => setSlipStake('parlay', v)} disabled={busy} />
                        <p className="slip-win" data-testid="parlay-win">
                          {t('sport.slip.expected', { amount: formatMoney(winOf(s.parlayStake, s.slip.map((i) => i.odds)), lang) })}
                        </p>
                        {busy && <Waiting />}
                        <button type="button" className="primary place" disabled={busy || openItems.length !== n} aria-busy={busy} onClick={() => void parlay()}>
                          {busy ? t('sport.slip.placing') : t('sport.slip.placeParlay')}
                        </button>
                      </>
                    )}
                  </>
                )}
              </div>
              <p className="muted slip-limits">{t('sport.slip.maxBet', { min: formatMoney(limits.minStake, lang), max: formatMoney(limits.maxStake, lang) })}</p>
              <label className="field">
                <span>{t('sport.slip.acceptOdds')}</span>
                <select value={s.acceptOdds} disabled={busy} onChange={(e) => setAcceptOdds(e.target.value as 'any' | 'higher' | 'none')}>
                  {(['higher', 'any', 'none'] as const).map((a) => (
                    <option key={a} value={a}>
                      {t(`sport.slip.accept.${a}`)}
                    </option>
                  ))}
                </select>
              </label>
              <button type="button" className="secondary" disabled={busy} onClick={() => clearSlip()}>
                {t('sport.slip.clear')}
              </button>
            </>
          )}
        </Modal>
      )}
    </>
  )
}
