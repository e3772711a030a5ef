/**
 * The rest of the spec's pages, one lazy chunk, one file each: /gg (every game by category),
 * /search (games, and the sportsbook's teams and leagues, with recent searches), /active{id} (an
 * activity), /paySuccess (after a deposit), /conta (the account), /bonus (the player's bonus),
 * /registered (the welcome after registering).
 */
import { AccountPage } from './AccountPage'
import { ActivityPage } from './ActivityPage'
import { AllGamesPage } from './AllGamesPage'
import { BonusPage } from './BonusPage'
import { PaySuccessPage } from './PaySuccessPage'
import { RegisteredPage } from './RegisteredPage'
import { SearchPage } from './SearchPage'

export type MorePage = 'gg' | 'search' | 'active' | 'paySuccess' | 'conta' | 'bonus' | 'registered'

export default function MorePages(props: { page: MorePage }) {
  switch (props.page) {
    case 'gg':
      return <AllGamesPage />
    case 'search':
      return <SearchPage />
    case 'active':
      return <ActivityPage />
    case 'paySuccess':
      return <PaySuccessPage />
    case 'conta':
      return <AccountPage />
    case 'bonus':
      return <BonusPage />
    case 'registered':
      return <RegisteredPage />
  }
}
