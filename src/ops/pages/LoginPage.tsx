/**
 * /ops/login: e-mail and password, then the authenticator's code (or one recovery code). The
 * first step's session can take nothing but the second (the server's rule); a wrong code is
 * counted there too.
 */
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'wouter'
import { opsCode, opsLogin } from '../../shared/contract/opsConsole'
import { call } from '../api'
import type { Me } from '../App'
import { Refusal } from '../ui'

export function LoginPage(props: { onSignedIn(me: Me): void }) {
  const { t } = useTranslation()
  const [, navigate] = useLocation()
  const [step, setStep] = useState<'password' | 'code'>('password')
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [code, setCode] = useState('')
  const [recovery, setRecovery] = useState(false)
  const [refused, setRefused] = useState<{ status: number; msg: string } | null>(null)
  const [busy, setBusy] = useState(false)
  const [left, setLeft] = useState<{ me: Me; count: number } | null>(null)

  const signIn = async () => {
    setBusy(true)
    const a = await call(opsLogin, { body: { email: email.trim(), password } })
    setBusy(false)
    setRefused(a.ok ? null : a)
    if (a.ok) {
      setPassword('')
      setStep('code')
    }
  }
  const secondFactor = async () => {
    setBusy(true)
    const a = await call(opsCode, { body: recovery ? { recoveryCode: code.trim() } : { code } })
    setBusy(false)
    setRefused(a.ok ? null : a)
    if (!a.ok) {
      // The first step's session ended (5 minutes, or too many codes): start again.
      if (a.status === 6401) setStep('password')
      return
    }
    // A recovery code used: say how many are left before going on (few left: re-enrol soon).
    if (recovery) return setLeft({ me: a.data.me, count: a.data.recoveryLeft })
    props.onSignedIn(a.data.me)
    navigate('/')
  }

  return (
    <main className="card narrow" id="main">
      <h1>{t('login.title')}</h1>
      {left ? (
        <div>
          <p role="status">
            {t('login.recoveryLeft', { count: left.count })} {left.count <= 2 && t('login.recoveryFew')}
          </p>
          <button
            type="button"
            className="primary"
            onClick={() => {
              props.onSignedIn(left.me)
              navigate('/')
            }}
          >
            {t('common.continue')}
          </button>
        </div>
      ) : step === 'password' ? (
        <form
          onSubmit={(e) => {
            e.preventDefault()
            void signIn()
          }}
        >
          <label htmlFor="login-email">{t('login.email')}</label>
          <input id="login-email" type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} required />
          <label htmlFor="login-password">{t('login.password')}</label>
          <input id="login-password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} required />
          <Refusal answer={refused} />
          <button type="submit" className="primary" disabled={busy}>
            {t('common.continue')}
          </button>
        </form>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault()
            void secondFactor()
          }}
        >
          <label htmlFor="login-code">{recovery ? t('login.recoveryCode') : t('login.code')}</label>
          {recovery ? (
            <input id="login-code" autoComplete="off" maxLength={11} value={code} onChange={(e) => setCode(e.target.value)} required />
          ) : (
            <input id="login-code" inputMode="numeric" autoComplete="one-time-code" pattern="\d{6}" maxLength={6} value={code} onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))} required />
          )}
          <Refusal answer={refused} />
          <button type="submit" className="primary" disabled={busy}>
            {t('login.enter')}
          </button>
          <button
            type="button"
            className="link"
            onClick={() => {
              setRecovery(!recovery)
              setCode('')
            }}
          >
            {recovery ? t('login.useCode') : t('login.useRecovery')}
          </button>
        </form>
      )}
    </main>
  )
}
