import { useTranslation } from 'react-i18next'
import { Link } from 'wouter'
import { openOverlay } from '../../store/actions/ui'

/** /registered (the spec's named route after registering): the welcome, the first deposit, the way into the games. */
export function RegisteredPage() {
  const { t } = useTranslation()
  return (
    <section className="page registered-page" aria-labelledby="registered-title">
      <h1 id="registered-title">{t('more.registered.title')}</h1>
      <p>{t('more.registered.body')}</p>
      <p className="registered-actions">
        <button type="button" className="primary" onClick={() => openOverlay('deposit')}>
          {t('more.registered.deposit')}
        </button>
        <Link href="/home" className="button-link secondary">
          {t('more.registered.explore')}
        </Link>
      </p>
      <p>
        <Link href="/jogoResponsavel">{t('more.registered.limits')}</Link>
      </p>
    </section>
  )
}
