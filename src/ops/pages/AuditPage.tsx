/**
 * The audit trail (admins): who did what, when, on what, why, and the before and after, newest
 * first, 100 at a time; filtered by target or operator; exported as CSV (the export is itself a
 * line of the trail). Nothing here edits it: the database refuses that to everyone.
 */
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { opsAudit, opsAuditCsv, opsOperators } from '../../shared/contract/opsConsole'
import { call, callUrl, type Data } from '../api'
import { Refusal, useLoad, When } from '../ui'

type Rows = Data<typeof opsAudit>['rows']

export function AuditPage() {
  const { t } = useTranslation()
  const [target, setTarget] = useState('')
  const [operator, setOperator] = useState('')
  const [filter, setFilter] = useState<{ target?: string; operator?: string }>({})
  // The first page follows the filter; "more" adds older pages below it until the filter changes.
  const [first] = useLoad(opsAudit, { query: filter })
  const [older, setOlder] = useState<{ rows: Rows; more: boolean } | null>(null)
  const [refused, setRefused] = useState<{ status: number; msg: string } | null>(null)
  const [operators] = useLoad(opsOperators, {})
  const rows = first.state === 'done' ? [...first.data.rows, ...(older?.rows ?? [])] : []
  const more = older ? older.more : first.state === 'done' && first.data.more

  const loadOlder = async () => {
    const a = await call(opsAudit, { query: { ...filter, before: rows[rows.length - 1]?.id } })
    setRefused(a.ok ? null : a)
    if (a.ok) setOlder({ rows: [...(older?.rows ?? []), ...a.data.rows], more: a.data.more })
  }

  return (
    <section aria-labelledby="audit-title">
      <div className="page-head">
        <h1 id="audit-title">{t('audit.title')}</h1>
        <a className="button" href={callUrl(opsAuditCsv, { query: filter })} download>
          {t('audit.export')}
        </a>
      </div>
      <form
        className="inline"
        onSubmit={(e) => {
          e.preventDefault()
          setOlder(null)
          setFilter({ target: target.trim() || undefined, operator: operator || undefined })
        }}
      >
        <label htmlFor="audit-target">{t('audit.target')}</label>
        <input id="audit-target" value={target} onChange={(e) => setTarget(e.target.value)} placeholder="withdrawal:W12 · player:12345678" maxLength={80} />
        <label htmlFor="audit-operator">{t('audit.operator')}</label>
        <select id="audit-operator" value={operator} onChange={(e) => setOperator(e.target.value)}>
          <option value="">{t('audit.anyone')}</option>
          {operators.state === 'done' &&
            operators.data.map((o) => (
              <option key={o.operatorId} value={o.operatorId}>
                {o.email}
              </option>
            ))}
        </select>
        <button type="submit" className="primary">
          {t('audit.filter')}
        </button>
      </form>
      {first.state === 'failed' && <Refusal answer={first} />}
      <Refusal answer={refused} />
      <table>
        <thead>
          <tr>
            <th scope="col">{t('audit.when')}</th>
            <th scope="col">{t('audit.operator')}</th>
            <th scope="col">{t('audit.action')}</th>
            <th scope="col">{t('audit.target')}</th>
            <th scope="col">{t('audit.reason')}</th>
            <th scope="col">{t('audit.change')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id}>
              <td>
                <When at={r.at} />
              </td>
              <td>{r.operator ?? t('audit.cli')}</td>
              <td>{t(`actions.${r.action}`, { defaultValue: r.action })}</td>
              <td>
                <code>{r.target}</code>
              </td>
              <td>{r.reason}</td>
              <td>
                {(r.before !== null || r.after !== null) && (
                  <details>
                    <summary>{t('audit.details')}</summary>
                    <pre>{JSON.stringify({ before: r.before, after: r.after }, null, 1)}</pre>
                  </details>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {more && (
        <button type="button" onClick={() => void loadOlder()}>
          {t('common.more')}
        </button>
      )}
    </section>
  )
}
