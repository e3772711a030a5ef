/**
 * The console's shell: who is signed in (GET /api/ops/me at load), the two pages open without a
 * session (enrolment, login), and for an operator the navigation their role allows and its pages.
 * The server checks the role on every call; the navigation only hides what would be refused.
 */
import { lazy, Suspense, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, Redirect, Route, Router, Switch, useLocation } from 'wouter'
import { opsLogout, opsMe, roleAllows, type OpsRole } from '../shared/contract/opsConsole'
import { LOCALES, normalizeLocale, type Locale } from '../shared/locales'
import { call, whenLoggedOut } from './api'
import { setLocale } from './i18n'
import { AuditPage } from './pages/AuditPage'
import { BooksPage } from './pages/BooksPage'
import { NoticesPage } from './pages/NoticesPage'
import { PaymentsPage } from './pages/PaymentsPage'
import { RiskPage } from './pages/RiskPage'
import { LoginPage } from './pages/LoginPage'
import { OperatorsPage } from './pages/OperatorsPage'
import { PlayerPage } from './pages/PlayerPage'
import { PlayersPage } from './pages/PlayersPage'
import { WithdrawalsPage } from './pages/WithdrawalsPage'

// Enrolment, once per operator, is the only page with a QR code: its encoder loads with it.
const EnrolPage = lazy(() => import('./pages/EnrolPage').then((m) => ({ default: m.EnrolPage })))

export interface Me {
  operatorId: string
  email: string
  role: OpsRole
}

/** The console's sections, each with the least role that reads it (the role of its main call). */
const SECTIONS: { path: string; label: string; role: OpsRole }[] = [
  { path: '/withdrawals', label: 'nav.withdrawals', role: 'support' },
  { path: '/payments', label: 'nav.payments', role: 'support' },
  { path: '/players', label: 'nav.players', role: 'support' },
  { path: '/risk', label: 'nav.risk', role: 'risk' },
  { path: '/books', label: 'nav.books', role: 'payments' },
  { path: '/notices', label: 'nav.notices', role: 'support' },
  { path: '/audit', label: 'nav.audit', role: 'admin' },
  { path: '/operators', label: 'nav.operators', role: 'admin' },
]

export function App() {
  const [me, setMe] = useState<Me | null | undefined>(undefined)
  useEffect(() => {
    whenLoggedOut(() => setMe(null))
    void call(opsMe).then((a) => setMe(a.ok ? a.data : null))
  }, [])
  return (
    <Router base="/ops">
      <Switch>
        <Route path="/enrol">
          <Suspense fallback={null}>
            <EnrolPage onSignedIn={setMe} />
          </Suspense>
        </Route>
        <Route path="/login">{me ? <Redirect to="/" /> : <LoginPage onSignedIn={setMe} />}</Route>
        <Route>{me === undefined ? null : me === null ? <Redirect to="/login" /> : <Shell me={me} onSignedOut={() => setMe(null)} />}</Route>
      </Switch>
    </Router>
  )
}

function Shell(props: { me: Me; onSignedOut(): void }) {
  const { t, i18n } = useTranslation()
  const [location] = useLocation()
  const { me } = props
  const allowed = SECTIONS.filter((s) => roleAllows(me.role, s.role))
  const names = new Intl.DisplayNames([i18n.language.replace('_', '-')], { type: 'language' })
  return (
    <div className="shell">
      <a className="skip" href="#main">
        {t('nav.skip')}
      </a>
      <header className="topbar">
        <span className="brand">{t('app.name')}</span>
        <span className="who">
          {me.email} · <span className="role">{t(`roles.${me.role}`)}</span>
        </span>
        <label className="lang">
          <span className="visually-hidden">{t('nav.language')}</span>
          <select value={normalizeLocale(i18n.language)} onChange={(e) => void setLocale(e.target.value as Locale)}>
            {LOCALES.map((l) => (
              <option key={l} value={l}>
                {names.of(l.replace('_', '-').replace('nr-NR', 'en-NG')) ?? l}
              </option>
            ))}
          </select>
        </label>
        <button type="button" onClick={() => void call(opsLogout).finally(props.onSignedOut)}>
          {t('nav.signOut')}
        </button>
      </header>
      <nav className="sidenav" aria-label={t('nav.label')}>
        <ul>
          {allowed.map((s) => (
            <li key={s.path}>
              <Link href={s.path} aria-current={location.startsWith(s.path) ? 'page' : undefined}>
                {t(s.label)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main" tabIndex={-1}>
        <Switch>
          <Route path="/withdrawals">
            <WithdrawalsPage me={me} />
          </Route>
          <Route path="/payments">
            <PaymentsPage me={me} />
          </Route>
          <Route path="/risk">
            <RiskPage />
          </Route>
          <Route path="/books">
            <BooksPage />
          </Route>
          <Route path="/notices">
            <NoticesPage me={me} />
          </Route>
          <Route path="/players/:uId">{(params) => <PlayerPage me={me} uId={params.uId} />}</Route>
          <Route path="/players">
            <PlayersPage />
          </Route>
          <Route path="/audit">
            <AuditPage />
          </Route>
          <Route path="/operators">
            <OperatorsPage me={me} />
          </Route>
          <Route>
            <Redirect to={allowed[0]?.path ?? '/players'} />
          </Route>
        </Switch>
      </main>
    </div>
  )
}
