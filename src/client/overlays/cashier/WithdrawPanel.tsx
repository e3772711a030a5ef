import { useEffect, useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { formatMoney } from '../../format/format'
import { useDecimalField } from '../../format/useDecimalField'
import { loadWithdraw, requestWithdraw, type WithdrawForm, type WithdrawInfo } from '../../store/actions/cashier'
import { closeOverlay, pushAlert } from '../../store/actions/ui'
import { store } from '../../store/store'
import { Field } from '../Field'
import { Modal } from '../Modal'
import { parseAmount, wireAmount } from './amount'
import { CpfField } from './CpfField'
import { TextArea } from './TextArea'
import { WithdrawHeld } from './WithdrawHeld'
import { aboveMost, firstWithdrawProblem, withdrawMost, type WithdrawProblem } from './withdrawChecks'
import './cashier.css'

type WithdrawType = WithdrawForm['payCardBank']

function TypeSwitch(props: { types: WithdrawType[]; value: WithdrawType; onChange(t: WithdrawType): void }) {
  const { t } = useTranslation()
  return (
    <fieldset className="cashier-types">
      <legend>{t('cashier.withdraw.type')}</legend>
      <div className="cashier-types-row">
        {props.types.map((type) => (
          <label key={type} className={props.value === type ? 'selected' : ''}>
            <input type="radio" name="payCardBank" value={type} checked={props.value === type} onChange={() => props.onChange(type)} />
            <span>{t(`cashier.withdraw.type_${type}`)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}

/**
 * The withdraw overlay: limits from getWithdraw and why the withdrawable amount is below the
 * balance, the account per type (a CPF withdrawal goes to the verified identity, shown as is),
 * the six checks, withdraw. An amount above what can leave is said under the field, never rewritten.
 */
export default function WithdrawPanel() {
  const { t } = useTranslation()
  const snap = useSnapshot(store)
  const lang = snap.session.lang
  const money = (n: number) => formatMoney(n, lang)
  const [info, setInfo] = useState<WithdrawInfo | null>(null)
  // The types the server offers this player (CNPJ only while WITHDRAW_CNPJ is on, USDT with lx '20'); CPF until it says.
  const types: WithdrawType[] = info?.types ?? ['CPF']
  const [type, setType] = useState<WithdrawType>('CPF')
  const [form, setForm] = useState({ payCardNo: '', name: '', whatsapp: '', amount: '' })
  const [busy, setBusy] = useState(false)

  /**
   * The form for a type: a CPF withdrawal goes only to the verified CPF (the server refuses any
   * other), so the identity fills the name and CPF; otherwise the saved account of that type.
   */
  const fillFrom = (data: WithdrawInfo, next: WithdrawType) => {
    const saved = data.cardInfo[next]
    const own = next === 'CPF' ? data.identity : null
    setForm((f) => ({
      ...f,
      payCardNo: own?.cpf ?? saved?.payCardNo ?? '',
      name: own?.name ?? saved?.name ?? f.name,
      whatsapp: saved?.whatsapp ?? data.cardInfo.CPF?.whatsapp ?? f.whatsapp,
    }))
  }

  useEffect(() => {
    let live = true
    loadWithdraw()
      .then((data) => {
        if (!live) return
        setInfo(data)
        fillFrom(data, 'CPF')
      })
      .catch(() => live && closeOverlay())
    return () => {
      live = false
    }
  }, [])

  const most = info ? withdrawMost(info) : 0
  const amountInput = useDecimalField(form.amount, (amount) => setForm((f) => ({ ...f, amount })), lang)
  const tooMuch = info !== null && aboveMost(info, parseAmount(form.amount))
  const amountHint = useId()
  // The verified identity stands for a CPF withdrawal: shown, not edited.
  const own = type === 'CPF' && info?.identity ? info.identity : null
  const message = (p: WithdrawProblem) =>
    p.key === 'belowMin' || p.key === 'aboveMax' ? t(`cashier.withdraw.${p.key}`, { amount: money(p.amount) }) : t(`cashier.withdraw.${p.key}`)

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (!info || busy) return
    const amount = parseAmount(form.amount)
    const account = (own ? own.cpf : form.payCardNo).trim()
    const problem = firstWithdrawProblem(info, { amount, type, account })
    if (problem) {
      pushAlert({ text: message(problem) })
      return
    }
    // firstWithdrawProblem refuses a missing amount, so this only narrows the type.
    if (amount === null) return
    // The spec: for CPF the ifsc is the account number, for USDT the USDT rate.
    const ifsc = type === 'CPF' ? account : type === 'USDT' ? String(info.usdtRate) : (info.cardInfo.CNPJ?.ifsc ?? '')
    setBusy(true)
    await requestWithdraw({
      payCardBank: type,
      payCardNo: account,
      ifsc,
      name: type === 'USDT' ? '' : (own ? own.name : form.name).trim(),
      amount: wireAmount(amount),
      whatsapp: form.whatsapp.trim(),
    }).finally(() => setBusy(false))
  }

  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => setForm({ ...form, [key]: e.target.value })

  return (
    <Modal title={t('cashier.withdraw.title')} onClose={closeOverlay} className="cashier">
      {!info ? (
        <p role="status">{t('common.loading')}</p>
      ) : (
        <form className="form" onSubmit={submit} noValidate>
          <dl className="cashier-facts">
            <dt>{t('cashier.withdraw.available')}</dt>
            <dd data-testid="withdrawable">{money(info.wdAmount)}</dd>
            <dt>{t('cashier.withdraw.remaining')}</dt>
            <dd>{info.number}</dd>
            <dt>{t('cashier.withdraw.limits')}</dt>
            <dd>
              {money(info.limitAmount)} – {money(info.maxAmount)}
            </dd>
          </dl>
          <WithdrawHeld limits={info} held={info.held} lang={lang} />
          <TypeSwitch
            types={types}
            value={type}
            onChange={(next) => {
              setType(next)
              fillFrom(info, next)
            }}
          />
          {type !== 'USDT' && (
            <Field label={t('cashier.withdraw.holder')} name="name" autoComplete="name" value={own ? own.name : form.name} onChange={set('name')} maxLength={100} readOnly={Boolean(own)} />
          )}
          {type === 'USDT' ? (
            <>
              <TextArea label={t('cashier.withdraw.usdtAddress')} name="payCardNo" value={form.payCardNo} onChange={set('payCardNo')} spellCheck={false} autoCapitalize="none" maxLength={128} />
              <p className="cashier-note">{t('cashier.withdraw.usdtRate', { rate: money(info.usdtRate) })}</p>
            </>
          ) : type === 'CPF' ? (
            <>
              <CpfField label={t('cashier.withdraw.account_CPF')} name="payCardNo" digits={own ? own.cpf : form.payCardNo} onDigits={(payCardNo) => setForm((f) => ({ ...f, payCardNo }))} readOnly={Boolean(own)} />
              {own && <p className="cashier-note">{t('cashier.withdraw.ownIdentity')}</p>}
            </>
          ) : (
            <Field
              label={t(`cashier.withdraw.account_${type}`)}
              name="payCardNo"
              inputMode="numeric"
              autoComplete="off"
              value={form.payCardNo}
              onChange={(e) => setForm({ ...form, payCardNo: e.target.value.replace(/\D/g, '') })}
              maxLength={14}
            />
          )}
          <Field label={t('cashier.withdraw.whatsapp')} name="whatsapp" type="tel" inputMode="tel" autoComplete="tel" value={form.whatsapp} onChange={set('whatsapp')} maxLength={32} />
          <Field
            label={t('cashier.withdraw.amount')}
            name="amount"
            placeholder={t('cashier.withdraw.amountPlaceholder')}
            {...amountInput}
            aria-invalid={tooMuch}
            aria-describedby={amountHint}
            after={
              <button type="button" className="secondary small" onClick={() => setForm({ ...form, amount: most > 0 ? wireAmount(most) : '' })}>
                {t('cashier.withdraw.all')}
              </button>
            }
          />
          <p id={amountHint} className={tooMuch ? 'field-error' : 'cashier-note'} aria-live="polite" data-testid="withdraw-amount-hint">
            {tooMuch ? message({ key: 'aboveMax', amount: most }) : most > 0 ? t('cashier.withdraw.upTo', { amount: money(most) }) : ''}
          </p>
          <button type="submit" className="primary" disabled={busy}>
            {t('cashier.withdraw.submit')}
          </button>
          <p className="cashier-note">{t('cashier.withdraw.note')}</p>
        </form>
      )}
    </Modal>
  )
}
