import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { subscribe } from 'valtio'
import { cancelOrder, checkOrder, STATUS_POLL_MS, setPayStep } from '../../store/actions/cashier'
import { store, type OpenOrder } from '../../store/store'

/** Polls the order's status every 3 s while mounted; a wallet push from the socket asks at once. */
function usePolling(orderId: string) {
  useEffect(() => {
    void checkOrder()
    const timer = setInterval(() => void checkOrder(), STATUS_POLL_MS)
    let paySum = store.user?.paySumAmount
    const stop = subscribe(store, () => {
      const now = store.user?.paySumAmount
      if (now !== paySum) {
        paySum = now
        void checkOrder()
      }
    })
    return () => {
      clearInterval(timer)
      stop()
    }
  }, [orderId])
}

/**
 * The payment page in a full-screen frame, with the waiting panel: 'Já efetuei o pagamento'
 * switches to the waiting step (and asks the status at once); cancel calls cancelPay.
 */
export function PayView(props: { order: Readonly<OpenOrder> }) {
  const { t } = useTranslation()
  const { order } = props
  usePolling(order.orderId)
  const cancel = (
    <button type="button" className="danger" onClick={() => void cancelOrder()}>
      {t('cashier.pay.cancel')}
    </button>
  )
  if (order.step === 'waiting') {
    return (
      <div className="cashier-pay-waiting">
        <div className="cashier-pay-spinner" aria-hidden="true" />
        <p role="status" aria-live="polite">
          {t('cashier.pay.waiting')}
        </p>
        <p className="cashier-pay-status">
          {t('cashier.pay.statusLabel')}: <strong>{t('cashier.pay.pending')}</strong>
        </p>
        <p className="cashier-note">{t('cashier.pay.waitingHint')}</p>
        <div className="cashier-pay-actions">
          <button type="button" className="secondary" onClick={() => setPayStep('page')}>
            {t('cashier.pay.backToPage')}
          </button>
          {cancel}
        </div>
      </div>
    )
  }
  return (
    <div className="cashier-pay-page">
      <iframe className="cashier-pay-frame" src={order.url} title={t('cashier.pay.frameTitle')} />
      <div className="cashier-pay-bar">
        <p className="cashier-note">{t('cashier.pay.hint')}</p>
        <div className="cashier-pay-actions">
          <button
            type="button"
            className="primary"
            onClick={() => {
              setPayStep('waiting')
              void checkOrder()
            }}
          >
            {t('cashier.pay.havePaid')}
          </button>
          {cancel}
        </div>
      </div>
    </div>
  )
}
