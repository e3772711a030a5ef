import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { formatMoney } from '../../format/format'
import { SignInFirst } from '../pageParts'
import { store } from '../../store/store'
import { useTeam } from './useTeam'

/** /friends and /my: the referees per level, masked, with when they joined and what each brought. */
export function FriendsPage() {
  const { t } = useTranslation()
  const { token, lang } = useSnapshot(store.session)
  const team = useTeam()
  if (!token) return <SignInFirst titleKey="pages.friends" />
  return (
    <section className="page friends-page" aria-labelledby="friends-title">
      <h1 id="friends-title">{t('pages.friends')}</h1>
      {team && (
        <>
          <ul className="team-levels">
            {team.levels.map((l) => (
              <li key={l.level}>
                <strong>{t('loyalty.team.level', { level: l.level })}</strong>
                <span>{t('loyalty.team.people', { count: l.people })}</span>
                <span>{formatMoney(l.amount, lang)}</span>
              </li>
            ))}
          </ul>
          {team.referees.length === 0 ? (
            <p className="muted" data-testid="friends-empty">
              {t('loyalty.team.empty')}
            </p>
          ) : (
            <table className="team-table">
              <caption>{t('loyalty.team.referees')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('loyalty.team.colName')}</th>
                  <th scope="col">{t('loyalty.team.colLevel')}</th>
                  <th scope="col">{t('loyalty.team.colJoined')}</th>
                  <th scope="col">{t('loyalty.team.colBrought')}</th>
                </tr>
              </thead>
              <tbody>
                {team.referees.map((r, i) => (
                  <tr key={i}>
                    <td>{r.name}</td>
                    <td>{r.level}</td>
                    <td>{new Date(r.joinedAt).toLocaleDateString(lang.replace('_', '-'), { timeZone: 'America/Sao_Paulo' })}</td>
                    <td>{formatMoney(r.brought, lang)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </section>
  )
}
