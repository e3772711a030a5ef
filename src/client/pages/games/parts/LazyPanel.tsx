import { useState, type ReactNode } from 'react'

/**
 * A closed-by-default panel whose body is built only while it is open: a game page's panels (rules,
 * fairness, tables) cost the page nothing until a player opens them.
 */
export function LazyPanel(props: { className?: string; summary: string; children: () => ReactNode }) {
  const [open, setOpen] = useState(false)
  return (
    <details className={`game-panel${props.className ? ` ${props.className}` : ''}`} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>{props.summary}</summary>
      {open && props.children()}
    </details>
  )
}
