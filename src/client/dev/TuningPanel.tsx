import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Motion, Tuning, TuningSpec } from '../engine/types'

/** Sliders for numbers and colour pickers for colours; "save" writes the scene's tuning file (dev server only). */
export function TuningPanel(props: { sceneId: string; spec: TuningSpec; values: Tuning; onChange(v: Tuning): void; motion: Motion; onMotion(m: Motion): void }) {
  const { t } = useTranslation()
  const [saved, setSaved] = useState(false)
  const set = (key: string, value: number | string) => props.onChange({ ...props.values, [key]: value })
  const save = async () => {
    const res = await fetch(`/api/dev/tuning/${props.sceneId}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ values: props.values }) })
    setSaved(res.ok)
  }
  return (
    <form className="tuning form" aria-label={t('dev.tuning')} onSubmit={(e) => e.preventDefault()}>
      <h2>{t('dev.tuning')}</h2>
      <label>
        {t('dev.motion')}{' '}
        <select value={props.motion} onChange={(e) => props.onMotion(e.target.value as Motion)}>
          <option value="full">full</option>
          <option value="reduced">reduced</option>
          <option value="none">none</option>
        </select>
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
      {import.meta.env.DEV && (
        <button type="button" className="primary" onClick={() => void save()}>
          {t('dev.save')}
        </button>
      )}
      <button type="button" className="secondary" onClick={() => props.onChange(Object.fromEntries(Object.entries(props.spec).map(([k, p]) => [k, p.value])))}>
        {t('dev.reset')}
      </button>
      {saved && <p role="status">{t('dev.saved')}</p>}
    </form>
  )
}
