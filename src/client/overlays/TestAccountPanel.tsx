import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { formatMoney } from '../format/format'
import { switchToTestAccount } from '../store/actions/session'
import { closeOverlay } from '../store/actions/ui'
import { store } from '../store/store'
import { Modal } from './Modal'

/** A test account's credentials, and 'Mudar de conta' to log in with them. */
export default function TestAccountPanel() {
  const { t } = useTranslation()
  const ui = useSnapshot(store.ui)
  const user = useSnapshot(store).user
  const creds = ui.testAccount ?? user?.extendInfo ?? null
  const lang = useSnapshot(store.session).lang
  return (
    <Modal title={t('testAccount.title')} onClose={closeOverlay}>
      <p>{t('testAccount.body')}</p>
      {creds && (
        <dl className="creds">
          <dt>{t('testAccount.username')}</dt>
          <dd>{creds.username}</dd>
          <dt>{t('testAccount.password')}</dt>
          <dd>{creds.pwd}</dd>
          <dt>{t('testAccount.balance')}</dt>
          <dd>{formatMoney(creds.balance, lang)}</dd>
        </dl>
      )}
      <button type="button" className="primary" onClick={() => void switchToTestAccount()}>
        {t('testAccount.switch')}
      </button>
    </Modal>
  )
}
