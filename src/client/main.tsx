import { startTransition, StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { I18nextProvider } from 'react-i18next'
import { App } from './app/App'
import { muteSetting } from './app/muteSetting'
import { preloadRoute } from './app/routes'
import { bindMuteSetting } from './engine/audio'
import { SNAPSHOT_MODE, TEST_BUILD } from './engine/determinism'
import { rootFontSize } from './format/format'
import { i18n } from './i18n/i18n'
import { net } from './store/api'
import { store } from './store/store'
import './styles.css'

// The visit's first route starts loading its code now, beside the first render of the shell, not
// after it (a game page or the sports list painted 300-400 ms later on a 4x slower phone).
preloadRoute(window.location.pathname)

// The engine's sounds follow the player's mute choice, kept in the store (the engine imports no store).
bindMuteSetting(muteSetting)
if (SNAPSHOT_MODE) document.documentElement.classList.add('snapshot')
// The root font size (every size is in rem) before the first render: set later, the whole page would shift.
document.documentElement.style.fontSize = `${rootFontSize(window.innerWidth, navigator.userAgent)}px`
if (TEST_BUILD) window.__app = { ...(window.__app ?? {}), store, snapshot: SNAPSHOT_MODE }

// The network worker after the load event: its start-up never competes with the first paint; requests before it use the page's fetch.
const startNet = () => setTimeout(() => net.start(), 0)
if (document.readyState === 'complete') startNet()
else window.addEventListener('load', startNet, { once: true })
if (TEST_BUILD) window.__app = { ...(window.__app ?? {}), net: () => net.via }

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

// A transition: React renders the first tree in slices that yield to the browser, so the start-up
// holds no long task (Lighthouse's blocking time) however large the shell grows.
startTransition(() =>
  createRoot(root).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <App />
      </I18nextProvider>
    </StrictMode>,
  ),
)
