import { useTranslation } from 'react-i18next'
import { Link } from 'wouter'
import { useSnapshot } from 'valtio'
import { formatMoney } from '../../format/format'
import { store } from '../../store/store'

/** /paySuccess: the last deposit credited and the balance now; an empty state before any deposit. */
export function PaySuccessPage() {
  const { t } = useTranslation()
  const { lang } = useSnapshot(store.session)
  const user = useSnapshot(store).user
  return (
    <section className="page" aria-labelledby="pay-title">
      <h1 id="pay-title">{t('pages.paySuccess')}</h1>
      {user && user.payAmount > 0 ? (
        <>
          <p data-testid="pay-amount">{t('more.pay.credited', { amount: formatMoney(user.payAmount, lang) })}</p>
          <p>{t('more.pay.balance', { amount: formatMoney(user.balance, lang) })}</p>
        </>
      ) : (
        <p className="muted" data-testid="pay-empty">
          {t('more.pay.empty')}
        </p>
      )}
      <p className="actions">
        <Link href="/gg" className="primary button-link">
          {t('more.pay.play')}
        </Link>{' '}
        <Link href="/home" className="secondary button-link">
          {t('more.home')}
        </Link>
      </p>
    </section>
  )
}
