import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { changePassword } from '../store/actions/account'
import { closeOverlay } from '../store/actions/ui'
import { Field } from './Field'
import { Modal } from './Modal'

export default function ChangePasswordPanel() {
  const { t } = useTranslation()
  const [form, setForm] = useState({ o: '', n: '', c: '' })
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    await changePassword(form.o, form.n, form.c).catch(() => false)
  }
  return (
    <Modal title={t('changePassword.title')} onClose={closeOverlay}>
      <form className="form" onSubmit={submit}>
        <Field label={t('changePassword.original')} type="password" autoComplete="current-password" value={form.o} onChange={(e) => setForm({ ...form, o: e.target.value })} />
        <Field label={t('changePassword.new')} type="password" autoComplete="new-password" value={form.n} onChange={(e) => setForm({ ...form, n: e.target.value })} />
        <Field label={t('changePassword.confirm')} type="password" autoComplete="new-password" value={form.c} onChange={(e) => setForm({ ...form, c: e.target.value })} />
        <button type="submit" className="primary">
          {t('changePassword.submit')}
        </button>
      </form>
    </Modal>
  )
}
