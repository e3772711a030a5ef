import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { subscribeKey } from 'valtio/utils'
import { buildPath } from '../../shared/contract/define'
import { captcha as captchaCall } from '../../shared/contract/auth'
import { refreshCaptcha } from '../store/actions/ui'
import { store } from '../store/store'
import { Field } from './Field'

/** The spec's captcha widget re-render delay: a new image 200 ms after the refresh, so taps in a row fetch one. */
export const CAPTCHA_RERENDER_MS = 200

/** A new captcha id: a random whole number below 100 million (spec). */
const newCaptchaId = () => Math.floor(Math.random() * 100_000_000)

/** The captcha field with its image; tapping the image draws a new code (and a new id). */
export function Captcha(props: { value: string; onChange(value: string): void; onId(id: number): void }) {
  const { t } = useTranslation()
  const [codeId, setCodeId] = useState(newCaptchaId)
  const { onId } = props
  // Each refresh (refreshCaptcha, also after a refused attempt) draws a new code under a new id.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const stop = subscribeKey(store.ui, 'captchaNonce', () => {
      clearTimeout(timer)
      timer = setTimeout(() => setCodeId(newCaptchaId()), CAPTCHA_RERENDER_MS)
    })
    return () => {
      clearTimeout(timer)
      stop()
    }
  }, [])
  useEffect(() => onId(codeId), [codeId, onId])
  return (
    <Field
      label={t('auth.captcha')}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      autoComplete="off"
      inputMode="text"
      maxLength={8}
      name="captCode"
      after={
        <button type="button" className="captcha-button" onClick={refreshCaptcha} aria-label={t('auth.captchaImage')}>
          <img src={buildPath(captchaCall.path, { codeId })} alt="" width={120} height={40} />
        </button>
      }
    />
  )
}
