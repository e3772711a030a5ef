/**
 * /ops/enrol#<token>: the one-time link an admin (or `npm run ops -- create-admin`) handed out.
 * The token stays in the fragment, so no server log or Referer ever carries it. Three steps: a
 * password; the authenticator's secret (a QR code, and the secret itself to type) and its first
 * code; the ten recovery codes, shown this once.
 */
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'wouter'
import { QrCode } from '../../client/pages/loyalty/QrCode'
import { opsEnrolBegin, opsEnrolFinish } from '../../shared/contract/opsConsole'
import { call } from '../api'
import type { Me } from '../App'
import { Refusal } from '../ui'

type Step = { at: 'password' } | { at: 'code'; email: string; secret: string; uri: string } | { at: 'codes'; me: Me; codes: string[] }

export function EnrolPage(props: { onSignedIn(me: Me): void }) {
  const { t } = useTranslation()
  const [, navigate] = useLocation()
  const [token] = useState(() => window.location.hash.replace(/^#/, ''))
  const [step, setStep] = useState<Step>({ at: 'password' })
  const [password, setPassword] = useState('')
  const [again, setAgain] = useState('')
  const [code, setCode] = useState('')
  const [kept, setKept] = useState(false)
  const [refused, setRefused] = useState<{ status: number; msg: string } | null>(null)
  const [busy, setBusy] = useState(false)

  const begin = async () => {
    if (password !== again) return setRefused({ status: 0, msg: t('enrol.mismatch') })
    setBusy(true)
    const a = await call(opsEnrolBegin, { body: { token, password } })
    setBusy(false)
    setRefused(a.ok ? null : a)
    if (a.ok) setStep({ at: 'code', ...a.data })
  }
  const finish = async () => {
    setBusy(true)
    const a = await call(opsEnrolFinish, { body: { token, code } })
    setBusy(false)
    setRefused(a.ok ? null : a)
    if (a.ok) setStep({ at: 'codes', me: a.data.me, codes: a.data.recoveryCodes })
  }

  return (
    <main className="card narrow" id="main">
      <h1>{t('enrol.title')}</h1>
      {step.at === 'password' && (
        <form
          onSubmit={(e) => {
            e.preventDefault()
            void begin()
          }}
        >
          {token ? <p>{t('enrol.passwordIntro')}</p> : <p role="alert">{t('enrol.noToken')}</p>}
          <label htmlFor="enrol-password">{t('enrol.password')}</label>
          <input id="enrol-password" type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} required minLength={8} />
          <label htmlFor="enrol-again">{t('enrol.again')}</label>
          <input id="enrol-again" type="password" autoComplete="new-password" value={again} onChange={(e) => setAgain(e.target.value)} required />
          <Refusal answer={refused} />
          <button type="submit" className="primary" disabled={busy || !token}>
            {t('common.continue')}
          </button>
        </form>
      )}
      {step.at === 'code' && (
        <form
          onSubmit={(e) => {
            e.preventDefault()
            void finish()
          }}
        >
          <p>{t('enrol.scan', { email: step.email })}</p>
          <QrCode text={step.uri} size={200} label={t('enrol.qrLabel')} />
          <p className="muted small">{t('enrol.typeInstead')}</p>
          <p>
            <code className="secret" aria-label={t('enrol.secretLabel')}>
              {step.secret.replace(/(.{4})/g, '$1 ').trim()}
            </code>
          </p>
          <label htmlFor="enrol-code">{t('enrol.code')}</label>
          <input id="enrol-code" inputMode="numeric" autoComplete="one-time-code" pattern="\d{6}" maxLength={6} value={code} onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))} required />
          <Refusal answer={refused} />
          <button type="submit" className="primary" disabled={busy || code.length !== 6}>
            {t('enrol.confirm')}
          </button>
        </form>
      )}
      {step.at === 'codes' && (
        <div>
          <p>{t('enrol.recoveryIntro')}</p>
          <ol className="codes" aria-label={t('enrol.recoveryLabel')}>
            {step.codes.map((c) => (
              <li key={c}>
                <code>{c}</code>
              </li>
            ))}
          </ol>
          <label className="check">
            <input type="checkbox" checked={kept} onChange={(e) => setKept(e.target.checked)} /> {t('enrol.kept')}
          </label>
          <button
            type="button"
            className="primary"
            disabled={!kept}
            onClick={() => {
              window.history.replaceState(null, '', window.location.pathname)
              props.onSignedIn(step.me)
              navigate('/')
            }}
          >
            {t('common.continue')}
          </button>
        </div>
      )}
    </main>
  )
}
