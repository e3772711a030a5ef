import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'wouter'
import { navigate } from 'wouter/use-browser-location'
import { useSnapshot } from 'valtio'
import { logoutAll, mySessions } from '../../../shared/contract/user'
import { setMuted } from '../../engine/audio'
import { bcp47 } from '../../format/format'
import { api, logout, logoutAndGoHome } from '../../store/actions/session'
import { openOverlay, setAccountMenu } from '../../store/actions/ui'
import { store } from '../../store/store'
import { SignInFirst } from '../pageParts'
import { useLoaded } from '../useLoaded'

type OpenSession = { device: string; ip: string; createdAt: number; lastSeenAt: number; current: boolean }

/** /conta's devices: the player's open sessions, this one marked, and "sign out everywhere" (asked twice). */
function Sessions() {
  const { t } = useTranslation()
  const { token, lang } = useSnapshot(store.session)
  const [sessions] = useLoaded(() => api<OpenSession[]>(mySessions, { loading: false }, true), [token], { enabled: Boolean(token) })
  const [asking, setAsking] = useState(false)
  const when = (ms: number) => new Intl.DateTimeFormat(bcp47(lang), { dateStyle: 'short', timeStyle: 'short' }).format(ms)
  const signOutEverywhere = async () => {
    await api(logoutAll, { body: {} })
    await logout({ callServer: false, openLogin: false })
    navigate('/home')
  }
  return (
    <section aria-labelledby="sessions-title" className="account-sessions">
      <h2 id="sessions-title">{t('more.account.sessions')}</h2>
      <ul data-testid="sessions">
        {(sessions ?? []).map((s) => (
          <li key={`${s.createdAt}-${s.ip}-${s.device}`}>
            <strong>{s.device || t('more.account.unknownDevice')}</strong>
            {s.current && <span className="badge">{t('more.account.thisDevice')}</span>}
            <small className="muted">
              {s.ip && `${s.ip} · `}
              {t('more.account.seen', { when: when(s.lastSeenAt) })}
            </small>
          </li>
        ))}
      </ul>
      {asking ? (
        <div role="group" aria-labelledby="logout-all-ask" className="confirm">
          <p id="logout-all-ask">{t('more.account.logoutAllAsk')}</p>
          <button type="button" className="danger" onClick={() => void signOutEverywhere().catch(() => undefined)} data-testid="logout-all-yes">
            {t('more.account.logoutAllYes')}
          </button>{' '}
          <button type="button" className="secondary" onClick={() => setAsking(false)}>
            {t('more.account.cancel')}
          </button>
        </div>
      ) : (
        <button type="button" className="secondary" onClick={() => setAsking(true)} data-testid="logout-all">
          {t('more.account.logoutAll')}
        </button>
      )}
    </section>
  )
}

/** /conta: the account: e-mail, avatar, identity check, language, sound, password, devices, sign out. */
export function AccountPage() {
  const { t } = useTranslation()
  const user = useSnapshot(store).user
  const { token } = useSnapshot(store.session)
  const muted = useSnapshot(store.ui).muted
  if (!token || !user) return <SignInFirst titleKey="pages.conta" />
  return (
    <section className="page account-page" aria-labelledby="conta-title">
      <h1 id="conta-title">{t('pages.conta')}</h1>
      <dl className="account-facts">
        <dt>{t('more.account.email')}</dt>
        <dd data-testid="account-email">{user.email}</dd>
        <dt>{t('more.account.id')}</dt>
        <dd>{user.uId}</dd>
        <dt>{t('more.account.kyc')}</dt>
        <dd>{user.kyc === 1 ? t('more.account.kycDone') : t('more.account.kycNone')}</dd>
        <dt>{t('more.account.vip')}</dt>
        <dd>
          <Link href="/vip">{t('loyalty.vip.level', { level: user.level })}</Link>
        </dd>
      </dl>
      {/* The avatar: the picker is the account menu's (one copy, in the first chunk). */}
      <p className="account-avatar">
        <img src={`/avatars/${user.header}.svg`} alt={t('more.account.avatar')} width={56} height={56} />
        <button type="button" className="secondary" onClick={() => setAccountMenu(true)}>
          {t('account.avatar')}
        </button>
      </p>
      <div className="account-actions">
        {user.kyc !== 1 && user.testFlag !== '1' && (
          <button type="button" className="secondary" onClick={() => openOverlay('editBank')}>
            {t('more.account.verify')}
          </button>
        )}
        <button type="button" className="secondary" onClick={() => openOverlay('language')}>
          {t('language.title')}
        </button>
        <button type="button" className="secondary" aria-pressed={muted} onClick={() => setMuted(!muted)}>
          {muted ? t('audio.unmute') : t('audio.mute')}
        </button>
        <button type="button" className="secondary" onClick={() => openOverlay('changePassword')}>
          {t('more.account.password')}
        </button>
        <Link href="/bonus" className="secondary button-link">
          {t('pages.bonus')}
        </Link>
        <Link href="/jogoResponsavel" className="secondary button-link">
          {t('pages.rg')}
        </Link>
        <button type="button" className="secondary" onClick={() => void logoutAndGoHome()}>
          {t('more.account.logout')}
        </button>
      </div>
      <Sessions />
    </section>
  )
}
