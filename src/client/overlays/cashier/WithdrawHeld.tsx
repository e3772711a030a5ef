import { useTranslation } from 'react-i18next'
import { Link } from 'wouter'
import { formatMoney } from '../../format/format'
import { closeOverlay } from '../../store/actions/ui'
import type { Locale } from '../../../shared/locales'
import type { WithdrawHeld as Held } from '../../../shared/contract/order'
import { heldLines, type WithdrawLimits } from './withdrawChecks'

/**
 * The withdrawal sheet's explanation of every number: the balance, what can leave now, and each
 * thing that holds the rest back (the bonus and the stakes it still needs, the deposit still to
 * stake, the per-withdrawal maximum, withdrawals on their way, a returned PIX's debt, an open game),
 * with the way to /bonus where staking frees it. Nothing when the whole balance can leave.
 */
export function WithdrawHeld(props: { limits: WithdrawLimits; held: Held; lang: Locale }) {
  const { t } = useTranslation()
  const { limits, held, lang } = props
  const lines = heldLines(limits, held)
  if (!lines.length) return null
  const money = (n: number) => formatMoney(n, lang)
  return (
    <section className="withdraw-held" aria-labelledby="withdraw-held-title" data-testid="withdraw-held">
      <h3 id="withdraw-held-title">{t('cashier.withdraw.held.title', { balance: money(held.balance), available: money(Math.max(0, limits.wdAmount)) })}</h3>
      <ul>
        {lines.map((line) => (
          <li key={line.key} data-held={line.key}>
            {'amount' in line ? (
              <span className="withdraw-held-row">
                <span>{t(`cashier.withdraw.held.${line.key}`)}</span>
                <strong>{money(line.amount)}</strong>
              </span>
            ) : (
              <span className="withdraw-held-row">
                <span>{t(`cashier.withdraw.held.${line.key}`)}</span>
              </span>
            )}
            {'left' in line && (
              <small>
                {line.left > 0 || line.key === 'turnover' ? t(`cashier.withdraw.held.${line.key}Left`, { left: money(line.left) }) : t('cashier.withdraw.held.bonusSoon')}{' '}
                <Link href="/bonus" onClick={closeOverlay}>
                  {t('cashier.withdraw.held.bonusLink')}
                </Link>
              </small>
            )}
            {(line.key === 'pending' || line.key === 'debt' || line.key === 'locked' || line.key === 'perWithdrawal') && <small>{t(`cashier.withdraw.held.${line.key}Why`)}</small>}
          </li>
        ))}
      </ul>
    </section>
  )
}
