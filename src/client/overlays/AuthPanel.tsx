import { useCallback, useState, type FormEvent } from 'react'
import { Trans, useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { languageOf } from '../i18n/languages'
import { navigate } from 'wouter/use-browser-location'
import { login, register } from '../store/actions/session'
import { track } from '../store/actions/tracking'
import { closeOverlay, openOverlay, pushAlert } from '../store/actions/ui'
import { store } from '../store/store'
import { Captcha } from './Captcha'
import { Field } from './Field'
import { Modal } from './Modal'

const DOMAINS = ['gmail.com', 'hotmail.com', 'outlook.com', 'yahoo.com.br', 'icloud.com', 'uol.com.br', 'bol.com.br']

/** Common mail domains completed after what the user typed before '@'. */
function emailSuggestions(typed: string): string[] {
  const [user = '', domain] = typed.toLowerCase().split('@')
  if (!user) return []
  return DOMAINS.filter((d) => domain === undefined || (d.startsWith(domain) && d !== domain)).map((d) => `${user}@${d}`)
}

function EmailField(props: { value: string; onChange(v: string): void }) {
  const { t } = useTranslation()
  const listId = 'email-suggestions'
  return (
    <>
      <Field
        label={t('auth.email')}
        type="email"
        name="username"
        autoComplete="username"
        placeholder={t('auth.emailPlaceholder')}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value.toLowerCase())}
        list={listId}
        autoCapitalize="none"
        spellCheck={false}
      />
      <datalist id={listId}>
        {emailSuggestions(props.value).map((s) => (
          <option key={s} value={s} />
        ))}
      </datalist>
    </>
  )
}

function LoginForm() {
  const { t } = useTranslation()
  const prefill = useSnapshot(store.ui).testAccount
  const [username, setUsername] = useState(prefill?.username ?? '')
  const [pwd, setPwd] = useState(prefill?.pwd ?? '')
  const [captCode, setCaptCode] = useState('')
  const [codeId, setCodeId] = useState(0)
  const [busy, setBusy] = useState(false)
  const ready = Boolean(username && pwd && captCode) && !busy
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (!ready) return
    setBusy(true)
    const ok = await login({ username, pwd, codeId, captCode }).finally(() => setBusy(false))
    if (!ok) setCaptCode('')
  }
  return (
    <form onSubmit={submit} className="form" aria-label={t('auth.tabLogin')}>
      <EmailField value={username} onChange={setUsername} />
      <Field label={t('auth.password')} type="password" name="pwd" autoComplete="current-password" value={pwd} onChange={(e) => setPwd(e.target.value)} />
      <Captcha value={captCode} onChange={setCaptCode} onId={useCallback((id: number) => setCodeId(id), [])} />
      <button type="submit" className="primary" disabled={!ready}>
        {t('auth.login')}
      </button>
      <button type="button" className="link" onClick={() => openOverlay('forgot')}>
        {t('auth.forgot')}
      </button>
    </form>
  )
}

function RegisterForm() {
  const { t } = useTranslation()
  const { lang, invitation } = useSnapshot(store.session)
  const prefix = languageOf(lang).phonePrefix
  const [form, setForm] = useState({ username: '', phone: '', pwd: '', pwd1: '', captCode: '' })
  const [codeId, setCodeId] = useState(0)
  // Unticked until the player ticks it: accepting the terms is their act (submitting unticked sends nothing).
  const [agree, setAgree] = useState(false)
  const [notAgree, setNotAgree] = useState(false)
  const [busy, setBusy] = useState(false)
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => setForm({ ...form, [key]: e.target.value })
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (!agree) {
      setNotAgree(true)
      return
    }
    if (!form.captCode) {
      pushAlert({ text: t('auth.verifyCaptcha') })
      return
    }
    setBusy(true)
    const ok = await register({ ...form, country: prefix, codeId }).finally(() => setBusy(false))
    if (!ok) setForm((f) => ({ ...f, captCode: '' }))
    else {
      // The spec's named route 'registered': the welcome page, under the second-deposit overlay.
      track({ event: 'sign_up' })
      navigate('/registered', { replace: true })
    }
  }
  return (
    <form onSubmit={submit} className="form" aria-label={t('auth.tabRegister')}>
      <EmailField value={form.username} onChange={(v) => setForm({ ...form, username: v })} />
      <Field label={t('auth.phone')} type="tel" name="phone" autoComplete="tel-national" inputMode="numeric" value={form.phone} onChange={set('phone')} after={<span className="prefix">{prefix}</span>} />
      <Field label={t('auth.password')} type="password" name="pwd" autoComplete="new-password" value={form.pwd} onChange={set('pwd')} />
      <Field label={t('auth.repeatPassword')} type="password" name="pwd1" autoComplete="new-password" value={form.pwd1} onChange={set('pwd1')} />
      <input type="hidden" name="regcode" value={invitation ?? ''} />
      <Captcha value={form.captCode} onChange={(v) => setForm({ ...form, captCode: v })} onId={useCallback((id: number) => setCodeId(id), [])} />
      <label className="check">
        <input
          type="checkbox"
          checked={agree}
          onChange={(e) => {
            setAgree(e.target.checked)
            setNotAgree(!e.target.checked && notAgree)
          }}
          aria-invalid={notAgree}
          aria-describedby={notAgree ? 'terms-error' : undefined}
        />
        <span>
          {/* The terms open in a new tab, so what was typed here stays. */}
          <Trans t={t} i18nKey="auth.terms" components={{ terms: <a href="/termos" target="_blank" rel="noopener" /> }} />
        </span>
      </label>
      {notAgree && (
        <p id="terms-error" role="alert" className="error-text">
          {t('auth.mustAgree')}
        </p>
      )}
      <button type="submit" className="primary" disabled={busy}>
        {t('auth.register')}
      </button>
    </form>
  )
}

/** The login/register panel: two tabs and a close button. */
export default function AuthPanel() {
  const { t } = useTranslation()
  const { authTab } = useSnapshot(store.ui)
  const tab = (name: 'login' | 'register', label: string) => (
    <button type="button" role="tab" id={`tab-${name}`} aria-selected={authTab === name} aria-controls={`panel-${name}`} className="tab" onClick={() => (store.ui.authTab = name)}>
      {label}
    </button>
  )
  return (
    <Modal title={t('auth.title')} onClose={closeOverlay} className="auth">
      <div role="tablist" className="tabs">
        {tab('login', t('auth.tabLogin'))}
        {tab('register', t('auth.tabRegister'))}
      </div>
      <div role="tabpanel" id={`panel-${authTab}`} aria-labelledby={`tab-${authTab}`}>
        {authTab === 'login' ? <LoginForm /> : <RegisterForm />}
      </div>
    </Modal>
  )
}
