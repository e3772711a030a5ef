import type { AppMode, SportFeedKind } from '../../../shared/contract'
import { appInfo } from '../../../shared/contract/appInfo'
import { store } from '../store'
import { api } from './session'

/** Asks the server which mode it runs in (demo shows the ribbon) and whether its sportsbook is simulated or closed; quietly, off the indicator: it blocks nothing. */
export async function loadAppInfo(): Promise<void> {
  const info = await api<{ mode: AppMode; sport: SportFeedKind; jurisdiction: 'BR' | null; selfExclusionUrl: string | null; termsVersion: string | null }>(appInfo, { loading: false }, true).catch(() => null)
  if (info) Object.assign(store.app, { mode: info.mode, sport: info.sport, jurisdiction: info.jurisdiction, selfExclusionUrl: info.selfExclusionUrl, termsVersion: info.termsVersion })
}
