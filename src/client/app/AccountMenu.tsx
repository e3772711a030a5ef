import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { navigate } from 'wouter/use-browser-location'
import { AVATAR_COUNT } from '../../shared/codes'
import { formatMoney } from '../format/format'
import { openOverlay, setAccountMenu } from '../store/actions/ui'
import { logoutAndGoHome, refreshBalance, setAvatar, showTestAccount } from '../store/shellActions'
import { store } from '../store/store'

const ITEMS = [
  { key: 'conta', path: '/conta' },
  { key: 'deposit', overlay: 'deposit' },
  { key: 'withdraw', overlay: 'withdraw' },
  { key: 'transfer', overlay: 'transfer', label: 'cashier.transfer.menu' },
  { key: 'share', path: '/friends' },
  { key: 'history', path: '/registros' },
  { key: 'bonus', path: '/bonus' },
  { key: 'vip', path: '/vip' },
  { key: 'rg', path: '/jogoResponsavel' },
] as const

/** The balance line: a leaf, so each bet re-renders it and not the menu. */
function AccountBalance() {
  const { t } = useTranslation()
  const balance = useSnapshot(store).user?.balance ?? 0
  const lang = useSnapshot(store.session).lang
  return (
    <p className="account-balance">
      {t('nav.balance')}: <strong>{formatMoney(balance, lang)}</strong>
    </p>
  )
}

/** The account menu, sliding down: seven items plus transfer and responsible gaming, the avatar picker, change password, logout. */
export function AccountMenu() {
  const { t } = useTranslation()
  const open = useSnapshot(store.ui).accountMenu
  const token = useSnapshot(store.session).token
  const current = useSnapshot(store).user?.header ?? 0
  const testFlag = useSnapshot(store).user?.testFlag === '1'
  // The BR profile: no transfers between players.
  const br = useSnapshot(store.app).jurisdiction === 'BR'
  useEffect(() => {
    if (open) void refreshBalance()
  }, [open])
  if (!token) return null
  return (
    <>
      {open && <div className="scrim" onClick={() => setAccountMenu(false)} />}
      <section id="account-menu" className={`account-menu ${open ? 'open' : ''}`} aria-label={t('account.title')} aria-hidden={!open} inert={!open}>
        {/* Only while open: a closed menu is not re-rendered by each bet's balance. */}
        {open && <AccountBalance />}
        <ul className="account-items">
          {ITEMS.filter((item) => !(br && item.key === 'transfer')).map((item) => (
            <li key={item.key}>
              <button
                type="button"
                onClick={() => {
                  setAccountMenu(false)
                  if ('overlay' in item) openOverlay(item.overlay)
                  else navigate(item.path)
                }}
              >
                {t('label' in item ? item.label : `account.${item.key}`)}
              </button>
            </li>
          ))}
        </ul>
        <h3 id="avatar-heading">{t('account.avatar')}</h3>
        <div className="avatars" role="radiogroup" aria-labelledby="avatar-heading">
          {Array.from({ length: AVATAR_COUNT }, (_, i) => (
            <button key={i} type="button" role="radio" aria-checked={i === current} aria-label={t('account.avatarN', { n: i })} className={i === current ? 'current' : ''} onClick={() => void setAvatar(i).catch(() => undefined)}>
              <img src={`/avatars/${i}.svg`} alt="" width={40} height={40} loading="lazy" />
            </button>
          ))}
        </div>
        {/* The play-money account: a player's own (getUserTest makes it) or, signed in as one, its credentials (spec: test accounts get a credentials pop-up). */}
        <button type="button" className="secondary" onClick={() => void showTestAccount()}>
          {t(testFlag ? 'account.testAccountMine' : 'account.testAccount')}
        </button>
        <button type="button" className="secondary" onClick={() => openOverlay('changePassword')}>
          {t('account.changePassword')}
        </button>
        <button type="button" className="danger" onClick={() => void logoutAndGoHome()}>
          {t('account.logout')}
        </button>
      </section>
    </>
  )
}
