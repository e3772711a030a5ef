import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { formatMoney } from '../../format/format'
import { useDecimalField } from '../../format/useDecimalField'
import { transferTo } from '../../store/actions/cashier'
import { closeOverlay, pushAlert } from '../../store/actions/ui'
import { store } from '../../store/store'
import { Field } from '../Field'
import { Modal } from '../Modal'
import { parseAmount, wireAmount } from './amount'

/** The receiver as the server takes it: an e-mail address or a numeric user id. */
const isTransferTarget = (text: string) => /^(\d{1,18}|[^\s@]+@[^\s@]+)$/.test(text.trim())

/** The transfer overlay: receiver and amount, a confirmation step showing both, then transfer. */
export default function TransferPanel() {
  const { t } = useTranslation()
  const snap = useSnapshot(store)
  const money = (n: number) => formatMoney(n, snap.session.lang)
  const [toUser, setToUser] = useState('')
  const [amountText, setAmountText] = useState('')
  const [step, setStep] = useState<'form' | 'confirm'>('form')
  const [busy, setBusy] = useState(false)
  const amount = parseAmount(amountText)
  const amountInput = useDecimalField(amountText, setAmountText, snap.session.lang)

  const review = (e: FormEvent) => {
    e.preventDefault()
    if (!isTransferTarget(toUser)) return pushAlert({ text: t('cashier.transfer.enterUser') })
    if (amount === null || amount <= 0) return pushAlert({ text: t('cashier.transfer.enterAmount') })
    setStep('confirm')
  }
  const send = async () => {
    if (busy || amount === null) return
    setBusy(true)
    const ok = await transferTo(toUser.trim().toLowerCase(), wireAmount(amount)).finally(() => setBusy(false))
    if (!ok) setStep('form')
  }

  return (
    <Modal title={t('cashier.transfer.title')} onClose={closeOverlay} className="cashier">
      <p className="cashier-intro">
        {t('nav.balance')}: <strong>{money(snap.user?.balance ?? 0)}</strong>
      </p>
      {step === 'form' ? (
        <form className="form" onSubmit={review} noValidate>
          <Field label={t('cashier.transfer.toUser')} name="toUser" autoComplete="off" autoCapitalize="none" spellCheck={false} value={toUser} onChange={(e) => setToUser(e.target.value)} maxLength={254} />
          <Field label={t('cashier.transfer.amount')} name="amount" {...amountInput} />
          <button type="submit" className="primary">
            {t('cashier.transfer.review')}
          </button>
        </form>
      ) : (
        <section className="form" aria-labelledby="transfer-confirm">
          <h3 id="transfer-confirm" className="cashier-subtitle">
            {t('cashier.transfer.confirmTitle')}
          </h3>
          <dl className="cashier-facts">
            <dt>{t('cashier.transfer.toUser')}</dt>
            <dd>{toUser.trim().toLowerCase()}</dd>
            <dt>{t('cashier.transfer.amount')}</dt>
            <dd>{money(amount ?? 0)}</dd>
          </dl>
          <button type="button" className="primary" disabled={busy} onClick={() => void send()} autoFocus>
            {t('cashier.transfer.send')}
          </button>
          <button type="button" className="secondary" onClick={() => setStep('form')}>
            {t('nav.back')}
          </button>
        </section>
      )}
    </Modal>
  )
}
