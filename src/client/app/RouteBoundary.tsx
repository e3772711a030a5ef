import { Component, Suspense, useEffect, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { ChunkTimeout, retryFailedLoads } from './lazyRoute'

/** What the route area shows when its code failed to load (or threw): a message and a retry, in place. */
function RouteFailed(props: { loading: boolean; onRetry: () => void }) {
  const { t } = useTranslation()
  return (
    <section className="page route-failed" role="alert" data-testid="route-failed">
      <h1>{t(props.loading ? 'shell.routeLoadFailed' : 'shell.routeCrashed')}</h1>
      <p>{t(props.loading ? 'shell.routeLoadFailedBody' : 'shell.routeCrashedBody')}</p>
      <button type="button" className="primary" onClick={props.onRetry}>
        {t('shell.retry')}
      </button>
    </section>
  )
}

/** A route's code still on its way shows nothing at first (a fast load flashes nothing), then says it is loading. */
export const LOADING_SHOWN_AFTER_MS = 400

function RouteLoading() {
  const { t } = useTranslation()
  const [shown, setShown] = useState(false)
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), LOADING_SHOWN_AFTER_MS)
    return () => clearTimeout(timer)
  }, [])
  return (
    <p className="page route-loading" role="status" aria-busy="true">
      {shown ? t('app.loading') : null}
    </p>
  )
}

/** A failed dynamic import: the browser's own words differ (Chrome, Firefox, Safari) but all name the module or the fetch. */
export function isLoadError(error: unknown): boolean {
  if (error instanceof ChunkTimeout) return true
  if (!(error instanceof Error)) return false
  return /dynamically imported module|module script|importing a module|error loading|failed to fetch|preload css|unable to preload/i.test(error.message)
}

interface State {
  error: unknown
  failed: boolean
}

/**
 * One route's error boundary: a chunk that does not arrive (or a page that throws) takes only the
 * route's area; the header, the menus and the overlays stay. 'Tentar de novo' loads the failed
 * chunks again (lazyRoute) and renders the route afresh.
 */
export class RouteBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null, failed: false }

  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true }
  }

  retry = () => {
    retryFailedLoads()
    this.setState({ error: null, failed: false })
  }

  override render() {
    if (this.state.failed) return <RouteFailed loading={isLoadError(this.state.error)} onRetry={this.retry} />
    return <Suspense fallback={<RouteLoading />}>{this.props.children}</Suspense>
  }
}
