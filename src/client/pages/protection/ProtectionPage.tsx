/**
 * /jogoResponsavel (issue 31): the player's own protections. Limits on deposits, net loss,
 * stakes and time played (a lower one at once, a higher one or a removal after 24 hours: the page shows what is
 * pending and from when), the reality check's interval, a pause in one tap, a self-exclusion asked with the password, and where
 * to find help. The server holds every rule; the page shows what it answers.
 */
import { useEffect, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { RG_EXCLUSION_MONTHS, RG_PAUSE_DAYS, RG_REALITY_MINUTES, type RgLimitRow, type RgStatement, type RgStatus } from '../../../shared/contract/rg'
import type { Locale } from '../../../shared/locales'
import { SNAPSHOT_MODE, SNAPSHOT_TIME } from '../../engine/determinism'
import { parseDecimal } from '../../format/decimal'
import { bcp47, formatMoney } from '../../format/format'
import { Field } from '../../overlays/Field'
import { downloadStatement, excludeMyself, loadLimits, loadProtectionStatus, loadStatement, pausePlay, saveLimit, saveRealityMinutes } from '../../store/actions/protection'
import { store } from '../../store/store'
import { SignInFirst } from '../pageParts'
import { useLoaded } from '../useLoaded'

const when = (ms: number, lang: Locale) => new Intl.DateTimeFormat(bcp47(lang), { dateStyle: 'short', timeStyle: 'short', timeZone: 'America/Sao_Paulo' }).format(ms)

export default function ProtectionPage() {
  const { t } = useTranslation()
  const { token, lang } = useSnapshot(store.session)
  const { selfExclusionUrl } = useSnapshot(store.app)
  const [limits, setLimits] = useLoaded(loadLimits, [token], { enabled: Boolean(token) })
  const [status, setStatus] = useLoaded(loadProtectionStatus, [token], { enabled: Boolean(token) })
  if (!token) return <SignInFirst titleKey="pages.rg" />
  return (
    <section className="page rg-page" aria-labelledby="rg-title">
      <h1 id="rg-title">{t('pages.rg')}</h1>
      <p>{t('rg.intro')}</p>
      {status && <BlockState status={status} lang={lang} />}
      {status?.care && (
        <p className="rg-care" role="note" data-testid="rg-care">
          {t('rg.care')} <a href="tel:188">{t('rg.help.cvv')}</a>
        </p>
      )}
      <section aria-labelledby="rg-limits-title">
        <h2 id="rg-limits-title">{t('rg.limits.title')}</h2>
        <p className="muted">{t('rg.limits.rule')}</p>
        <ul className="rg-limits" data-testid="rg-limits">
          {limits?.map((row) => (
            <LimitRow key={`${row.kind}-${row.period}`} row={row} lang={lang} onSaved={(saved) => setLimits(limits.map((r) => (r.kind === saved.kind && r.period === saved.period ? saved : r)))} />
          ))}
        </ul>
      </section>
      {status && <RealityCheck status={status} onSaved={setStatus} />}
      <Statement lang={lang} />
      <section aria-labelledby="rg-pause-title">
        <h2 id="rg-pause-title">{t('rg.pause.title')}</h2>
        <p className="muted">{t('rg.pause.rule')}</p>
        <div className="rg-actions">
          {RG_PAUSE_DAYS.map((days) => (
            <button key={days} type="button" className="secondary" onClick={() => void pausePlay(days).then(setStatus, () => undefined)}>
              {t(`rg.pause.days${days}`)}
            </button>
          ))}
        </div>
      </section>
      <Exclusion onDone={setStatus} />
      <section aria-labelledby="rg-help-title">
        <h2 id="rg-help-title">{t('rg.help.title')}</h2>
        <p>{t('rg.help.text')}</p>
        <p>
          <a href="tel:188">{t('rg.help.cvv')}</a>
        </p>
        {selfExclusionUrl && (
          <p>
            {t('rg.gov.text')}{' '}
            <a href={selfExclusionUrl} target="_blank" rel="noopener noreferrer" data-testid="rg-gov">
              {t('rg.gov.link')}
            </a>
          </p>
        )}
      </section>
    </section>
  )
}

/** The pause or self-exclusion in force, said where a screen reader hears it. */
function BlockState(props: { status: RgStatus; lang: Locale }) {
  const { t } = useTranslation()
  const { pausedUntil, excludedUntil, indefinite } = props.status
  const text = indefinite
    ? t('rg.state.indefinite')
    : excludedUntil
      ? t('rg.state.excluded', { date: when(excludedUntil, props.lang) })
      : pausedUntil
        ? t('rg.state.paused', { date: when(pausedUntil, props.lang) })
        : null
  return text ? (
    <p className="rg-state" role="status" data-testid="rg-state">
      {text}
    </p>
  ) : null
}

/** One limit: its value, what the period used, a pending change, and (opened by a button) a field to set a new one. */
function LimitRow(props: { row: RgLimitRow; lang: Locale; onSaved: (row: RgLimitRow) => void }) {
  const { t } = useTranslation()
  const { row, lang } = props
  const [text, setText] = useState('')
  const [said, setSaid] = useState('')
  const [editing, setEditing] = useState(false)
  const name = t(`rg.limits.${row.kind}.${row.period}`)
  // The time limit is in minutes, the others in reais.
  const time = row.kind === 'time'
  const money = (n: number) => formatMoney(n, lang)
  const valueText = (n: number) => (time ? t('rg.limits.valueTime', { minutes: n }) : t('rg.limits.value', { amount: money(n) }))
  const usedText = time ? t('rg.limits.usedTime', { minutes: row.used }) : t('rg.limits.used', { amount: money(row.used) })
  const save = (value: string | null) =>
    void saveLimit(row.kind, row.period, value).then(
      (saved) => {
        props.onSaved(saved)
        setText('')
        setEditing(false)
        setSaid(t(saved.pending ? 'rg.limits.savedLater' : 'rg.limits.saved', { date: saved.pending ? when(saved.pending.effectiveAt, lang) : '' }))
      },
      () => undefined,
    )
  const submit = (e: FormEvent) => {
    e.preventDefault()
    const wire = parseDecimal(text, lang)
    if (wire === null || Number(wire) <= 0 || (time && !/^\d+$/.test(wire))) setSaid(t(time ? 'rg.limits.invalidTime' : 'rg.limits.invalid'))
    else save(wire)
  }
  return (
    <li className="rg-limit" data-testid={`rg-limit-${row.kind}-${row.period}`}>
      <h3>{name}</h3>
      <p>
        {row.value === null ? t('rg.limits.none') : valueText(row.value)} · {usedText}
      </p>
      {row.pending && (
        <p className="muted">
          {row.pending.value === null
            ? t('rg.limits.pendingRemoval', { date: when(row.pending.effectiveAt, lang) })
            : time
              ? t('rg.limits.pendingRaiseTime', { minutes: row.pending.value, date: when(row.pending.effectiveAt, lang) })
              : t('rg.limits.pendingRaise', { amount: money(row.pending.value), date: when(row.pending.effectiveAt, lang) })}
        </p>
      )}
      {editing ? (
        <form onSubmit={submit}>
          <Field label={t(time ? 'rg.limits.newValueTime' : 'rg.limits.newValue', { limit: name })} inputMode={time ? 'numeric' : 'decimal'} autoComplete="off" value={text} onChange={(e) => setText(e.target.value)} maxLength={15} autoFocus />
          <div className="rg-actions">
            <button type="submit" className="primary">
              {t('rg.limits.save')}
            </button>
            {row.value !== null && (
              <button type="button" className="secondary" onClick={() => save(null)}>
                {t('rg.limits.remove')}
              </button>
            )}
          </div>
        </form>
      ) : (
        <button type="button" className="secondary small" aria-expanded={false} onClick={() => setEditing(true)}>
          {t(row.value === null ? 'rg.limits.set' : 'rg.limits.change')}
          <span className="visually-hidden">: {name}</span>
        </button>
      )}
      <p role="status" className="rg-said">
        {said}
      </p>
    </li>
  )
}

/** The reality check's interval: every 15, 30 or 60 minutes of a session. */
function RealityCheck(props: { status: RgStatus; onSaved: (status: RgStatus) => void }) {
  const { t } = useTranslation()
  const [said, setSaid] = useState('')
  // The choice shows at once; a refusal puts the server's back.
  const [chosen, setChosen] = useState(props.status.realityCheckMinutes)
  const pick = (minutes: (typeof RG_REALITY_MINUTES)[number]) => {
    setChosen(minutes)
    void saveRealityMinutes(minutes).then(
      (s) => {
        props.onSaved(s)
        setSaid(t('rg.reality.saved', { minutes }))
      },
      () => setChosen(props.status.realityCheckMinutes),
    )
  }
  return (
    <section aria-labelledby="rg-reality-title">
      <h2 id="rg-reality-title">{t('rg.reality.title')}</h2>
      <p className="muted">{t('rg.reality.rule')}</p>
      <fieldset className="rg-choices" data-testid="rg-reality">
        <legend className="visually-hidden">{t('rg.reality.title')}</legend>
        {RG_REALITY_MINUTES.map((m) => (
          <label key={m}>
            <input type="radio" name="rg-reality" checked={chosen === m} onChange={() => pick(m)} />
            {t('rg.reality.every', { minutes: m })}
          </label>
        ))}
      </fieldset>
      <p role="status" className="rg-said">
        {said}
      </p>
    </section>
  )
}

/** This month in São Paulo, YYYY-MM (snapshot mode's fixed moment's, so a snapshot does not change with the month). */
const thisMonth = () => new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', timeZone: 'America/Sao_Paulo' }).format(SNAPSHOT_MODE ? SNAPSHOT_TIME : Date.now())

/** The activity statement of a month the player picks, per product, and its CSV file. */
function Statement(props: { lang: Locale }) {
  const { t } = useTranslation()
  const [month, setMonth] = useState(thisMonth)
  const [statement, setStatement] = useState<RgStatement | null>(null)
  useEffect(() => {
    let live = true
    if (/^\d{4}-\d{2}$/.test(month)) void loadStatement(month).then((s) => live && setStatement(s), () => undefined)
    return () => {
      live = false
    }
  }, [month])
  const money = (n: number) => formatMoney(n, props.lang)
  return (
    <section aria-labelledby="rg-statement-title">
      <h2 id="rg-statement-title">{t('rg.statement.title')}</h2>
      <p className="muted">{t('rg.statement.rule')}</p>
      <Field label={t('rg.statement.month')} type="month" value={month} max={thisMonth()} onChange={(e) => setMonth(e.target.value)} />
      {statement && statement.month === month && (
        <div data-testid="rg-statement">
          <table className="rg-statement">
            <thead>
              <tr>
                <th scope="col">{t('rg.statement.product')}</th>
                <th scope="col">{t('rg.statement.staked')}</th>
                <th scope="col">{t('rg.statement.returned')}</th>
                <th scope="col">{t('rg.statement.net')}</th>
              </tr>
            </thead>
            <tbody>
              {statement.products.map((p) => (
                <tr key={p.product}>
                  <th scope="row">{t(`rg.statement.products.${p.product}`)}</th>
                  <td>{money(p.staked)}</td>
                  <td>{money(p.returned)}</td>
                  <td>{money(p.net)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">{t('rg.statement.total')}</th>
                <td>{money(statement.staked)}</td>
                <td>{money(statement.returned)}</td>
                <td>{money(statement.net)}</td>
              </tr>
            </tfoot>
          </table>
          <p>
            {t('rg.statement.deposits', { amount: money(statement.deposits) })} · {t('rg.statement.withdrawals', { amount: money(statement.withdrawals) })}
          </p>
          <button type="button" className="secondary small" onClick={() => void downloadStatement(month)}>
            {t('rg.statement.csv')}
          </button>
        </div>
      )}
    </section>
  )
}

/** A self-exclusion: how long (or without end), asked with the password. */
function Exclusion(props: { onDone: (status: RgStatus) => void }) {
  const { t } = useTranslation()
  const [months, setMonths] = useState<number | null>(RG_EXCLUSION_MONTHS[0])
  const [password, setPassword] = useState('')
  const submit = (e: FormEvent) => {
    e.preventDefault()
    void excludeMyself(months, password).then((s) => {
      setPassword('')
      props.onDone(s)
    }, () => undefined)
  }
  const choices: (number | null)[] = [...RG_EXCLUSION_MONTHS, null]
  return (
    <section aria-labelledby="rg-exclusion-title">
      <h2 id="rg-exclusion-title">{t('rg.exclusion.title')}</h2>
      <p className="muted">{t('rg.exclusion.rule')}</p>
      <form onSubmit={submit}>
        <fieldset className="rg-choices">
          <legend>{t('rg.exclusion.howLong')}</legend>
          {choices.map((m) => (
            <label key={m ?? 'forever'}>
              <input type="radio" name="rg-exclusion" checked={months === m} onChange={() => setMonths(m)} />
              {t(m === null ? 'rg.exclusion.forever' : `rg.exclusion.months${m}`)}
            </label>
          ))}
        </fieldset>
        <Field label={t('rg.exclusion.password')} type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} required maxLength={128} />
        <button type="submit" className="danger">
          {t('rg.exclusion.submit')}
        </button>
      </form>
    </section>
  )
}
