import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { ORDER_TYPE, ORDER_TYPE_OURS } from '../../shared/codes'
import type { WalletRecord, WalletRecordDetail } from '../../shared/contract'
import { formatDecimal } from '../format/decimal'
import { formatMoney } from '../format/format'
import { loadRecord, loadRecords, type RecordsPage as Page } from '../store/actions/records'
import { openOverlay } from '../store/actions/ui'
import { store } from '../store/store'
import { useLoaded } from './useLoaded'
import './records.css'

const FILTERS = [
  { key: 'all', types: '' },
  { key: 'deposits', types: String(ORDER_TYPE.TOP_UP) },
  { key: 'withdrawals', types: String(ORDER_TYPE.WITHDRAWAL) },
  { key: 'transfers', types: `${ORDER_TYPE_OURS.TRANSFER_OUT},${ORDER_TYPE_OURS.TRANSFER_IN}` },
  { key: 'bets', types: `${ORDER_TYPE_OURS.CASINO_BET},${ORDER_TYPE_OURS.CASINO_WIN},${ORDER_TYPE_OURS.CASINO_REFUND},${ORDER_TYPE_OURS.BET_CORRECTION}` },
  { key: 'prizes', types: String(ORDER_TYPE.PRIZE) },
] as const

/** Money leaving the wallet shows with a minus sign. */
const OUTGOING: ReadonlySet<number> = new Set([ORDER_TYPE.WITHDRAWAL, ORDER_TYPE_OURS.TRANSFER_OUT, ORDER_TYPE_OURS.CASINO_BET])

const day = (d: Date) => d.toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' })

/** A bet row's game as the player knows it: ours by its localized name, a provider's by its catalogue name and provider. */
function gameLabel(t: (key: string, options?: Record<string, unknown>) => string, r: Pick<WalletRecord, 'game' | 'gameName'>): string | null {
  if (!r.game) return null
  const provider = /^([A-Z0-9]{2,16}):(.+)$/s.exec(r.game)
  if (provider) return `${r.gameName ?? provider[2]} (${provider[1]})`
  return t(`games.${r.game}`, { defaultValue: r.game })
}

