import { useId, type TextareaHTMLAttributes } from 'react'

/** A labelled multi-line field, styled like Field (the USDT address). */
export function TextArea(props: { label: string } & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId()
  const { label, ...area } = props
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea id={id} rows={3} {...area} />
    </div>
  )
}
