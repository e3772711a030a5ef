/**
 * The console's small parts: a call's data as a hook, money and times as operators read them, the
 * reason dialog every action goes through, the refusal line and the live region that says what
 * an action did.
 */
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { formatMoney, bcp47 } from '../client/format/format'
import { normalizeLocale } from '../shared/locales'
import type { OpsCallDef } from '../shared/contract/opsConsole'
import { call, NETWORK, type Answer, type CallInput, type Data } from './api'

export type Loaded<T> = { state: 'loading' } | { state: 'done'; data: T } | { state: 'failed'; status: number; msg: string }

/** A GET call's data, loaded when its input changes and again on `reload()` (the last answer is the one shown). */
export function useLoad<C extends OpsCallDef>(def: C, input: CallInput<C>): [Loaded<Data<C>>, () => void] {
  const [round, setRound] = useState(0)
  const inputText = JSON.stringify(input)
  const [got, setGot] = useState<{ at: string; loaded: Loaded<Data<C>> } | null>(null)
  useEffect(() => {
    let live = true
    void call(def, JSON.parse(inputText) as CallInput<C>).then((a) => {
      if (live) setGot({ at: `${inputText}#${round}`, loaded: a.ok ? { state: 'done', data: a.data } : { state: 'failed', status: a.status, msg: a.msg } })
    })
    return () => {
      live = false
    }
  }, [def, inputText, round])
  const loaded: Loaded<Data<C>> = got !== null && got.at === `${inputText}#${round}` ? got.loaded : { state: 'loading' }
  return [loaded, useCallback(() => setRound((r) => r + 1), [])]
}

/** The refusal of a call as the operator reads it: the server's message, or the network's failure. */
export function Refusal(props: { answer: { status: number; msg: string } | null }) {
  const { t } = useTranslation()
  if (!props.answer) return null
  return (
    <p className="refusal" role="alert">
      {props.answer.status === NETWORK || !props.answer.msg ? t('common.network') : props.answer.msg}
    </p>
  )
}

/** A loaded call: its data, a line while loading, the refusal when it failed. */
export function Loading<T>(props: { loaded: Loaded<T>; children: (data: T) => ReactNode }) {
  const { t } = useTranslation()
  if (props.loaded.state === 'loading') return <p className="muted">{t('common.loading')}</p>
  if (props.loaded.state === 'failed') return <Refusal answer={props.loaded} />
  return <>{props.children(props.loaded.data)}</>
}

export function useLocale() {
  const { i18n } = useTranslation()
  return normalizeLocale(i18n.language)
}

export function Money(props: { value: number | null }) {
  const locale = useLocale()
  if (props.value === null) return <span className="muted">–</span>
  return <span className={props.value < 0 ? 'money negative' : 'money'}>{formatMoney(props.value, locale)}</span>
}

/** A moment as Brasília reads it (the service's day), whatever the operator's own zone. */
export function When(props: { at: number | null }) {
  const locale = useLocale()
  if (props.at === null) return <span className="muted">–</span>
  const d = new Date(props.at)
  const text = new Intl.DateTimeFormat(bcp47(locale), { dateStyle: 'short', timeStyle: 'medium', timeZone: 'America/Sao_Paulo' }).format(d)
  return <time dateTime={d.toISOString()}>{text}</time>
}

/** What the last action did, said to a screen reader and shown at the top of the page. */
export function Announce(props: { text: string }) {
  return (
    <p className="announce" role="status" aria-live="polite">
      {props.text}
    </p>
  )
}

/** A fresh key for one action: a retry of the same submission sends the same one (the server answers the first reply). */
const actionKey = () => crypto.randomUUID()

/**
 * The dialog an action goes through: what it does, the reason typed (the audit trail keeps it),
 * and the server's refusal in place. `onConfirm` gets the reason and the action's idempotency key
 * (one per opening of the dialog); it answers the call's answer, and the dialog closes on success.
 */
export function ReasonDialog(props: {
  title: string
  confirm: string
  danger?: boolean
  /** The text field's label: the reason by default (a contact's note, for one). */
  label?: string
  children?: ReactNode
  onConfirm(reason: string, key: string): Promise<Answer<unknown>>
  onClose(done: boolean): void
}) {
  const { t } = useTranslation()
  const ref = useRef<HTMLDialogElement>(null)
  const [reason, setReason] = useState('')
  const [busy, setBusy] = useState(false)
  const [refused, setRefused] = useState<{ status: number; msg: string } | null>(null)
  const [key] = useState(actionKey)
  const id = useId()
  const { onClose } = props
  useEffect(() => {
    const dialog = ref.current
    if (dialog && !dialog.open) dialog.showModal()
  }, [])
  const submit = async () => {
    setBusy(true)
    setRefused(null)
    const answer = await props.onConfirm(reason.trim(), key)
    setBusy(false)
    if (answer.ok) onClose(true)
    else setRefused(answer)
  }
  return (
    <dialog ref={ref} className="dialog" aria-labelledby={`${id}-title`} onCancel={() => onClose(false)}>
      <form
        method="dialog"
        onSubmit={(e) => {
          e.preventDefault()
          void submit()
        }}
      >
        <h2 id={`${id}-title`}>{props.title}</h2>
        {props.children}
        <label htmlFor={`${id}-reason`}>{props.label ?? t('common.reason')}</label>
        <textarea id={`${id}-reason`} value={reason} onChange={(e) => setReason(e.target.value)} required minLength={3} maxLength={500} rows={3} aria-describedby={`${id}-hint`} />
        <p id={`${id}-hint`} className="muted small">
          {t('common.reasonHint')}
        </p>
        <Refusal answer={refused} />
        <div className="actions">
          <button type="button" onClick={() => onClose(false)}>
            {t('common.cancel')}
          </button>
          <button type="submit" className={props.danger ? 'danger' : 'primary'} disabled={busy || reason.trim().length < 3}>
            {props.confirm}
          </button>
        </div>
      </form>
    </dialog>
  )
}
