/**
 * What the lazy pages share: the guest's "sign in first" page and the spec's animated counter
 * (their data: useLoaded.ts).
 */
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { SNAPSHOT_MODE } from '../engine/determinism'
import { preferredMotion } from '../engine/useAfterLoad'
import { openOverlay } from '../store/actions/ui'

/** A page that needs a session, seen by a guest: its title and a login button. */
export function SignInFirst(props: { titleKey: string }) {
  const { t } = useTranslation()
  return (
    <section className="page">
      <h1>{t(props.titleKey)}</h1>
      <p>{t('loyalty.signIn')}</p>
      <button type="button" className="primary" onClick={() => openOverlay('auth', 'login')}>
        {t('nav.login')}
      </button>
    </section>
  )
}

const COUNTER_MS = 2000

/**
 * The spec's animated counter: counts from where it was (0 at first) to `value` in 2 s, eased;
 * at once with reduced motion and in snapshots. Screen readers read the final figure only.
 */
export function Counter(props: { value: number; format: (n: number) => string; testId?: string }) {
  const instant = SNAPSHOT_MODE || preferredMotion() === 'reduced'
  const [shown, setShown] = useState(0)
  const from = useRef(0)
  useEffect(() => {
    if (instant) {
      from.current = props.value
      return
    }
    const start = performance.now()
    const origin = from.current
    let frame = 0
    const step = (now: number) => {
      const k = Math.min(1, (now - start) / COUNTER_MS)
      const v = origin + (props.value - origin) * (1 - (1 - k) ** 3)
      from.current = v
      setShown(v)
      if (k < 1) frame = requestAnimationFrame(step)
    }
    frame = requestAnimationFrame(step)
    return () => cancelAnimationFrame(frame)
  }, [props.value, instant])
  return (
    <span className="counter" data-testid={props.testId} data-value={props.value}>
      <span aria-hidden="true">{props.format(instant ? props.value : shown)}</span>
      <span className="visually-hidden">{props.format(props.value)}</span>
    </span>
  )
}
