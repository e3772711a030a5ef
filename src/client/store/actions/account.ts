import { checkEmail, sendEmail, setPwd } from '../../../shared/contract/auth'
import { setHeader, updatePwd } from '../../../shared/contract/user'
import { i18n } from '../../i18n/i18n'
import { store } from '../store'
import { api, apiMessage, logout } from './session'
import { closeOverlay, pushAlert, pushToast } from './ui'

export async function setAvatar(index: number): Promise<void> {
  const { header } = await api<{ header: number }>(setHeader, { params: { index } })
  if (store.user) store.user.header = header
}

/** The change-password form; logging out follows its submit (spec). */
export async function changePassword(oPwd: string, nPwd: string, nPwd1: string): Promise<boolean> {
  if (!oPwd || !nPwd || !nPwd1) {
    pushAlert({ text: i18n.t('changePassword.enterAll') })
    return false
  }
  await api(updatePwd, { body: { oPwd, nPwd, nPwd1 } })
  closeOverlay()
  await logout({ openLogin: true })
  return true
}

/** Step 1: mails a code; returns the resend countdown in ms. */
export async function sendResetCode(email: string): Promise<number> {
  if (!email.trim()) {
    pushAlert({ text: i18n.t('forgot.enterEmail') })
    return 0
  }
  const { wait } = await api<{ wait: number }>(sendEmail, { body: { email: email.trim().toLowerCase() }, form: true })
  pushToast(i18n.t('forgot.sent'))
  return wait * 1000
}

/** Step 2: trades the code for the check id. */
export async function checkResetCode(email: string, code: string): Promise<string | null> {
  if (!email.trim() || !code.trim()) {
    pushAlert({ text: i18n.t('forgot.incomplete') })
    return null
  }
  return api<string>(checkEmail, { body: { email: email.trim().toLowerCase(), code: code.trim() }, form: true })
}

/** Step 3: sets the new password; the reply's message is shown as success. */
export async function setNewPassword(chkId: string, nPwd: string): Promise<boolean> {
  if (!nPwd) {
    pushAlert({ text: i18n.t('forgot.enterNewPassword') })
    return false
  }
  const msg = await apiMessage(setPwd, { body: { nPwd, chkId }, form: true })
  closeOverlay()
  // The spec: the reply's message shown as success.
  pushToast(msg || i18n.t('forgot.passwordSet'))
  return true
}