/** /registros: the wallet's records, filtered by type and date, paged, each row openable. */
export function RecordsPage() {
  const { t } = useTranslation()
  const { token, lang } = useSnapshot(store.session)
  const [filter, setFilter] = useState<(typeof FILTERS)[number]['key']>('all')
  const [from, setFrom] = useState(() => day(new Date(Date.now() - 30 * 86_400_000)))
  const [to, setTo] = useState(() => day(new Date()))
  const [open, setOpen] = useState<WalletRecordDetail | null>(null)
  const types = FILTERS.find((f) => f.key === filter)?.types ?? ''
  // The list is kept with the query it answers, so a new filter, date or session shows the
  // loading line until its own list arrives.
  const query = JSON.stringify([token, types, from, to])
  const [loaded, setLoaded] = useLoaded<{ query: string; list: Page }>(
    () =>
      loadRecords({ type: types, from, to, page: 1 })
        .catch((): Page => ({ records: [], total: 0, page: 1, size: 20 }))
        .then((list) => ({ query, list })),
    [query],
    { enabled: Boolean(token) },
  )
  const list = loaded?.query === query ? loaded.list : null

  if (!token) {
    return (
      <section className="page">
        <h1>{t('pages.registros')}</h1>
        <button type="button" className="primary" onClick={() => openOverlay('auth', 'login')}>
          {t('nav.login')}
        </button>
      </section>
    )
  }
  const more = async () => {
    if (!list) return
    const next = await loadRecords({ type: types, from, to, page: list.page + 1 }).catch(() => null)
    if (next) setLoaded({ query, list: { ...next, records: [...list.records, ...next.records] } })
  }
  const show = (r: WalletRecord) => void loadRecord(r.id).then(setOpen, () => undefined)
  const money = (r: { type: number; amount: number }) => `${OUTGOING.has(r.type) ? '−' : '+'}${formatMoney(r.amount, lang)}`
  return (
    <section className="page records" aria-labelledby="records-title">
      <h1 id="records-title">{t('pages.registros')}</h1>
      <div role="radiogroup" aria-label={t('records.filter')} className="records-filters">
        {FILTERS.map((f) => (
          <button key={f.key} type="button" role="radio" aria-checked={filter === f.key} onClick={() => setFilter(f.key)}>
            {t(`records.filters.${f.key}`)}
          </button>
        ))}
      </div>
      <div className="records-dates">
        <label>
          {t('records.from')} <input type="date" value={from} max={to} onChange={(e) => e.target.value && setFrom(e.target.value)} />
        </label>
        <label>
          {t('records.to')} <input type="date" value={to} min={from} onChange={(e) => e.target.value && setTo(e.target.value)} />
        </label>
      </div>
      {list === null ? (
        <p aria-busy="true">{t('common.loading')}</p>
      ) : list.records.length === 0 ? (
        <p>{t('records.empty')}</p>
      ) : (
        <ul className="records-list">
          {list.records.map((r) => (
            <li key={r.id}>
              <button type="button" onClick={() => show(r)} aria-expanded={open?.id === r.id}>
                <span className="records-type">
                  {t(`records.types.${r.type}`, { defaultValue: String(r.type) })}
                  {gameLabel(t, r) && <span className="records-game"> · {gameLabel(t, r)}</span>}
                </span>
                <span className={`records-amount ${OUTGOING.has(r.type) ? 'out' : 'in'} status-${r.status}`}>{money(r)}</span>
                <span className={`records-status status-${r.status}`}>{t(`records.status.${r.status}`)}</span>
                <time dateTime={r.time}>{new Date(r.time).toLocaleString(lang.replace('_', '-'), { timeZone: 'America/Sao_Paulo' })}</time>
              </button>
              {open?.id === r.id && (
                <dl className="records-detail">
                  <dt>{t('records.id')}</dt>
                  <dd>{open.id}</dd>
                  {open.gift !== undefined && (
                    <>
                      <dt>{t('records.gift')}</dt>
                      <dd>{formatMoney(open.gift, lang)}</dd>
                    </>
                  )}
                  {open.payCardBank && (
                    <>
                      <dt>{t('records.account')}</dt>
                      <dd>
                        {open.payCardBank} {open.payCardNo}
                      </dd>
                    </>
                  )}
                  {open.counterpart && (
                    <>
                      <dt>{t('records.counterpart')}</dt>
                      <dd>{open.counterpart.email}</dd>
                    </>
                  )}
                  {open.bet ? (
                    <>
                      <dt>{t('records.game')}</dt>
                      <dd>{gameLabel(t, { game: open.game, gameName: open.gameName ?? r.gameName }) ?? t(`games.${open.bet.game}`, { defaultValue: open.bet.game })}</dd>
                      <dt>{t('records.betId')}</dt>
                      <dd>{open.bet.betId}</dd>
                      {open.bet.roundId !== undefined && (
                        <>
                          <dt>{t('records.round')}</dt>
                          <dd data-testid="bet-round">{open.bet.roundId}</dd>
                          {open.bet.detailsUrl !== undefined && (
                            <dd>
                              <a href={open.bet.detailsUrl} target="_blank" rel="noopener noreferrer">
                                {t('records.roundDetails')}
                              </a>
                            </dd>
                          )}
                          {open.bet.choice !== undefined && (
                            <>
                              <dt>{t('records.choice')}</dt>
                              <dd>{/^\d$/.test(open.bet.choice) ? open.bet.choice : t(`casino.round.choice.${open.bet.choice}`)}</dd>
                            </>
                          )}
                        </>
                      )}
                      <dt>{t('records.betResult')}</dt>
                      <dd data-testid="bet-result">{t(`records.betResults.${open.bet.result}`, { defaultValue: String(open.bet.result) })}</dd>
                      <dt>{t('records.stake')}</dt>
                      <dd>{formatMoney(open.bet.stake, lang)}</dd>
                      <dt>{t('casino.multiplier')}</dt>
                      <dd>{formatDecimal(open.bet.multiplier, lang, 4)}×</dd>
                      <dt>{t('records.payout')}</dt>
                      <dd>{formatMoney(open.bet.payout, lang)}</dd>
                    </>
                  ) : (
                    open.ref && (
                      <>
                        <dt>{t('records.ref')}</dt>
                        <dd>{open.ref}</dd>
                      </>
                    )
                  )}
                </dl>
              )}
            </li>
          ))}
        </ul>
      )}
      {list && list.records.length < list.total && (
        <button type="button" className="secondary" onClick={() => void more()}>
          {t('records.more', { shown: list.records.length, total: list.total })}
        </button>
      )}
    </section>
  )
}
