import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { Link } from 'wouter'
import { formatMoney } from '../format/format'
import { openOverlay, setAccountMenu, setSideMenu } from '../store/actions/ui'
import { store } from '../store/store'

/** The balance alone: every bet changes it, and only this span re-renders for it, not the whole bar. */
function Balance(props: { label: string }) {
  const snap = useSnapshot(store)
  return (
    <span className="balance" aria-label={props.label} data-testid="balance">
      {formatMoney(snap.user?.balance ?? 0, snap.session.lang)}
    </span>
  )
}

export function Header() {
  const { t } = useTranslation()
  const snap = useSnapshot(store)
  const logged = Boolean(snap.session.token)
  return (
    <header className="topbar">
      <button type="button" className="icon-button" aria-label={t('nav.menu')} aria-expanded={snap.ui.sideMenu} aria-controls="side-menu" onClick={() => setSideMenu(!snap.ui.sideMenu)}>
        ☰
      </button>
      <Link href="/home" className="logo">
        {t('app.name')}
      </Link>
      <Link href="/search" className="icon-button search-link" aria-label={t('nav.search')}>
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M15.5 15.5 20 20" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </Link>
      {logged ? (
        <>
          <Balance label={t('nav.balance')} />
          <button type="button" className="avatar-button" aria-label={t('nav.account')} aria-expanded={snap.ui.accountMenu} aria-controls="account-menu" onClick={() => setAccountMenu(!snap.ui.accountMenu)}>
            <img src={`/avatars/${snap.user?.header ?? 0}.svg`} alt="" width={32} height={32} />
          </button>
        </>
      ) : (
        <span className="auth-buttons">
          <button type="button" className="secondary small" onClick={() => openOverlay('auth', 'login')}>
            {t('nav.login')}
          </button>
          <button type="button" className="primary small" onClick={() => openOverlay('auth', 'register')}>
            {t('nav.register')}
          </button>
        </span>
      )}
    </header>
  )
}
