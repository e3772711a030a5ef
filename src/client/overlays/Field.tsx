import { useId, type InputHTMLAttributes, type ReactNode } from 'react'

/** A labelled input; the label is visible, so screen readers and sighted users read the same words. */
export function Field(props: { label: string; after?: ReactNode } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId()
  const { label, after, ...input } = props
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="field-row">
        <input id={id} {...input} />
        {after}
      </div>
    </div>
  )
}
