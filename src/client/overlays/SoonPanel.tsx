import { useTranslation } from 'react-i18next'
import { closeOverlay } from '../store/actions/ui'
import { Modal } from './Modal'

/** Deposit, withdraw, second deposit, gameDeposit and KYC overlays arrive with the wallet; until then they say so. */
export default function SoonPanel(props: { titleKey: string }) {
  const { t } = useTranslation()
  return (
    <Modal title={t(props.titleKey)} onClose={closeOverlay}>
      <p>{t('pages.soon')}</p>
    </Modal>
  )
}
