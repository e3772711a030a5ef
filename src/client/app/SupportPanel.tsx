import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { openOverlay } from '../store/actions/ui'
import { store } from '../store/store'

/**
 * The live-chat side panel: an embedded third-party chat page, configured at build time with
 * VITE_CHAT_LICENSE_ID and VITE_CHAT_URL (a template with {licence}, {name} and {email}).
 */
const LICENCE = import.meta.env.VITE_CHAT_LICENSE_ID as string | undefined
const TEMPLATE = import.meta.env.VITE_CHAT_URL as string | undefined

/** Both settings, or null when the chat is not configured. */
const CHAT = LICENCE && TEMPLATE ? { licence: LICENCE, template: TEMPLATE } : null

const chatEnabled = CHAT !== null

export function chatUrl(template: string, licence: string, name: string, email: string): string {
  return template
    .replace('{licence}', encodeURIComponent(licence))
    .replace('{name}', encodeURIComponent(name))
    .replace('{email}', encodeURIComponent(email))
}

export function SupportButton() {
  const { t } = useTranslation()
  const { token } = useSnapshot(store.session)
  if (!chatEnabled) return null
  const open = () => {
    // A visitor tapping support is sent to the login overlay.
    if (!token) openOverlay('auth', 'login')
    else store.ui.supportPanel = true
  }
  return (
    <button type="button" className="support" aria-label={t('support.open')} onClick={open}>
      ?
    </button>
  )
}

export function SupportPanel() {
  // Only the open flag here: a closed panel is not re-rendered by each balance change.
  const open = useSnapshot(store.ui).supportPanel
  return CHAT && open ? <SupportChat chat={CHAT} /> : null
}

function SupportChat(props: { chat: NonNullable<typeof CHAT> }) {
  const { t } = useTranslation()
  const CHAT = props.chat
  const snap = useSnapshot(store)
  if (!snap.user?.uId) return null
  return (
    <aside className="support-panel" aria-label={t('support.title')}>
      <header className="modal-head">
        <h2>{t('support.title')}</h2>
        <button type="button" className="icon-button" aria-label={t('nav.close')} onClick={() => (store.ui.supportPanel = false)}>
          ×
        </button>
      </header>
      <iframe title={t('support.title')} src={chatUrl(CHAT.template, CHAT.licence, snap.user.username, snap.user.email)} />
    </aside>
  )
}
