/**
 * The loyalty pages, one lazy chunk, one file each: /vip, /share, /friends and /my (one page),
 * /agentJl2, /signInSheet. Each renders at its own address, also for a new player; a guest is asked
 * to sign in.
 */
import { AgentPage } from './AgentPage'
import { FriendsPage } from './FriendsPage'
import { SharePage } from './SharePage'
import { SignInSheet } from './SignInSheet'
import { VipPage } from './VipPage'

export type LoyaltyPage = 'vip' | 'share' | 'friends' | 'agent' | 'signin'

export default function LoyaltyPages(props: { page: LoyaltyPage }) {
  switch (props.page) {
    case 'vip':
      return <VipPage />
    case 'share':
      return <SharePage />
    case 'friends':
      return <FriendsPage />
    case 'agent':
      return <AgentPage />
    case 'signin':
      return <SignInSheet />
  }
}
