import { useId, useLayoutEffect, useRef, useState, type InputHTMLAttributes } from 'react'
import { cpfText, maskCpf } from './cpfMask'

/**
 * A CPF input masked as it is typed (000.000.000-00); the value it reports is the digits, as the
 * contract takes them. The caret stays after the digit it followed (cpfMask.ts).
 */
export function CpfField(props: { label: string; digits: string; onDigits(digits: string): void } & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'>) {
  const { label, digits, onDigits, ...input } = props
  const id = useId()
  const ref = useRef<HTMLInputElement>(null)
  const caret = useRef<number | null>(null)
  // A key that changes no digit (a letter, a separator) still re-renders, so the caret is put back.
  const [, rerender] = useState(0)
  const text = cpfText(digits)
  useLayoutEffect(() => {
    const node = ref.current
    if (node && caret.current !== null && document.activeElement === node) node.setSelectionRange(caret.current, caret.current)
    caret.current = null
  })
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="field-row">
        <input
          ref={ref}
          id={id}
          inputMode="numeric"
          autoComplete="off"
          placeholder="000.000.000-00"
          maxLength={14}
          {...input}
          value={text}
          onChange={(e) => {
            const next = maskCpf(text, e.target.value, e.target.selectionStart ?? e.target.value.length)
            caret.current = next.caret
            onDigits(next.digits)
            rerender((n) => n + 1)
          }}
        />
      </div>
    </div>
  )
}
