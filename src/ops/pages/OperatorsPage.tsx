/**
 * The operators (admins): who they are, their role, whether enrolled or suspended; a new operator
 * (the enrolment link to hand them, good for OPS_ENROL_HOURS), a new role, a suspension, or a new
 * enrolment for a lost authenticator. Each with its reason; each closes the operator's sessions
 * where the server says so.
 */
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { OPS_ROLES, opsOperatorCreate, opsOperators, opsOperatorUpdate, type OpsRole } from '../../shared/contract/opsConsole'
import { call } from '../api'
import type { Me } from '../App'
import { Announce, Loading, ReasonDialog, useLoad } from '../ui'

type Acting =
  | { kind: 'create'; email: string; role: OpsRole }
  | { kind: 'role'; operatorId: string; email: string; role: OpsRole }
  | { kind: 'suspend' | 'unsuspend' | 'reenrol'; operatorId: string; email: string }

export function OperatorsPage(props: { me: Me }) {
  const { t } = useTranslation()
  const [loaded, reload] = useLoad(opsOperators, {})
  const [acting, setActing] = useState<Acting | null>(null)
  const [email, setEmail] = useState('')
  const [role, setRole] = useState<OpsRole>('support')
  const [link, setLink] = useState<string | null>(null)
  const [said, setSaid] = useState('')

  const confirm = async (reason: string) => {
    if (!acting) throw new Error('no action')
    if (acting.kind === 'create') {
      const a = await call(opsOperatorCreate, { body: { email: acting.email, role: acting.role, reason } })
      if (a.ok) setLink(`${window.location.origin}${a.data.enrolPath}`)
      return a
    }
    const body =
      acting.kind === 'role' ? { role: acting.role, reason } : acting.kind === 'reenrol' ? { reenrol: true as const, reason } : { suspended: acting.kind === 'suspend', reason }
    const a = await call(opsOperatorUpdate, { params: { operatorId: acting.operatorId }, body })
    if (a.ok && a.data.enrolPath) setLink(`${window.location.origin}${a.data.enrolPath}`)
    return a
  }

  return (
    <section aria-labelledby="operators-title">
      <h1 id="operators-title">{t('operators.title')}</h1>
      <Announce text={said} />
      {link && (
        <div className="callout" role="status">
          <p>{t('operators.linkIntro')}</p>
          <p>
            <code className="secret">{link}</code>
          </p>
          <button type="button" onClick={() => void navigator.clipboard?.writeText(link)}>
            {t('operators.copy')}
          </button>
        </div>
      )}
      <form
        className="inline"
        onSubmit={(e) => {
          e.preventDefault()
          setLink(null)
          setActing({ kind: 'create', email: email.trim(), role })
        }}
      >
        <label htmlFor="op-email">{t('operators.email')}</label>
        <input id="op-email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} required />
        <label htmlFor="op-role">{t('operators.role')}</label>
        <select id="op-role" value={role} onChange={(e) => setRole(e.target.value as OpsRole)}>
          {OPS_ROLES.map((r) => (
            <option key={r} value={r}>
              {t(`roles.${r}`)}
            </option>
          ))}
        </select>
        <button type="submit" className="primary">
          {t('operators.create')}
        </button>
      </form>
      <Loading loaded={loaded}>
        {(rows) => (
          <table>
            <thead>
              <tr>
                <th scope="col">{t('operators.email')}</th>
                <th scope="col">{t('operators.role')}</th>
                <th scope="col">{t('operators.state')}</th>
                <th scope="col">{t('common.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((o) => {
                const self = o.operatorId === props.me.operatorId
                return (
                  <tr key={o.operatorId}>
                    <td>{o.email}</td>
                    <td>
                      <label className="visually-hidden" htmlFor={`role-${o.operatorId}`}>
                        {t('operators.roleOf', { email: o.email })}
                      </label>
                      <select
                        id={`role-${o.operatorId}`}
                        value={o.role}
                        disabled={self}
                        onChange={(e) => {
                          setLink(null)
                          setActing({ kind: 'role', operatorId: o.operatorId, email: o.email, role: e.target.value as OpsRole })
                        }}
                      >
                        {OPS_ROLES.map((r) => (
                          <option key={r} value={r}>
                            {t(`roles.${r}`)}
                          </option>
                        ))}
                      </select>
                    </td>
                    <td>{o.suspended ? <span className="tag danger">{t('operators.suspended')}</span> : o.enrolled ? t('operators.enrolled') : t('operators.waiting')}</td>
                    <td>
                      <div className="row-actions">
                        {!self && (
                          <button type="button" onClick={() => setActing({ kind: o.suspended ? 'unsuspend' : 'suspend', operatorId: o.operatorId, email: o.email })}>
                            {o.suspended ? t('operators.unsuspend') : t('operators.suspend')}
                          </button>
                        )}
                        {/* A new enrolment of oneself would clear one's own password and second factor mid-session. */}
                        {!self && (
                          <button
                            type="button"
                            onClick={() => {
                              setLink(null)
                              setActing({ kind: 'reenrol', operatorId: o.operatorId, email: o.email })
                            }}
                          >
                            {t('operators.reenrol')}
                          </button>
                        )}
                      </div>
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        )}
      </Loading>
      {acting && (
        <ReasonDialog
          title={t(`operators.${acting.kind}Title`, { email: acting.email, role: 'role' in acting ? t(`roles.${acting.role}`) : '' })}
          confirm={t('common.confirm')}
          danger={acting.kind === 'suspend'}
          onConfirm={confirm}
          onClose={(done) => {
            if (done) {
              setSaid(t(`operators.${acting.kind}Done`, { email: acting.email }))
              if (acting.kind === 'create') setEmail('')
            }
            setActing(null)
            reload()
          }}
        />
      )}
    </section>
  )
}
