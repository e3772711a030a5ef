import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { formatMoney } from '../format/format'
import { endNudge, offerNudge, withdrawNudge } from '../store/actions/nudges'
import { openOverlay } from '../store/actions/ui'
import { boostValue } from '../store/boost'
import { store } from '../store/store'
import { Modal } from '../overlays/Modal'


/**
 * The bonus-boost pop-up: a userBetAmount event carrying a multiplier (the spec's `bouns`) and an amount offers "deposit amount,
 * play with multiplier x amount". An unsolicited sheet: it waits for its moment (actions/nudges: not over a game, not
 * in a visit's first seconds, at most one a visit), leads to the boost deposit,
 * and closes on pay (the socket handler clears it), when the player dismisses it, or when they take
 * the offer to the boost deposit.
 */
export function BoostPopup() {
  const { t } = useTranslation()
  const snap = useSnapshot(store)
  const boost = snap.ui.bonusBoost
  const offered = Boolean(boost && snap.user?.uId)
  useEffect(() => {
    if (offered) offerNudge('boost', () => (store.ui.nudge = 'boost'))
    else {
      withdrawNudge('boost')
      if (store.ui.nudge === 'boost') endNudge()
    }
  }, [offered])
  if (!boost || !offered || snap.ui.nudge !== 'boost') return null
  const lang = snap.session.lang
  const dismiss = () => {
    store.ui.bonusBoost = null
    endNudge()
  }
  return (
    <Modal title={t('cashier.boost.title')} onClose={dismiss} className="boost-popup">
      <p className="boost-value" data-testid="boost-value">
        {formatMoney(boostValue(boost.multiplier, boost.amount), lang)}
      </p>
      <p className="boost-text">{t('cashier.boost.text', { amount: formatMoney(boost.amount, lang), value: formatMoney(boostValue(boost.multiplier, boost.amount), lang) })}</p>
      <div className="boost-actions">
        <button
          type="button"
          className="primary"
          onClick={() => {
            // The boost deposit now carries the offer; the pop-up does not come back over the page.
            store.ui.bonusBoost = null
            endNudge()
            openOverlay('boostDeposit')
          }}
        >
          {t('cashier.boost.cta')}
        </button>
        <button type="button" className="secondary" onClick={dismiss}>
          {t('cashier.boost.later')}
        </button>
      </div>
    </Modal>
  )
}
