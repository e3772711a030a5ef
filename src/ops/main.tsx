import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App'
import { setLocale, storedLocale } from './i18n'
import './styles.css'

// The operator's language first (pt_BR is bundled; another is one small chunk), then the app.
void setLocale(storedLocale()).finally(() => {
  const root = document.getElementById('root')
  if (root) createRoot(root).render(<StrictMode><App /></StrictMode>)
})
