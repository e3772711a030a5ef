/** The sportsbook's pages (one lazy chunk): the sports home (and the spec's footballPage), a match with every market, this player's bets; the bet slip floats over them. */
import { MatchPage } from './MatchPage'
import { MyBetsPage } from './MyBetsPage'
import { SportsHome } from './SportsHome'

export default function SportRoute(props: { page: 'home' | 'football' | 'match' | 'bets' }) {
  if (props.page === 'match') return <MatchPage />
  if (props.page === 'bets') return <MyBetsPage />
  return <SportsHome sport={props.page === 'football' ? 'football' : undefined} />
}
