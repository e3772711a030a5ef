import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { submitKyc } from '../../store/actions/cashier'
import { closeOverlay } from '../../store/actions/ui'
import { store } from '../../store/store'
import { Field } from '../Field'
import { Modal } from '../Modal'

/** The editBank overlay: the KYC form (name and CPF, neither required on the client). */
export default function KycPanel() {
  const { t } = useTranslation()
  const user = useSnapshot(store).user
  const [name, setName] = useState(user?.name ?? '')
  const [cardNo, setCardNo] = useState('')
  const [busy, setBusy] = useState(false)
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (busy) return
    setBusy(true)
    await submitKyc(name, cardNo).finally(() => setBusy(false))
  }
  return (
    <Modal title={t('cashier.kyc.title')} onClose={closeOverlay} className="cashier">
      <p className="cashier-intro">{t('cashier.kyc.intro')}</p>
      <form className="form" onSubmit={submit}>
        <Field label={t('cashier.kyc.name')} name="name" autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} maxLength={100} />
        <Field
          label={t('cashier.kyc.cpf')}
          name="cardNo"
          inputMode="numeric"
          autoComplete="off"
          placeholder="000.000.000-00"
          value={cardNo}
          onChange={(e) => setCardNo(e.target.value.replace(/[^\d.\-\s]/g, ''))}
          maxLength={14}
        />
        <button type="submit" className="primary" disabled={busy}>
          {t('cashier.kyc.submit')}
        </button>
      </form>
    </Modal>
  )
}
