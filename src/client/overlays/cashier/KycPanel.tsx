import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { BR_STATES, KYC_GENDERS } from '../../../shared/contract/user'
import { formatMoney } from '../../format/format'
import { submitKyc, type KycMore } from '../../store/actions/cashier'
import { selfieOf } from './selfie'
import { closeOverlay } from '../../store/actions/ui'
import { store } from '../../store/store'
import { Field } from '../Field'
import { Modal } from '../Modal'
import { CpfField } from './CpfField'
import './cashier.css'

/** The KYC step inside a deposit: where it returns, with the amount the player chose. */
function DepositStep() {
  const { t } = useTranslation()
  const { kycReturn, choice } = useSnapshot(store.cashier)
  const { lang } = useSnapshot(store.session)
  if (kycReturn === 'withdraw' || kycReturn === 'transfer') return null
  const price = choice?.variant === kycReturn ? choice.price : null
  return (
    <p className="kyc-step" data-testid="kyc-step">
      {price !== null ? t('cashier.kyc.thenDepositOf', { amount: formatMoney(price, lang) }) : t('cashier.kyc.thenDeposit')}
    </p>
  )
}

const EMPTY_ADDRESS = { cep: '', street: '', number: '', complement: '', city: '', state: '' }

/**
 * The editBank overlay: the KYC form (name and CPF, neither required on the client; the CPF masked
 * as typed, sent as digits). Inside a deposit it says it returns there, with the amount chosen. The BR
 * profile (JURISDICTION=BR) also asks the birth date, mobile phone, gender and full address; the
 * server checks each and says what is missing.
 */
export default function KycPanel() {
  const { t } = useTranslation()
  const user = useSnapshot(store).user
  const br = useSnapshot(store.app).jurisdiction === 'BR'
  const [name, setName] = useState(user?.name ?? '')
  const [cardNo, setCardNo] = useState('')
  const [birthDate, setBirthDate] = useState('')
  const [phone, setPhone] = useState('')
  const [gender, setGender] = useState<KycMore['gender'] | ''>('')
  const [address, setAddress] = useState(EMPTY_ADDRESS)
  const [selfie, setSelfie] = useState<KycMore['selfie'] | null>(null)
  const [busy, setBusy] = useState(false)
  const more = (): KycMore =>
    br
      ? {
          ...(birthDate ? { birthDate } : {}),
          phone,
          ...(gender ? { gender } : {}),
          address: { ...address, state: address.state.toUpperCase(), ...(address.complement ? {} : { complement: undefined }) },
          ...(selfie ? { selfie } : {}),
        }
      : {}
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (busy) return
    setBusy(true)
    await submitKyc(name, cardNo, more()).finally(() => setBusy(false))
  }
  const at = (field: keyof typeof EMPTY_ADDRESS) => (e: { target: { value: string } }) => setAddress({ ...address, [field]: e.target.value })
  return (
    <Modal title={t('cashier.kyc.title')} onClose={closeOverlay} className="cashier">
      <p className="cashier-intro">{t('cashier.kyc.intro')}</p>
      <DepositStep />
      <form className="form" onSubmit={submit}>
        <Field label={t('cashier.kyc.name')} name="name" autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} maxLength={100} />
        <CpfField label={t('cashier.kyc.cpf')} name="cardNo" digits={cardNo} onDigits={setCardNo} />
        {br && (
          <>
            <Field label={t('cashier.kyc.birthDate')} name="birthDate" type="date" autoComplete="bday" value={birthDate} onChange={(e) => setBirthDate(e.target.value)} />
            <Field label={t('cashier.kyc.phone')} name="phone" type="tel" autoComplete="tel" placeholder="+55 11 91234-5678" value={phone} onChange={(e) => setPhone(e.target.value)} maxLength={20} />
            <div className="field">
              <label htmlFor="kyc-gender">{t('cashier.kyc.gender')}</label>
              <select id="kyc-gender" value={gender} onChange={(e) => setGender(e.target.value as KycMore['gender'])}>
                <option value="" />
                {KYC_GENDERS.map((g) => (
                  <option key={g} value={g}>
                    {t(`cashier.kyc.genders.${g}`)}
                  </option>
                ))}
              </select>
            </div>
            <Field label={t('cashier.kyc.cep')} name="cep" inputMode="numeric" autoComplete="postal-code" value={address.cep} onChange={at('cep')} maxLength={9} />
            <Field label={t('cashier.kyc.street')} name="street" autoComplete="address-line1" value={address.street} onChange={at('street')} maxLength={120} />
            <Field label={t('cashier.kyc.number')} name="number" value={address.number} onChange={at('number')} maxLength={20} />
            <Field label={t('cashier.kyc.complement')} name="complement" autoComplete="address-line2" value={address.complement} onChange={at('complement')} maxLength={80} />
            <Field label={t('cashier.kyc.city')} name="city" autoComplete="address-level2" value={address.city} onChange={at('city')} maxLength={80} />
            <Field
              label={t('cashier.kyc.selfie')}
              name="selfie"
              type="file"
              accept="image/*"
              capture="user"
              onChange={(e) => {
                const file = e.target.files?.[0]
                if (file) void selfieOf(file).then(setSelfie)
                else setSelfie(null)
              }}
            />
            <div className="field">
              <label htmlFor="kyc-state">{t('cashier.kyc.state')}</label>
              <select id="kyc-state" value={address.state} onChange={at('state')}>
                <option value="" />
                {BR_STATES.map((uf) => (
                  <option key={uf} value={uf}>
                    {uf}
                  </option>
                ))}
              </select>
            </div>
          </>
        )}
        <button type="submit" className="primary" disabled={busy}>
          {t('cashier.kyc.submit')}
        </button>
      </form>
    </Modal>
  )
}
