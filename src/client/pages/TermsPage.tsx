/**
 * /termos: the Terms of Use, in the player's language (the `terms` section; pt_BR is the source).
 * The version shown is the one the server asks players to accept (appInfo's termsVersion, BR
 * profile); the contact e-mail is the build's VITE_SUPPORT_EMAIL, like the footer's.
 */
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { Link } from 'wouter'
import { SUPPORT_EMAIL } from '../store/contactLinks'
import { store } from '../store/store'
import './terms.css'

/** The sections in order; each has a title and a text, some a link into the app. */
const SECTIONS: readonly { key: string; href?: string }[] = [
  { key: 'who' },
  { key: 'age' },
  { key: 'account' },
  { key: 'payments' },
  { key: 'bonus', href: '/bonus' },
  { key: 'responsible', href: '/jogoResponsavel' },
  { key: 'fair' },
  { key: 'data' },
  { key: 'fraud' },
  { key: 'changes' },
  { key: 'contact' },
]

export default function TermsPage() {
  const { t } = useTranslation()
  const { termsVersion } = useSnapshot(store.app)
  return (
    <article className="page terms-page" aria-labelledby="terms-title">
      <h1 id="terms-title">{t('pages.terms')}</h1>
      {termsVersion && (
        <p className="muted" data-testid="terms-version">
          {t('terms.version', { version: termsVersion })}
        </p>
      )}
      <p>{t('terms.intro')}</p>
      {SECTIONS.map(({ key, href }) => (
        <section key={key} aria-labelledby={`terms-${key}`}>
          <h2 id={`terms-${key}`}>{t(`terms.${key}.title`)}</h2>
          <p>{t(`terms.${key}.text`)}</p>
          {href && (
            <p>
              <Link href={href}>{t(`terms.${key}.link`)}</Link>
            </p>
          )}
          {key === 'contact' && SUPPORT_EMAIL && (
            <p>
              <a href={`mailto:${SUPPORT_EMAIL}`}>{t('terms.contact.email', { email: SUPPORT_EMAIL })}</a>
            </p>
          )}
        </section>
      ))}
    </article>
  )
}
