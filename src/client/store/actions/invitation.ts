import { save } from '../persist'
import { store } from '../store'

/** The invitation code from /y{yqm}, kept for the register form's hidden regcode. */
export function storeInvitation(code: string): void {
  const clean = code.trim().slice(0, 32)
  if (!clean) return
  store.session.invitation = clean
  save('invitation', clean)
}
