import { store } from '../store'
import { getTestAccount } from './session'

/** The session a credentials pop-up was shown for: once per session, not on every boot or page. */
let shownFor: string | null = null

/** Test accounts (testFlag '1') get a credentials pop-up (spec), once per session, when nothing else is open. */
export async function showTestAccountOnce(): Promise<void> {
  const token = store.session.token
  if (!token || store.user?.testFlag !== '1' || shownFor === token || store.ui.overlay !== null) return
  shownFor = token
  await getTestAccount().catch(() => undefined)
}
