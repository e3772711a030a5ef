/**
 * Payments that need a person: deposits credited for another amount than their charge's, paid after
 * their order closed, refunds the PSP refused. A payments operator resolves one (no money moves)
 * or returns a deposit to its payer by API Pix devolução: the amount leaves the player's cash at
 * once, and comes back if the PSP refuses it. Any credited deposit can be returned by its id.
 */
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'wouter'
import { opsPaymentResolve, opsPaymentReturn, opsPayments, roleAllows } from '../../shared/contract/opsConsole'
import { call } from '../api'
import type { Me } from '../App'
import { decimalText, parseDecimal } from '../../client/format/decimal'
import { Announce, Loading, Money, ReasonDialog, useLoad, useLocale, When } from '../ui'

type Acting = { kind: 'return'; id: string; max: number | null } | { kind: 'resolve'; id: string }

export function PaymentsPage(props: { me: Me }) {
  const { t } = useTranslation()
  const [all, setAll] = useState(false)
  const [loaded, reload] = useLoad(opsPayments, { query: all ? { all: '1' } : {} })
  const [acting, setActing] = useState<Acting | null>(null)
  const [amount, setAmount] = useState('')
  const [depositId, setDepositId] = useState('')
  const [said, setSaid] = useState('')
  const acts = roleAllows(props.me.role, 'payments')
  const locale = useLocale()
  const returning = (id: string, max: number | null) => {
    setAmount(max === null ? '' : decimalText(max.toFixed(2), locale))
    setActing({ kind: 'return', id, max })
  }
  return (
    <section aria-labelledby="payments-title">
      <div className="page-head">
        <h1 id="payments-title">{t('payments.title')}</h1>
        <label className="check">
          <input type="checkbox" checked={all} onChange={(e) => setAll(e.target.checked)} /> {t('payments.showHandled')}
        </label>
        <button type="button" onClick={reload}>
          {t('common.reload')}
        </button>
      </div>
      <Announce text={said} />
      {acts && (
        <form
          className="inline"
          onSubmit={(e) => {
            e.preventDefault()
            returning(depositId.trim().toUpperCase(), null)
          }}
        >
          <label htmlFor="return-deposit">{t('payments.returnAny')}</label>
          <input id="return-deposit" value={depositId} onChange={(e) => setDepositId(e.target.value)} placeholder="D100007" pattern="[Dd]\d{1,18}" required />
          <button type="submit">{t('payments.return')}</button>
        </form>
      )}
      <Loading loaded={loaded}>
        {(rows) =>
          rows.length === 0 ? (
            <p className="muted">{t('payments.empty')}</p>
          ) : (
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('payments.kind')}</th>
                  <th scope="col">{t('payments.item')}</th>
                  <th scope="col">{t('withdrawals.player')}</th>
                  <th scope="col" className="num">{t('payments.expected')}</th>
                  <th scope="col" className="num">{t('payments.paid')}</th>
                  <th scope="col">{t('payments.payer')}</th>
                  <th scope="col">{t('payments.state')}</th>
                  <th scope="col">{t('payments.when')}</th>
                  {acts && <th scope="col">{t('common.actions')}</th>}
                </tr>
              </thead>
              <tbody>
                {rows.map((p) => (
                  <tr key={p.id}>
                    <td>{t(`payments.kinds.${p.kind}`)}</td>
                    <td>
                      <code>{p.orderId ?? p.id}</code>
                      <div className="muted small">
                        <code>{p.e2eId}</code>
                      </div>
                    </td>
                    <td>{p.player ? <Link href={`/players/${p.player.uId}`}>{p.player.email}</Link> : <span className="muted">–</span>}</td>
                    <td className="num">
                      <Money value={p.expected} />
                    </td>
                    <td className="num">
                      <Money value={p.paid} />
                    </td>
                    <td>
                      <code>{p.payer || '–'}</code>
                    </td>
                    <td>
                      {p.state}
                      {p.failure && <div className="muted small">{p.failure}</div>}
                      {p.handled && <span className="tag">{t('payments.handled')}</span>}
                    </td>
                    <td>
                      <When at={p.at} />
                    </td>
                    {acts && (
                      <td>
                        <div className="row-actions">
                          {!p.handled && p.orderId && p.kind !== 'refundFailed' && (
                            <button type="button" className="primary" onClick={() => returning(p.orderId ?? p.id, p.paid)}>
                              {t('payments.return')}
                            </button>
                          )}
                          {!p.handled && (
                            <button type="button" onClick={() => setActing({ kind: 'resolve', id: p.kind === 'refundFailed' ? p.id : (p.orderId ?? p.id) })}>
                              {t('payments.resolve')}
                            </button>
                          )}
                        </div>
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          )
        }
      </Loading>
      {acting && (
        <ReasonDialog
          title={t(acting.kind === 'return' ? 'payments.returnTitle' : 'payments.resolveTitle', { id: acting.id })}
          confirm={t(acting.kind === 'return' ? 'payments.return' : 'payments.resolve')}
          danger={acting.kind === 'return'}
          onConfirm={(reason, key) =>
            acting.kind === 'return'
              ? call(opsPaymentReturn, { params: { id: acting.id }, body: { amount: parseDecimal(amount, locale) ?? amount, reason }, idempotencyKey: key })
              : call(opsPaymentResolve, { params: { id: acting.id }, body: { reason } })
          }
          onClose={(done) => {
            if (done) setSaid(t(acting.kind === 'return' ? 'payments.returned' : 'payments.resolved', { id: acting.id }))
            setActing(null)
            reload()
          }}
        >
          {acting.kind === 'return' && (
            <>
              <label htmlFor="return-amount">{t('payments.amount')}</label>
              <input id="return-amount" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} required aria-describedby="return-hint" />
              <p id="return-hint" className="muted small">
                {t('payments.returnHint')}
              </p>
            </>
          )}
        </ReasonDialog>
      )}
    </section>
  )
}
