import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { formatCounter, formatMoney } from '../../format/format'
import { Counter, SignInFirst } from '../pageParts'
import { store } from '../../store/store'
import { useTeam } from './useTeam'

/** /agentJl2: the agent's view: totals per level and per day, the rates, yesterday's commission. */
export function AgentPage() {
  const { t } = useTranslation()
  const { token, lang } = useSnapshot(store.session)
  const team = useTeam()
  if (!token) return <SignInFirst titleKey="pages.agent" />
  const money = (n: number) => formatMoney(Math.floor(n * 100) / 100, lang)
  return (
    <section className="page agent-page" aria-labelledby="agent-title">
      <h1 id="agent-title">{t('pages.agent')}</h1>
      {team && (
        <>
          <p className="agent-yesterday">
            {t('loyalty.agent.yesterday')}{' '}
            <strong>
              <Counter value={team.yesterday} format={money} testId="agent-yesterday" />
            </strong>
          </p>
          <table className="team-table">
            <caption>{t('loyalty.agent.rates')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('loyalty.team.colLevel')}</th>
                <th scope="col">{t('loyalty.agent.rate')}</th>
                <th scope="col">{t('loyalty.agent.people')}</th>
                <th scope="col">{t('loyalty.agent.total')}</th>
              </tr>
            </thead>
            <tbody>
              {team.levels.map((l) => (
                <tr key={l.level}>
                  <td>{l.level}</td>
                  <td>{String(team.rates[l.level - 1] ?? 0).replace('.', ',')}%</td>
                  <td>
                    <Counter value={l.people} format={(n) => formatCounter(n, true, lang)} />
                  </td>
                  <td>
                    <Counter value={l.amount} format={money} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {team.days.length === 0 ? (
            <p className="muted" data-testid="agent-empty">
              {t('loyalty.agent.empty')}
            </p>
          ) : (
            <table className="team-table">
              <caption>{t('loyalty.agent.byDay')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('loyalty.agent.day')}</th>
                  {[1, 2, 3].map((l) => (
                    <th key={l} scope="col">
                      {t('loyalty.team.level', { level: l })}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {team.days.map((d) => (
                  <tr key={d.day}>
                    <td>{d.day.split('-').reverse().join('/')}</td>
                    {d.amounts.map((a, i) => (
                      <td key={i}>{formatMoney(a, lang)}</td>
                    ))}
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
