/**
 * A player's page: identity (the CPF whole only for the roles that need it: the server masks it),
 * balances, the last ledger entries, limits, pauses and exclusions, harm markers, open sessions and
 * notes. Support adds notes and closes sessions; risk suspends the account or lifts it. Every
 * opening of this page is a line of the audit trail (a read of personal data).
 */
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { opsPlayer, opsPlayerNote, opsPlayerProtection, opsPlayerRevokeSessions, opsPlayerSuspend, roleAllows } from '../../shared/contract/opsConsole'
import { RG_EXCLUSION_MONTHS, RG_KINDS, RG_LIMIT_PERIODS, RG_PAUSE_DAYS, type RgKind, type RgPeriod } from '../../shared/contract/rg'
import { parseDecimal } from '../../client/format/decimal'
import { call } from '../api'
import type { Me } from '../App'
import { Announce, Loading, Money, ReasonDialog, Refusal, useLoad, useLocale, When } from '../ui'

type Acting = 'revoke' | 'suspend' | 'lift' | 'protect' | null
type Protection = 'limit' | 'pause' | 'exclusion'

export function PlayerPage(props: { me: Me; uId: string }) {
  const { t } = useTranslation()
  const [loaded, reload] = useLoad(opsPlayer, { params: { uId: props.uId } })
  const [acting, setActing] = useState<Acting>(null)
  const [said, setSaid] = useState('')
  const [note, setNote] = useState('')
  const [noteRefused, setNoteRefused] = useState<{ status: number; msg: string } | null>(null)
  const risk = roleAllows(props.me.role, 'risk')
  const locale = useLocale()
  const [protection, setProtection] = useState<Protection>('limit')
  const [kind, setKind] = useState<RgKind>('deposit')
  const [period, setPeriod] = useState<RgPeriod>('day')
  const [value, setValue] = useState('')
  const [pauseDays, setPauseDays] = useState<(typeof RG_PAUSE_DAYS)[number]>(7)
  const [months, setMonths] = useState<string>('6')
  const protect = (reason: string) => {
    const body =
      protection === 'limit'
        ? { limit: { kind, period: RG_LIMIT_PERIODS[kind].includes(period) ? period : 'day', value: value.trim() === '' ? null : (parseDecimal(value, locale) ?? value) }, reason }
        : protection === 'pause'
          ? { pause: { days: pauseDays }, reason }
          : { exclusion: { months: months === 'indefinite' ? null : (Number(months) as (typeof RG_EXCLUSION_MONTHS)[number]) }, reason }
    return call(opsPlayerProtection, { params: { uId: props.uId }, body })
  }
  const addNote = async () => {
    const a = await call(opsPlayerNote, { params: { uId: props.uId }, body: { text: note.trim() } })
    setNoteRefused(a.ok ? null : a)
    if (a.ok) {
      setNote('')
      setSaid(t('player.noted'))
      reload()
    }
  }
  return (
    <section aria-labelledby="player-title">
      <Announce text={said} />
      <Loading loaded={loaded}>
        {(d) => (
          <>
            <div className="page-head">
              <h1 id="player-title">
                {d.player.email} <span className="muted">· {d.player.uId}</span>
              </h1>
              {d.player.suspended && <span className="tag danger">{t('players.suspended')}</span>}
            </div>
            <div className="grid">
              <dl className="facts" aria-label={t('player.identity')}>
                <dt>{t('players.name')}</dt>
                <dd>{d.player.name || '–'}</dd>
                <dt>{t('players.cpf')}</dt>
                <dd>
                  <code>{d.player.cpf || '–'}</code>
                </dd>
                <dt>{t('player.birthDate')}</dt>
                <dd>{d.player.birthDate ?? '–'}</dd>
                <dt>{t('player.phone')}</dt>
                <dd>{d.player.phone || '–'}</dd>
                <dt>{t('players.kyc')}</dt>
                <dd>{d.player.kyc ? t('common.yes') : t('common.no')}</dd>
                <dt>{t('player.level')}</dt>
                <dd>{d.player.level}</dd>
                <dt>{t('players.since')}</dt>
                <dd>
                  <When at={d.player.createdAt} />
                </dd>
                {d.player.suspendedReason && (
                  <>
                    <dt>{t('player.suspendedReason')}</dt>
                    <dd>{d.player.suspendedReason}</dd>
                  </>
                )}
              </dl>
              <dl className="facts" aria-label={t('player.balances')}>
                <dt>{t('player.cash')}</dt>
                <dd>
                  <Money value={d.balances.cash} />
                </dd>
                <dt>{t('player.bonus')}</dt>
                <dd>
                  <Money value={d.balances.bonus} />
                </dd>
                <dt>{t('player.hold')}</dt>
                <dd>
                  <Money value={d.balances.hold} />
                </dd>
              </dl>
            </div>
            <div className="row-actions">
              <button type="button" onClick={() => setActing('revoke')}>
                {t('player.revoke')}
              </button>
              {risk && (
                <button type="button" onClick={() => setActing('protect')}>
                  {t('player.protect')}
                </button>
              )}
              {risk &&
                (d.player.suspended ? (
                  <button type="button" onClick={() => setActing('lift')}>
                    {t('player.lift')}
                  </button>
                ) : (
                  <button type="button" className="danger" onClick={() => setActing('suspend')}>
                    {t('player.suspend')}
                  </button>
                ))}
            </div>

            <h2>{t('player.markers')}</h2>
            {d.markers.length === 0 ? (
              <p className="muted">{t('player.noMarkers')}</p>
            ) : (
              <table>
                <thead>
                  <tr>
                    <th scope="col">{t('player.day')}</th>
                    <th scope="col">{t('player.marker')}</th>
                    <th scope="col" className="num">{t('player.strength')}</th>
                  </tr>
                </thead>
                <tbody>
                  {d.markers.map((m) => (
                    <tr key={`${m.day}-${m.marker}`}>
                      <td>{m.day}</td>
                      <td>{t(`markers.${m.marker}`, { defaultValue: m.marker })}</td>
                      <td className="num">{m.strength}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}

            <h2>{t('player.limits')}</h2>
            {d.limits.length === 0 && d.blocks.length === 0 ? (
              <p className="muted">{t('player.noLimits')}</p>
            ) : (
              <ul className="plain">
                {d.limits.map((l) => (
                  <li key={`${l.kind}-${l.period}`}>
                    {t(`limits.${l.kind}`, { defaultValue: l.kind })} · {t(`periods.${l.period}`, { defaultValue: l.period })}: {l.kind === 'time' ? l.value : <Money value={l.value} />}
                    {l.pendingValue !== null && (
                      <span className="muted">
                        {' '}
                        ({t('player.pending')} {l.kind === 'time' ? l.pendingValue : <Money value={l.pendingValue} />})
                      </span>
                    )}
                  </li>
                ))}
                {d.blocks.map((b) => (
                  <li key={`${b.kind}-${b.startsAt}`}>
                    {t(`blocks.${b.kind}`, { defaultValue: b.kind })}: <When at={b.startsAt} /> → {b.endsAt === null ? t('player.indefinite') : <When at={b.endsAt} />}
                  </li>
                ))}
              </ul>
            )}

            <h2>{t('player.entries')}</h2>
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('player.when')}</th>
                  <th scope="col">{t('player.kind')}</th>
                  <th scope="col">{t('player.ref')}</th>
                  <th scope="col">{t('player.account')}</th>
                  <th scope="col" className="num">{t('withdrawals.amount')}</th>
                </tr>
              </thead>
              <tbody>
                {d.entries.map((e) => (
                  <tr key={`${e.txId}-${e.account}`}>
                    <td>
                      <When at={e.at} />
                    </td>
                    <td>{e.kind}</td>
                    <td>
                      <code>{e.ref ?? ''}</code>
                    </td>
                    <td>{e.account}</td>
                    <td className="num">
                      <Money value={e.amount} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>

            <h2>{t('player.sessions')}</h2>
            {d.sessions.length === 0 ? (
              <p className="muted">{t('player.noSessions')}</p>
            ) : (
              <ul className="plain">
                {d.sessions.map((s) => (
                  <li key={`${s.createdAt}-${s.device}`}>
                    {s.device} · {s.ip} · <When at={s.createdAt} /> · {t('player.lastSeen')} <When at={s.lastSeenAt} />
                  </li>
                ))}
              </ul>
            )}

            <h2>{t('player.notes')}</h2>
            <ul className="plain notes">
              {d.notes.map((n) => (
                <li key={`${n.at}-${n.operator}`}>
                  <When at={n.at} /> · {n.operator}: {n.text}
                </li>
              ))}
            </ul>
            <form
              onSubmit={(e) => {
                e.preventDefault()
                void addNote()
              }}
            >
              <label htmlFor="player-note">{t('player.addNote')}</label>
              <textarea id="player-note" value={note} onChange={(e) => setNote(e.target.value)} rows={2} maxLength={2000} required />
              <Refusal answer={noteRefused} />
              <button type="submit" disabled={note.trim().length === 0}>
                {t('player.saveNote')}
              </button>
            </form>

            {acting && (
              <ReasonDialog
                title={t(`player.${acting}Title`, { email: d.player.email })}
                confirm={t(`player.${acting}`)}
                danger={acting === 'suspend'}
                onConfirm={(reason) =>
                  acting === 'protect'
                    ? protect(reason)
                    : acting === 'revoke'
                    ? call(opsPlayerRevokeSessions, { params: { uId: props.uId }, body: { reason } })
                    : call(opsPlayerSuspend, { params: { uId: props.uId }, body: { suspended: acting === 'suspend', reason } })
                }
                onClose={(done) => {
                  if (done) setSaid(t(`player.${acting}Done`))
                  setActing(null)
                  if (done) reload()
                }}
              >
                {acting === 'protect' && (
                  <fieldset className="protect">
                    <legend>{t('player.protectWhat')}</legend>
                    {(['limit', 'pause', 'exclusion'] as const).map((p) => (
                      <label key={p} className="check">
                        <input type="radio" name="protection" checked={protection === p} onChange={() => setProtection(p)} /> {t(`player.protection.${p}`)}
                      </label>
                    ))}
                    {protection === 'limit' && (
                      <div className="inline-fields">
                        <label htmlFor="limit-kind">{t('player.limitKind')}</label>
                        <select id="limit-kind" value={kind} onChange={(e) => setKind(e.target.value as RgKind)}>
                          {RG_KINDS.map((k) => (
                            <option key={k} value={k}>
                              {t(`limits.${k}`)}
                            </option>
                          ))}
                        </select>
                        <label htmlFor="limit-period">{t('player.limitPeriod')}</label>
                        <select id="limit-period" value={RG_LIMIT_PERIODS[kind].includes(period) ? period : 'day'} onChange={(e) => setPeriod(e.target.value as RgPeriod)}>
                          {RG_LIMIT_PERIODS[kind].map((p) => (
                            <option key={p} value={p}>
                              {t(`periods.${p}`)}
                            </option>
                          ))}
                        </select>
                        <label htmlFor="limit-value">{kind === 'time' ? t('player.limitMinutes') : t('player.limitValue')}</label>
                        <input id="limit-value" inputMode="decimal" value={value} onChange={(e) => setValue(e.target.value)} aria-describedby="limit-hint" />
                        <p id="limit-hint" className="muted small">
                          {t('player.limitHint')}
                        </p>
                      </div>
                    )}
                    {protection === 'pause' && (
                      <select aria-label={t('player.pauseDays')} value={pauseDays} onChange={(e) => setPauseDays(Number(e.target.value) as (typeof RG_PAUSE_DAYS)[number])}>
                        {RG_PAUSE_DAYS.map((n) => (
                          <option key={n} value={n}>
                            {t('player.days', { count: n })}
                          </option>
                        ))}
                      </select>
                    )}
                    {protection === 'exclusion' && (
                      <select aria-label={t('player.exclusionMonths')} value={months} onChange={(e) => setMonths(e.target.value)}>
                        {RG_EXCLUSION_MONTHS.map((n) => (
                          <option key={n} value={String(n)}>
                            {t('player.months', { count: n })}
                          </option>
                        ))}
                        <option value="indefinite">{t('player.indefinite')}</option>
                      </select>
                    )}
                  </fieldset>
                )}
              </ReasonDialog>
            )}
          </>
        )}
      </Loading>
    </section>
  )
}
