import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { navigate } from 'wouter/use-browser-location'
import { Modal } from '../overlays/Modal'
import { openOverlay } from '../store/actions/ui'
import { store } from '../store/store'

/** Alerts one at a time, each with OK; 'deposit' alerts open the deposit overlay and go home after OK. */
export function AlertHost() {
  const { t } = useTranslation()
  const { alerts } = useSnapshot(store.ui)
  const alert = alerts[0]
  if (!alert) return null
  const ok = () => {
    store.ui.alerts.shift()
    if (alert.then === 'deposit') {
      navigate('/home')
      openOverlay('deposit')
    } else if (alert.then === 'login') {
      navigate('/home')
      openOverlay('auth', 'login')
    }
  }
  return (
    <Modal title={alert.title ?? t('common.alert')} role="alertdialog" className="alert">
      <p className="alert-text">{alert.text}</p>
      <button type="button" className="primary" onClick={ok} autoFocus>
        {t('common.ok')}
      </button>
    </Modal>
  )
}
