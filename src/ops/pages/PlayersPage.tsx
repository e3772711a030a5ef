/** Players by e-mail (or its start), uId, CPF or a part of the name; a result opens the player's page. */
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'wouter'
import { opsPlayers } from '../../shared/contract/opsConsole'
import { call, type Data } from '../api'
import { Refusal, When } from '../ui'

export function PlayersPage() {
  const { t } = useTranslation()
  const [q, setQ] = useState('')
  const [rows, setRows] = useState<Data<typeof opsPlayers> | null>(null)
  const [refused, setRefused] = useState<{ status: number; msg: string } | null>(null)
  const search = async () => {
    const a = await call(opsPlayers, { query: { q: q.trim() } })
    setRefused(a.ok ? null : a)
    setRows(a.ok ? a.data : null)
  }
  return (
    <section aria-labelledby="players-title">
      <h1 id="players-title">{t('players.title')}</h1>
      <form
        role="search"
        className="inline"
        onSubmit={(e) => {
          e.preventDefault()
          void search()
        }}
      >
        <label htmlFor="players-q">{t('players.search')}</label>
        <input id="players-q" type="search" value={q} onChange={(e) => setQ(e.target.value)} minLength={2} maxLength={120} required aria-describedby="players-hint" />
        <button type="submit" className="primary">
          {t('players.find')}
        </button>
      </form>
      <p id="players-hint" className="muted small">
        {t('players.hint')}
      </p>
      <Refusal answer={refused} />
      {rows !== null &&
        (rows.length === 0 ? (
          <p role="status">{t('players.none')}</p>
        ) : (
          <table>
            <caption className="visually-hidden">{t('players.results', { count: rows.length })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('players.uId')}</th>
                <th scope="col">{t('players.email')}</th>
                <th scope="col">{t('players.name')}</th>
                <th scope="col">{t('players.cpf')}</th>
                <th scope="col">{t('players.kyc')}</th>
                <th scope="col">{t('players.since')}</th>
                <th scope="col">{t('players.state')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((p) => (
                <tr key={p.uId}>
                  <td>
                    <Link href={`/players/${p.uId}`}>{p.uId}</Link>
                  </td>
                  <td>{p.email}</td>
                  <td>{p.name}</td>
                  <td>
                    <code>{p.cpf}</code>
                  </td>
                  <td>{p.kyc ? t('common.yes') : t('common.no')}</td>
                  <td>
                    <When at={p.createdAt} />
                  </td>
                  <td>{p.suspended ? <span className="tag danger">{t('players.suspended')}</span> : t('players.active')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ))}
    </section>
  )
}
