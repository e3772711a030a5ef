import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { Link } from 'wouter'
import { dismissNotice } from '../store/actions/ui'
import { store } from '../store/store'

export function LoadingIndicator() {
  const { t } = useTranslation()
  const { loading } = useSnapshot(store.ui)
  return (
    <div className={`loading-bar ${loading ? 'on' : ''}`} role="progressbar" aria-label={t('common.loading')} aria-hidden={!loading} aria-busy={loading} />
  )
}

/** A socket notice as a banner (and in a live region, so it is read out). */
export function NoticeBanner() {
  const { t } = useTranslation()
  const { notice } = useSnapshot(store.ui)
  return (
    <div aria-live="polite" className="notice-region">
      {notice && (
        <div className="notice" role="status" aria-label={t('notice.label')}>
          <span>{notice.text}</span>
          <button type="button" className="icon-button" onClick={dismissNotice} aria-label={t('notice.close')}>
            ×
          </button>
        </div>
      )}
    </div>
  )
}

const ICONS = ['pix', 'visa', 'mastercard', 'usdt', 'telegram', 'instagram', 'whatsapp', 'email'] as const
const BADGES = ['age', 'responsible', 'secure', 'licensed'] as const

/** The footer: 8 icons, 4 badges and the 2024 copyright line; in the BR profile, the government's self-exclusion platform. */
export function Footer() {
  const { t } = useTranslation()
  const { selfExclusionUrl } = useSnapshot(store.app)
  return (
    <footer className="footer">
      <ul className="footer-icons">
        {ICONS.map((k) => (
          <li key={k} className={`ficon ficon-${k}`}>
            {t(`footer.icons.${k}`)}
          </li>
        ))}
      </ul>
      <ul className="footer-badges">
        {BADGES.map((k) => (
          <li key={k}>{k === 'responsible' ? <Link href="/jogoResponsavel">{t(`footer.badges.${k}`)}</Link> : t(`footer.badges.${k}`)}</li>
        ))}
      </ul>
      <p>{t('footer.responsible')}</p>
      {selfExclusionUrl && (
        <p>
          <a href={selfExclusionUrl} target="_blank" rel="noopener noreferrer">
            {t('rg.gov.link')}
          </a>
        </p>
      )}
      <p>{t('footer.copyright')}</p>
    </footer>
  )
}
