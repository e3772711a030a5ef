import { lazy, Suspense } from 'react'
import { useSnapshot } from 'valtio'
import { ToastHost } from './ToastHost'
import { withFullLocale } from '../i18n/i18n'
import { store } from '../store/store'

// Each overlay is a lazy chunk: a visitor downloads only the panels they open.
const AuthPanel = lazy(withFullLocale(() => import('../overlays/AuthPanel')))
const ForgotPanel = lazy(withFullLocale(() => import('../overlays/ForgotPanel')))
const TestAccountPanel = lazy(withFullLocale(() => import('../overlays/TestAccountPanel')))
const ChangePasswordPanel = lazy(withFullLocale(() => import('../overlays/ChangePasswordPanel')))
const LanguagePanel = lazy(withFullLocale(() => import('../overlays/LanguagePanel')))
const DepositPanel = lazy(withFullLocale(() => import('../overlays/cashier/DepositPanel')))
const WithdrawPanel = lazy(withFullLocale(() => import('../overlays/cashier/WithdrawPanel')))
const KycPanel = lazy(withFullLocale(() => import('../overlays/cashier/KycPanel')))
const TransferPanel = lazy(withFullLocale(() => import('../overlays/cashier/TransferPanel')))

function Panel() {
  const { overlay } = useSnapshot(store.ui)
  switch (overlay) {
    case null:
      return null
    case 'auth':
      return <AuthPanel />
    case 'forgot':
      return <ForgotPanel />
    case 'testAccount':
      return <TestAccountPanel />
    case 'changePassword':
      return <ChangePasswordPanel />
    case 'language':
      return <LanguagePanel />
    case 'deposit':
    case 'secondDeposit':
    case 'gameDeposit':
    case 'boostDeposit':
      // Keyed by variant: switching variants starts a fresh panel.
      return <DepositPanel key={overlay} variant={overlay} />
    case 'withdraw':
      return <WithdrawPanel />
    case 'editBank':
      return <KycPanel />
    case 'transfer':
      return <TransferPanel />
  }
}

export function OverlayHost() {
  return (
    <>
      <Suspense fallback={null}>
        <Panel />
      </Suspense>
      <ToastHost />
    </>
  )
}
