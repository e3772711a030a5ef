/**
 * The withdrawals waiting for review, oldest first, each with why it waits. A payments operator
 * approves one (it goes to the payout provider) or rejects it (the hold returns to the player with
 * the reason typed). Another operator's decision first: the server says so and the list reloads.
 */
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'wouter'
import { opsWithdrawalDecide, opsWithdrawals, roleAllows } from '../../shared/contract/opsConsole'
import { call } from '../api'
import type { Me } from '../App'
import { Announce, Loading, Money, ReasonDialog, useLoad, When } from '../ui'

type Deciding = { orderId: string; decision: 'approve' | 'reject'; amount: number; email: string }

export function WithdrawalsPage(props: { me: Me }) {
  const { t } = useTranslation()
  const [loaded, reload] = useLoad(opsWithdrawals, {})
  const [deciding, setDeciding] = useState<Deciding | null>(null)
  const [said, setSaid] = useState('')
  const decides = roleAllows(props.me.role, 'payments')
  return (
    <section aria-labelledby="withdrawals-title">
      <div className="page-head">
        <h1 id="withdrawals-title">{t('withdrawals.title')}</h1>
        <button type="button" onClick={reload}>
          {t('common.reload')}
        </button>
      </div>
      <Announce text={said} />
      <Loading loaded={loaded}>
        {(rows) =>
          rows.length === 0 ? (
            <p className="muted">{t('withdrawals.empty')}</p>
          ) : (
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('withdrawals.order')}</th>
                  <th scope="col">{t('withdrawals.player')}</th>
                  <th scope="col" className="num">{t('withdrawals.amount')}</th>
                  <th scope="col">{t('withdrawals.destination')}</th>
                  <th scope="col">{t('withdrawals.reasons')}</th>
                  <th scope="col">{t('withdrawals.since')}</th>
                  {decides && <th scope="col">{t('common.actions')}</th>}
                </tr>
              </thead>
              <tbody>
                {rows.map((w) => (
                  <tr key={w.orderId}>
                    <td>
                      <code>{w.orderId}</code>
                    </td>
                    <td>
                      <Link href={`/players/${w.player.uId}`}>{w.player.email}</Link>
                      <div className="muted small">{w.player.name}</div>
                    </td>
                    <td className="num">
                      <Money value={w.amount} />
                    </td>
                    <td>
                      {w.type} <code>{w.account}</code>
                      <div className="muted small">{w.holderName}</div>
                    </td>
                    <td>
                      <ul className="chips">
                        {w.reasons.map((r) => (
                          <li key={r}>{t(`withdrawals.reason.${r}`)}</li>
                        ))}
                      </ul>
                    </td>
                    <td>
                      <When at={w.createdAt} />
                    </td>
                    {decides && (
                      <td>
                        <div className="row-actions">
                          <button type="button" className="primary" onClick={() => setDeciding({ orderId: w.orderId, decision: 'approve', amount: w.amount, email: w.player.email })}>
                            {t('withdrawals.approve')}
                          </button>
                          <button type="button" className="danger" onClick={() => setDeciding({ orderId: w.orderId, decision: 'reject', amount: w.amount, email: w.player.email })}>
                            {t('withdrawals.reject')}
                          </button>
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
      {deciding && (
        <ReasonDialog
          title={t(deciding.decision === 'approve' ? 'withdrawals.approveTitle' : 'withdrawals.rejectTitle', { order: deciding.orderId })}
          confirm={t(deciding.decision === 'approve' ? 'withdrawals.approve' : 'withdrawals.reject')}
          danger={deciding.decision === 'reject'}
          onConfirm={(reason, key) => call(opsWithdrawalDecide, { params: { orderId: deciding.orderId }, body: { decision: deciding.decision, reason }, idempotencyKey: key })}
          onClose={(done) => {
            if (done) setSaid(t(deciding.decision === 'approve' ? 'withdrawals.approved' : 'withdrawals.rejected', { order: deciding.orderId }))
            setDeciding(null)
            // Decided, or refused because another operator decided first: the list as it is now.
            reload()
          }}
        >
          <p>
            <Money value={deciding.amount} /> · {deciding.email}
          </p>
          <p className="muted small">{t(deciding.decision === 'approve' ? 'withdrawals.approveHint' : 'withdrawals.rejectHint')}</p>
        </ReasonDialog>
      )}
    </section>
  )
}
