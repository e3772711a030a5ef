import { useEffect, useId, useRef, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select, textarea, [tabindex]:not([tabindex="-1"])'

/**
 * A dialog frame: labelled, modal to assistive technology, focus kept inside while open,
 * Escape closes, focus goes back where it was on close.
 */
export function Modal(props: { title: string; onClose?: () => void; children: ReactNode; className?: string; role?: 'dialog' | 'alertdialog' }) {
  const { t } = useTranslation()
  const ref = useRef<HTMLDivElement>(null)
  const titleId = useId()
  const { onClose } = props
  // The latest onClose, read by the key handler: a caller's inline onClose (a new function each
  // render) must not re-run the focus effect, which moved focus back into the dialog on every
  // keystroke of a field inside it (the bet slip's stake).
  const closeRef = useRef(onClose)
  useEffect(() => {
    closeRef.current = onClose
  })

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null
    const node = ref.current
    const first = node?.querySelector<HTMLElement>('[autofocus], input, ' + FOCUSABLE)
    ;(first ?? node)?.focus()
    const onKey = (e: KeyboardEvent) => {
      const close = closeRef.current
      if (e.key === 'Escape' && close) {
        e.stopPropagation()
        close()
      }
      if (e.key !== 'Tab' || !node) return
      const items = [...node.querySelectorAll<HTMLElement>(FOCUSABLE)]
      const head = items[0]
      const tail = items.at(-1)
      if (!head || !tail) return
      if (e.shiftKey && document.activeElement === head) {
        e.preventDefault()
        tail.focus()
      } else if (!e.shiftKey && document.activeElement === tail) {
        e.preventDefault()
        head.focus()
      }
    }
    node?.addEventListener('keydown', onKey)
    return () => {
      node?.removeEventListener('keydown', onKey)
      previous?.focus?.()
    }
  }, [])

  return (
    <div className="backdrop" onClick={(e) => e.target === e.currentTarget && onClose?.()}>
      <div ref={ref} className={`modal ${props.className ?? ''}`} role={props.role ?? 'dialog'} aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <header className="modal-head">
          <h2 id={titleId}>{props.title}</h2>
          {onClose && (
            <button type="button" className="icon-button" onClick={onClose} aria-label={t('nav.close')}>
              ×
            </button>
          )}
        </header>
        <div className="modal-body">{props.children}</div>
      </div>
    </div>
  )
}
