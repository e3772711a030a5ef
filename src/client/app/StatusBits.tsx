import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { Link } from 'wouter'
import { dismissNotice } from '../store/actions/ui'
import { INSTAGRAM_URL, SUPPORT_EMAIL, TELEGRAM_URL, WHATSAPP_URL } from '../store/contactLinks'
import { store } from '../store/store'
import './footer.css'

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

type FooterMark = 'pix' | 'visa' | 'mastercard' | 'usdt' | 'telegram' | 'instagram' | 'whatsapp' | 'email'

/**
 * A mark: a small SVG drawn by hand (assets/public/marks: simple shapes that recall each brand
 * without copying its artwork), a static file so it costs the first load's JavaScript nothing;
 * named by its alt text. Payment marks are card-shaped (36x24), contact marks round or square (24).
 */
const Mark = (props: { mark: FooterMark; label: string; card?: boolean }) => (
  <img className="fmark" src={`/marks/${props.mark}.svg`} alt={props.label} width={props.card ? 36 : 24} height={24} decoding="async" />
)

/** The payment marks: pictures named for screen readers, not links. */
const PAYMENTS = ['pix', 'visa', 'mastercard', 'usdt'] as const
/** The contacts: links, each shown only when the build sets its address (store/contactLinks). */
const CONTACTS: readonly (readonly [FooterMark, string])[] = (
  [
    ['telegram', TELEGRAM_URL],
    ['instagram', INSTAGRAM_URL],
    ['whatsapp', WHATSAPP_URL],
    ['email', SUPPORT_EMAIL && `mailto:${SUPPORT_EMAIL}`],
  ] as const
).filter(([, href]) => href)
const BADGES = ['age', 'responsible', 'secure', 'licensed'] as const

/** The footer: 8 icons, 4 badges and the 2024 copyright line; in the BR profile, the government's self-exclusion platform. */
export function Footer() {
  const { t } = useTranslation()
  const { selfExclusionUrl } = useSnapshot(store.app)
  return (
    <footer className="footer">
      <ul className="footer-icons" aria-label={t('footer.payments')}>
        {PAYMENTS.map((k) => (
          <li key={k} className={`ficon ficon-${k}`}>
            <Mark mark={k} label={t(`footer.icons.${k}`)} card />
          </li>
        ))}
      </ul>
      {CONTACTS.length > 0 && (
        <ul className="footer-icons footer-contacts" aria-label={t('footer.contacts')}>
          {CONTACTS.map(([k, href]) => (
            <li key={k}>
              <a className={`ficon ficon-${k}`} href={href} {...(k === 'email' ? {} : { target: '_blank', rel: 'noopener noreferrer' })}>
                <Mark mark={k} label={t(`footer.icons.${k}`)} />
              </a>
            </li>
          ))}
        </ul>
      )}
      <ul className="footer-badges">
        {BADGES.map((k) => (
          <li key={k}>{k === 'responsible' ? <Link href="/jogoResponsavel">{t(`footer.badges.${k}`)}</Link> : t(`footer.badges.${k}`)}</li>
        ))}
      </ul>
      <p>{t('footer.responsible')}</p>
      <p>
        <Link href="/termos">{t('footer.terms')}</Link>
      </p>
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
