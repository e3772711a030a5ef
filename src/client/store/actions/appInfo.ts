import { calls, type AppMode } from '../../../shared/contract'
import { store } from '../store'
import { api } from './session'

/** Asks the server which mode it runs in (demo shows the ribbon); quietly, off the indicator: it blocks nothing. */
export async function loadAppInfo(): Promise<void> {
  const info = await api<{ mode: AppMode }>(calls.appInfo, { loading: false }, true).catch(() => null)
  if (info) store.app.mode = info.mode
}
