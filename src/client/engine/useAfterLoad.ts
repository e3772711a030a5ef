import { useEffect, useState } from 'react'

/** True once the page's load event has fired: the scene layer starts only then, after the first paint. */
export function useAfterLoad(): boolean {
  const [loaded, setLoaded] = useState(() => typeof document !== 'undefined' && document.readyState === 'complete')
  useEffect(() => {
    if (loaded) return
    const on = () => setLoaded(true)
    window.addEventListener('load', on, { once: true })
    return () => window.removeEventListener('load', on)
  }, [loaded])
  return loaded
}

/** The motion level: 'none' in snapshot mode, 'reduced' when the user asks for less motion. */
export function preferredMotion(): 'full' | 'reduced' {
  return typeof matchMedia !== 'undefined' && matchMedia('(prefers-reduced-motion: reduce)').matches ? 'reduced' : 'full'
}
