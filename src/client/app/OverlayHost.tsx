import { lazy, Suspense } from 'react'
import { useSnapshot } from 'valtio'
import { store, type OverlayName } from '../store/store'

// Each overlay is a lazy chunk: a visitor downloads only the panels they open.
const AuthPanel = lazy(() => import('../overlays/AuthPanel'))
const ForgotPanel = lazy(() => import('../overlays/ForgotPanel'))
const TestAccountPanel = lazy(() => import('../overlays/TestAccountPanel'))
const ChangePasswordPanel = lazy(() => import('../overlays/ChangePasswordPanel'))
const LanguagePanel = lazy(() => import('../overlays/LanguagePanel'))
const SoonPanel = lazy(() => import('../overlays/SoonPanel'))

const SOON_TITLES: Partial<Record<OverlayName, string>> = {
  deposit: 'account.deposit',
  withdraw: 'account.withdraw',
  secondDeposit: 'account.deposit',
  gameDeposit: 'account.deposit',
  editBank: 'account.conta',
}

export function OverlayHost() {
  const { overlay } = useSnapshot(store.ui)
  if (!overlay) return null
  let panel
  switch (overlay) {
    case 'auth':
      panel = <AuthPanel />
      break
    case 'forgot':
      panel = <ForgotPanel />
      break
    case 'testAccount':
      panel = <TestAccountPanel />
      break
    case 'changePassword':
      panel = <ChangePasswordPanel />
      break
    case 'language':
      panel = <LanguagePanel />
      break
    default:
      panel = <SoonPanel titleKey={SOON_TITLES[overlay] ?? 'common.alert'} />
  }
  return <Suspense fallback={null}>{panel}</Suspense>
}
