/**
 * The activities (the home's promotions, /active{id}): numeric ids from 1. Titles and rules are
 * locale keys (every locale has them); `to` is the call to action (a route, or the deposit overlay).
 * They run from `from` with no end unless `until` is set.
 */
export interface Activity {
  id: number
  key: 'welcome' | 'signin' | 'vip' | 'referral'
  to: '/signInSheet' | '/vip' | '/share' | 'deposit'
  from: string
  until: string | null
}

export const ACTIVITIES: readonly Activity[] = [
  { id: 1, key: 'welcome', to: 'deposit', from: '2024-01-01', until: null },
  { id: 2, key: 'signin', to: '/signInSheet', from: '2024-01-01', until: null },
  { id: 3, key: 'vip', to: '/vip', from: '2024-01-01', until: null },
  { id: 4, key: 'referral', to: '/share', from: '2024-01-01', until: null },
]
