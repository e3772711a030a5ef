import { useSnapshot } from 'valtio'
import { fetchTeam, type ReferralTeam } from '../../store/actions/loyalty'
import { useLoaded } from '../useLoaded'
import { store } from '../../store/store'

/** The referral team, read once per page and session. */
export function useTeam(): ReferralTeam | null {
  const { token } = useSnapshot(store.session)
  return useLoaded(fetchTeam, [token], { enabled: Boolean(token) })[0]
}
