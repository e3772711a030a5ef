import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { store } from '../store/store'
import { demoExpected } from '../store/modeHint'

/**
 * Demo mode's permanent strip: payments here are simulated. A note (read once by screen
 * readers, not a live region), sticking above the top bar so it never covers a control.
 */
export function DemoRibbon() {
  const { t } = useTranslation()
  const { mode } = useSnapshot(store.app)
  // Until the server answers, the build's hint keeps the strip's place (empty), so it shifts nothing when it fills.
  if (mode === null && demoExpected()) return <p className="demo-ribbon" aria-hidden="true" />
  if (mode !== 'demo') return null
  return (
    <p className="demo-ribbon" role="note">
      {t('app.demoRibbon')}
    </p>
  )
}
