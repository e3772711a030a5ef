import i18next from 'i18next'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { I18nextProvider, initReactI18next, useTranslation } from 'react-i18next'
import ptBR from '../../locales/pt_BR.json'

// The shell (routes, store, overlays, scene layer) lands with the client issue; until then the
// server serves this placeholder so `npm start` shows a page from the same origin as the API.
void i18next.use(initReactI18next).init({ lng: 'pt_BR', fallbackLng: 'pt_BR', resources: { pt_BR: { translation: ptBR } } })

function Placeholder() {
  const { t } = useTranslation()
  return (
    <main style={{ fontFamily: 'sans-serif', color: '#e8ecf5', background: '#0f1420', minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
      <div>
        <h1>{t('app.name')}</h1>
        <p aria-live="polite">{t('app.loading')}</p>
      </div>
    </main>
  )
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <I18nextProvider i18n={i18next}>
      <Placeholder />
    </I18nextProvider>
  </StrictMode>,
)
