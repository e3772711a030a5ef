import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { createHttp, NetworkError } from '../api/http'
import type { Motion, Tuning, TuningSpec } from '../engine/types'
import { i18n } from '../i18n/i18n'
import { devTuningSave } from '../../shared/contract/devTuning'

/** The switcher's own transport (no session, no store): the server's messages in the switcher's language. */
const http = createHttp({ headers: () => ({ lang: i18n.language }) })

const MOTIONS: Motion[] = ['full', 'reduced', 'none']

type Result = { state: 'saving' } | { state: 'saved'; file: string } | { state: 'failed'; reason: string }

/**
 * Save and reset, and how each save went, in a live region (beside the scene, always in view):
 * "save" writes the scene's tuning file (POST /api/dev/tuning/<scene>: the Vite dev server, or the
 * server of a test build).
 */
export function TuningActions(props: { sceneId: string; spec: TuningSpec; values: Tuning; onChange(v: Tuning): void }) {
  const { t } = useTranslation()
  const [result, setResult] = useState<Result | null>(null)
  const save = async () => {
    // Cleared first: the same result twice is announced twice.
    setResult({ state: 'saving' })
    try {
      const res = await http.request<{ file: string }>(devTuningSave, { params: { scene: props.sceneId }, body: { values: props.values } })
      if (res.status === 200) setResult({ state: 'saved', file: res.data.file })
      // No such call on this server: a production server, or saving turned off (DEV_SCENE_TUNING=0).
      else if (res.http === 404) setResult({ state: 'failed', reason: t('dev.saveUnavailable') })
      else setResult({ state: 'failed', reason: res.msg || `HTTP ${res.http}` })
    } catch (error) {
      setResult({ state: 'failed', reason: error instanceof NetworkError ? t('dev.saveOffline') : String(error) })
    }
  }
  return (
    <div className="tuning-actions">
      <button type="button" className="primary small" disabled={result?.state === 'saving'} onClick={() => void save()}>
        {t('dev.save')}
      </button>
      <button type="button" className="secondary small" onClick={() => props.onChange(Object.fromEntries(Object.entries(props.spec).map(([k, p]) => [k, p.value])))}>
        {t('dev.reset')}
      </button>
      <p role="status" className={result?.state === 'failed' ? 'tuning-result error-text' : 'tuning-result'} data-testid="tuning-result">
        {result?.state === 'saving' && t('dev.saving')}
        {result?.state === 'saved' && t('dev.savedTo', { file: result.file })}
        {result?.state === 'failed' && t('dev.saveFailed', { reason: result.reason })}
      </p>
    </div>
  )
}

/** The motion, its loop, and the scene's knobs: sliders for numbers, colour pickers for colours. */
export function TuningPanel(props: { spec: TuningSpec; values: Tuning; onChange(v: Tuning): void; motion: Motion; onMotion(m: Motion): void; loop: boolean; onLoop(on: boolean): void }) {
  const { t } = useTranslation()
  const set = (key: string, value: number | string) => props.onChange({ ...props.values, [key]: value })
  return (
    <form className="tuning form" aria-label={t('dev.tuning')} onSubmit={(e) => e.preventDefault()}>
      <h2>{t('dev.tuning')}</h2>
      <label className="tuning-row">
        <span>{t('dev.motion')}</span>
        <select value={props.motion} onChange={(e) => props.onMotion(e.target.value as Motion)}>
          {MOTIONS.map((m) => (
            <option key={m} value={m}>
              {t(`dev.motions.${m}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="tuning-check">
        <input type="checkbox" checked={props.loop} disabled={props.motion === 'none'} onChange={(e) => props.onLoop(e.target.checked)} /> {t('dev.loop')}
      </label>
      {Object.entries(props.spec).map(([key, param]) => (
        <label key={key} className="tuning-row">
          <span>{key}</span>
          {typeof param.value === 'number' ? (
            <>
              <input type="range" min={param.min} max={param.max} step={param.step} value={Number(props.values[key])} onChange={(e) => set(key, Number(e.target.value))} />
              <output>{props.values[key]}</output>
            </>
          ) : (
            <input type="color" value={String(props.values[key])} onChange={(e) => set(key, e.target.value)} />
          )}
        </label>
      ))}
    </form>
  )
}
