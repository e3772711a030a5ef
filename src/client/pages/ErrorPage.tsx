import { useTranslation } from 'react-i18next'
import { Link } from 'wouter'

export function ErrorPage() {
  const { t } = useTranslation()
  return (
    <section className="page" role="alert">
      <h1>{t('errors.pageTitle')}</h1>
      <p>{t('errors.pageBody')}</p>
      <Link href="/home" className="primary button">
        {t('errors.backHome')}
      </Link>
    </section>
  )
}
