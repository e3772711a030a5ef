import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { store } from '../store/store'

/**
 * Demo mode's permanent strip: payments here are simulated. A note (read once by screen
 * readers, not a live region), sticking above the top bar so it never covers a control.
 */
export function DemoRibbon() {
  const { t } = useTranslation()
  const { mode } = useSnapshot(store.app)
  if (mode !== 'demo') return null
  return (
    <p className="demo-ribbon" role="note">
      {t('app.demoRibbon')}
    </p>
  )
}
