import { store } from '../store'
import { getTestAccount } from './session'
import { openOverlay } from './ui'

/**
 * The play-money account's credentials pop-up: signed in as a test account (testFlag '1'), its own
 * credentials (the user info's extendInfo); otherwise the player's play-money account, made on the
 * first ask (getUserTest). 'Mudar de conta' there logs out and fills the login form with them.
 */
export async function showTestAccount(): Promise<void> {
  if (!store.session.token) return
  if (store.user?.testFlag === '1' && store.user.extendInfo) {
    store.ui.testAccount = { ...store.user.extendInfo }
    openOverlay('testAccount')
    return
  }
  await getTestAccount().catch(() => undefined)
}
