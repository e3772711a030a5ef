/**
 * /jogoResponsavel (issue 31): the player's own protections. Limits on deposits, net loss and
 * stakes (a lower one at once, a higher one or a removal after 24 hours: the page shows what is
 * pending and from when), a pause in one tap, a self-exclusion asked with the password, and where
 * to find help. The server holds every rule; the page shows what it answers.
 */
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { RG_EXCLUSION_MONTHS, RG_PAUSE_DAYS, type RgLimitRow, type RgStatus } from '../../../shared/contract/rg'
import type { Locale } from '../../../shared/locales'
import { parseDecimal } from '../../format/decimal'
import { bcp47, formatMoney } from '../../format/format'
import { Field } from '../../overlays/Field'
import { excludeMyself, loadLimits, loadProtectionStatus, pausePlay, saveLimit } from '../../store/actions/protection'
import { store } from '../../store/store'
import { SignInFirst, useLoaded } from '../pageParts'

const when = (ms: number, lang: Locale) => new Intl.DateTimeFormat(bcp47(lang), { dateStyle: 'short', timeStyle: 'short', timeZone: 'America/Sao_Paulo' }).format(ms)

export default function ProtectionPage() {
  const { t } = useTranslation()
  const { token, lang } = useSnapshot(store.session)
  const [limits, setLimits] = useLoaded(loadLimits, Boolean(token), [token])
  const [status, setStatus] = useLoaded(loadProtectionStatus, Boolean(token), [token])
  if (!token) return <SignInFirst titleKey="pages.rg" />
  return (
    <section className="page rg-page" aria-labelledby="rg-title">
      <h1 id="rg-title">{t('pages.rg')}</h1>
      <p>{t('rg.intro')}</p>
      {status && <BlockState status={status} lang={lang} />}
      <section aria-labelledby="rg-limits-title">
        <h2 id="rg-limits-title">{t('rg.limits.title')}</h2>
        <p className="muted">{t('rg.limits.rule')}</p>
        <ul className="rg-limits" data-testid="rg-limits">
          {limits?.map((row) => (
            <LimitRow key={`${row.kind}-${row.period}`} row={row} lang={lang} onSaved={(saved) => setLimits(limits.map((r) => (r.kind === saved.kind && r.period === saved.period ? saved : r)))} />
          ))}
        </ul>
      </section>
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
  const money = (n: number) => formatMoney(n, lang)
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
    if (wire === null || Number(wire) <= 0) setSaid(t('rg.limits.invalid'))
    else save(wire)
  }
  return (
    <li className="rg-limit" data-testid={`rg-limit-${row.kind}-${row.period}`}>
      <h3>{name}</h3>
      <p>
        {row.value === null ? t('rg.limits.none') : t('rg.limits.value', { amount: money(row.value) })} · {t('rg.limits.used', { amount: money(row.used) })}
      </p>
      {row.pending && <p className="muted">{row.pending.value === null ? t('rg.limits.pendingRemoval', { date: when(row.pending.effectiveAt, lang) }) : t('rg.limits.pendingRaise', { amount: money(row.pending.value), date: when(row.pending.effectiveAt, lang) })}</p>}
      {editing ? (
        <form onSubmit={submit}>
          <Field label={t('rg.limits.newValue', { limit: name })} inputMode="decimal" autoComplete="off" value={text} onChange={(e) => setText(e.target.value)} maxLength={15} autoFocus />
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
