import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { LANGUAGES } from '../i18n/languages'
import { setLanguage } from '../store/actions/session'
import { closeOverlay } from '../store/actions/ui'
import { store } from '../store/store'
import { Modal } from './Modal'

/** The nine languages, each with its flag, pay currency and symbol. */
export default function LanguagePanel() {
  const { t } = useTranslation()
  const { lang } = useSnapshot(store.session)
  return (
    <Modal title={t('language.title')} onClose={closeOverlay}>
      <ul className="languages" role="listbox" aria-label={t('language.title')}>
        {LANGUAGES.map((l) => (
          <li key={l.key} role="option" aria-selected={l.key === lang}>
            <button type="button" lang={l.key.replace('_', '-')} onClick={() => void setLanguage(l.key).then(closeOverlay)}>
              <img src={l.image} alt="" width={30} height={20} />
              <span className="name">{l.name}</span>
              <span className="pay" aria-label={t('language.pay', { currency: l.pay })}>
                {l.pay} {l.symbol}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </Modal>
  )
}
