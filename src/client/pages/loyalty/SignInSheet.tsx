import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { formatMoney } from '../../format/format'
import { claimSignin, fetchSignin, type SigninStatus } from '../../store/actions/loyalty'
import { SignInFirst } from '../pageParts'
import { useLoaded } from '../useLoaded'
import { store } from '../../store/store'

/** /signInSheet: the 7-day cycle, what is claimed, today's reward to claim. */
export function SignInSheet() {
  const { t } = useTranslation()
  const { token, lang } = useSnapshot(store.session)
  const [status, setStatus] = useLoaded<SigninStatus>(fetchSignin, [token], { enabled: Boolean(token) })
  const [busy, setBusy] = useState(false)
  const [said, setSaid] = useState('')
  if (!token) return <SignInFirst titleKey="pages.signInSheet" />
  const claim = async () => {
    setBusy(true)
    try {
      const done = await claimSignin()
      if (done) setSaid(t('loyalty.signin.claimed', { day: done.day, reward: formatMoney(done.reward, lang) }))
      setStatus(await fetchSignin())
    } finally {
      setBusy(false)
    }
  }
  return (
    <section className="page signin-page" aria-labelledby="signin-title">
      <h1 id="signin-title">{t('pages.signInSheet')}</h1>
      <p>{t('loyalty.signin.intro')}</p>
      {status && (
        <>
          <ol className="signin-days">
            {status.rewards.map((r, i) => {
              const today = i + 1 === status.day
              return (
                <li key={i} className={`${status.claimed[i] ? 'claimed' : ''}${today ? ' today' : ''}`} aria-current={today ? 'date' : undefined}>
                  <span>{t('loyalty.signin.day', { n: i + 1 })}</span>
                  <strong>{formatMoney(r, lang)}</strong>
                  <small>{status.claimed[i] ? t('loyalty.signin.done') : today ? t('loyalty.signin.today') : ''}</small>
                </li>
              )
            })}
          </ol>
          <button type="button" className="primary" disabled={status.claimedToday || busy} aria-busy={busy} onClick={() => void claim()} data-testid="signin-claim">
            {status.claimedToday ? t('loyalty.signin.comeBack') : t('loyalty.signin.claim', { reward: formatMoney(status.rewards[status.day - 1] ?? 0, lang) })}
          </button>
          <p role="status" className="signin-said">
            {said}
          </p>
          <p className="muted">{t('loyalty.signin.rules')}</p>
        </>
      )}
    </section>
  )
}
