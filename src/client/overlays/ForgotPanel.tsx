import { useEffect, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { mmss } from '../format/format'
import { checkResetCode, sendResetCode, setNewPassword } from '../store/actions/account'
import { closeOverlay, openOverlay } from '../store/actions/ui'
import { Field } from './Field'
import { Modal } from './Modal'

/** The three-step reset: e-mail and code, then the new password; resend waits out its countdown. */
export default function ForgotPanel() {
  const { t } = useTranslation()
  const [step, setStep] = useState<1 | 2 | 3>(1)
  const [email, setEmail] = useState('')
  const [code, setCode] = useState('')
  const [chkId, setChkId] = useState('')
  const [pwd, setPwd] = useState('')
  const [until, setUntil] = useState(0)
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (until <= now) return
    const timer = setInterval(() => setNow(Date.now()), 250)
    return () => clearInterval(timer)
  }, [until, now])
  const remaining = Math.max(0, until - now)

  const send = async () => {
    const wait = await sendResetCode(email).catch(() => 0)
    if (wait > 0) {
      setUntil(Date.now() + wait)
      setNow(Date.now())
      setStep(2)
    }
  }
  const check = async (e: FormEvent) => {
    e.preventDefault()
    const id = await checkResetCode(email, code).catch(() => null)
    if (id) {
      setChkId(id)
      setStep(3)
    }
  }
  const save = async (e: FormEvent) => {
    e.preventDefault()
    if (await setNewPassword(chkId, pwd).catch(() => false)) openOverlay('auth', 'login')
  }
  return (
    <Modal title={t('forgot.title')} onClose={closeOverlay}>
      <p className="step" aria-live="polite">
        {t('forgot.step', { n: step })}
      </p>
      {step < 3 ? (
        <form className="form" onSubmit={check}>
          <Field label={t('forgot.email')} type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value.toLowerCase())} />
          <button type="button" className="secondary" onClick={send} disabled={remaining > 0}>
            {remaining > 0 ? t('forgot.resendIn', { time: mmss(remaining) }) : t('forgot.sendCode')}
          </button>
          {step === 2 && (
            <>
              <Field label={t('forgot.code')} inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code} onChange={(e) => setCode(e.target.value)} />
              <button type="submit" className="primary">
                {t('forgot.next')}
              </button>
            </>
          )}
        </form>
      ) : (
        <form className="form" onSubmit={save}>
          <Field label={t('forgot.newPassword')} type="password" autoComplete="new-password" value={pwd} onChange={(e) => setPwd(e.target.value)} />
          <button type="submit" className="primary">
            {t('forgot.save')}
          </button>
        </form>
      )}
    </Modal>
  )
}
