/**
 * The books: per Brasília day and per product, stakes, returns, GGR, bets, players and the RTP
 * observed beside the rules' (read from the ledger by the server); the period as CSV; the
 * sportsbook's open liability per match; and a shared round game's chain, its last rounds checked
 * as a player's verifier checks them.
 */
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { opsBooks, opsBooksCsv, opsBooksLiability, opsRoundChain } from '../../shared/contract/opsConsole'
import { ROUND_GAME_IDS } from '../../shared/games/rounds/types'
import { callUrl } from '../api'
import { Loading, Money, useLoad, useLocale, When } from '../ui'
import { bcp47 } from '../../client/format/format'

/** Today in Brasília (the service's day), as YYYY-MM-DD, and the day `n` before. */
const brasiliaDay = (offsetDays = 0) => new Date(Date.now() - 3 * 3_600_000 - offsetDays * 86_400_000).toISOString().slice(0, 10)

function Rtp(props: { value: number | null }) {
  const locale = useLocale()
  if (props.value === null) return <span className="muted">–</span>
  return <>{new Intl.NumberFormat(bcp47(locale), { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(props.value)}</>
}

export function BooksPage() {
  const { t } = useTranslation()
  const [from, setFrom] = useState(() => brasiliaDay(6))
  const [to, setTo] = useState(() => brasiliaDay())
  const [period, setPeriod] = useState({ from, to })
  const [books] = useLoad(opsBooks, { query: period })
  const [liability] = useLoad(opsBooksLiability, {})
  const [game, setGame] = useState<string>(ROUND_GAME_IDS[0] ?? 'double')
  const [chain] = useLoad(opsRoundChain, { params: { game } })
  const product = (p: string) => (p.startsWith('provider:') ? t('books.provider', { code: p.slice('provider:'.length) }) : t(`books.products.${p}`, { defaultValue: p }))
  return (
    <section aria-labelledby="books-title">
      <div className="page-head">
        <h1 id="books-title">{t('books.title')}</h1>
        <a className="button" href={callUrl(opsBooksCsv, { query: period })} download>
          {t('books.export')}
        </a>
      </div>
      <form
        className="inline"
        onSubmit={(e) => {
          e.preventDefault()
          setPeriod({ from, to })
        }}
      >
        <label htmlFor="books-from">{t('books.from')}</label>
        <input id="books-from" type="date" value={from} onChange={(e) => setFrom(e.target.value)} required />
        <label htmlFor="books-to">{t('books.to')}</label>
        <input id="books-to" type="date" value={to} onChange={(e) => setTo(e.target.value)} required />
        <button type="submit" className="primary">
          {t('books.show')}
        </button>
      </form>
      <p className="muted small">{t('books.hint')}</p>
      <Loading loaded={books}>
        {(days) =>
          days.length === 0 ? (
            <p className="muted">{t('books.empty')}</p>
          ) : (
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('books.day')}</th>
                  <th scope="col">{t('books.product')}</th>
                  <th scope="col" className="num">{t('books.stakes')}</th>
                  <th scope="col" className="num">{t('books.bonusStakes')}</th>
                  <th scope="col" className="num">{t('books.returns')}</th>
                  <th scope="col" className="num">{t('books.ggr')}</th>
                  <th scope="col" className="num">{t('books.bets')}</th>
                  <th scope="col" className="num">{t('books.players')}</th>
                  <th scope="col" className="num">{t('books.rtpObserved')}</th>
                  <th scope="col" className="num">{t('books.rtpTheoretical')}</th>
                </tr>
              </thead>
              {days.map((d) => (
                <tbody key={d.day}>
                  {[...d.products.map((p) => ({ label: product(p.product), f: p, total: false })), { label: t('books.total'), f: d.totals, total: true }].map((r) => (
                    <tr key={r.label} className={r.total ? 'total' : undefined}>
                      <td className="day">{d.day}</td>
                      <th scope="row">{r.label}</th>
                      <td className="num">
                        <Money value={r.f.stakes} />
                      </td>
                      <td className="num">
                        <Money value={r.f.bonusStakes} />
                      </td>
                      <td className="num">
                        <Money value={r.f.returns} />
                      </td>
                      <td className="num">
                        <Money value={r.f.ggr} />
                      </td>
                      <td className="num">{r.f.bets}</td>
                      <td className="num">{r.f.players}</td>
                      <td className="num">
                        <Rtp value={r.f.rtpObserved} />
                      </td>
                      <td className="num">
                        <Rtp value={r.f.rtpTheoretical} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              ))}
            </table>
          )
        }
      </Loading>

      <h2>{t('books.liability')}</h2>
      <Loading loaded={liability}>
        {(rows) =>
          rows.length === 0 ? (
            <p className="muted">{t('books.noLiability')}</p>
          ) : (
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('books.match')}</th>
                  <th scope="col">{t('books.kickoff')}</th>
                  <th scope="col" className="num">{t('books.bets')}</th>
                  <th scope="col" className="num">{t('books.openStakes')}</th>
                  <th scope="col" className="num">{t('books.worstCase')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((m) => (
                  <tr key={m.matchId}>
                    <td>
                      {m.home && m.away ? `${m.home} × ${m.away}` : <code>{m.matchId}</code>}
                      <div className="muted small">{[m.sport, m.league].filter(Boolean).join(' · ')}</div>
                    </td>
                    <td>
                      <When at={m.startsAt} />
                    </td>
                    <td className="num">{m.bets}</td>
                    <td className="num">
                      <Money value={m.openStakes} />
                    </td>
                    <td className="num">
                      <Money value={m.worstCase} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )
        }
      </Loading>
      <p className="muted small">{t('books.worstCaseHint')}</p>

      <h2>{t('books.chains')}</h2>
      <label>
        {t('books.game')}{' '}
        <select value={game} onChange={(e) => setGame(e.target.value)}>
          {ROUND_GAME_IDS.map((g) => (
            <option key={g} value={g}>
              {t(`books.products.${g}`, { defaultValue: g })}
            </option>
          ))}
        </select>
      </label>
      <Loading loaded={chain}>
        {(c) => (
          <>
            {c.chain ? (
              <dl className="facts">
                <dt>{t('books.chain')}</dt>
                <dd>
                  <code>{c.chain.id}</code>
                </dd>
                <dt>{t('books.position')}</dt>
                <dd>{t('books.played', { played: c.chain.played, length: c.chain.length, voided: c.chain.voided })}</dd>
                <dt>{t('books.terminating')}</dt>
                <dd>
                  <code className="secret">{c.chain.terminatingHash}</code>
                </dd>
                <dt>{t('books.verification')}</dt>
                <dd>
                  <span role="status">
                    {c.verification.verified ? (
                      <span className="tag">{t('books.verified', { count: c.verification.checked })}</span>
                    ) : c.verification.firstBad ? (
                      <span className="tag danger">
                        {t(`books.bad.${c.verification.firstBad.problem}`, { seq: c.verification.firstBad.seq, roll: c.verification.firstBad.roll, expected: c.verification.firstBad.expectedRoll })}
                      </span>
                    ) : (
                      <span className="muted">{t('books.nothingToCheck')}</span>
                    )}
                  </span>
                </dd>
              </dl>
            ) : (
              <p className="muted">{t('books.noChain')}</p>
            )}
            {c.rounds.length > 0 && (
              <table>
                <thead>
                  <tr>
                    <th scope="col">{t('books.seq')}</th>
                    <th scope="col">{t('books.round')}</th>
                    <th scope="col">{t('books.hash')}</th>
                    <th scope="col" className="num">{t('books.roll')}</th>
                    <th scope="col">{t('books.settled')}</th>
                  </tr>
                </thead>
                <tbody>
                  {c.rounds.map((r) => (
                    <tr key={r.roundId}>
                      <td>{r.seq}</td>
                      <td>
                        <code>{r.roundId}</code>
                      </td>
                      <td>
                        <code className="small">{r.hash.slice(0, 16)}…</code>
                      </td>
                      <td className="num">{r.roll}</td>
                      <td>
                        <When at={r.settledAt} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </>
        )}
      </Loading>
    </section>
  )
}
