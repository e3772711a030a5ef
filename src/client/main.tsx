import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { I18nextProvider } from 'react-i18next'
import { App } from './app/App'
import { SNAPSHOT_MODE, TEST_BUILD } from './engine/determinism'
import { i18n } from './i18n/i18n'
import { store } from './store/store'
import './styles.css'

if (SNAPSHOT_MODE) document.documentElement.classList.add('snapshot')
if (TEST_BUILD) window.__app = { ...(window.__app ?? {}), store, snapshot: SNAPSHOT_MODE }

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

createRoot(root).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <App />
    </I18nextProvider>
  </StrictMode>,
)
