import { lazy, useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import type { RoundGameId } from '../../../shared/games/rounds/types'
import { preloadSounds } from '../../engine/audio'
import { closeRoundGame, loadRoundState, openRoundGame } from '../../store/actions/rounds'
import { store } from '../../store/store'
import { GameTitle } from './parts/GameTitle'
import { StageSlot } from './parts/StageSlot'
import { StakeField } from './parts/StakeField'
import { LuckyTable, QuickChips, RoundAnnounce, RoundBetButton, RoundChoices, RoundFairness, RoundFeed, RoundInfo, RoundMine, RoundRecent, RoundStatus } from './rounds/RoundParts'

const RoundStage = lazy(() => import('../stages/RoundStage'))

/** A guest has no socket (the spec): the page asks for the live state this often. */
const GUEST_POLL_MS = 2000

/** Opens the game's room while the page is shown; a guest polls the state instead. */
function useRoundGame(game: RoundGameId) {
  const token = useSnapshot(store.session).token
  useEffect(() => {
    void openRoundGame(game)
    return () => closeRoundGame(game)
  }, [game])
  useEffect(() => {
    if (token) return
    const id = setInterval(() => void loadRoundState(game).catch(() => undefined), GUEST_POLL_MS)
    return () => clearInterval(id)
  }, [game, token])
}

/** Double, Row Double and Lucky Color: DOM controls over the round's canvas; every control works without it. */
export default function RoundGamePage(props: { game: RoundGameId }) {
  const { game } = props
  const { t } = useTranslation()
  useRoundGame(game)
  useEffect(() => preloadSounds(['bet', 'click', 'win', 'tick']), [])
  const titleId = `${game}-title`
  return (
    <section className={`game round-game ${game}`} aria-labelledby={titleId}>
      <GameTitle id={titleId} title={t(`games.${game}`)} />
      <StageSlot>
        <RoundStage game={game} />
      </StageSlot>
      <RoundStatus game={game} />
      <RoundAnnounce game={game} />
      <div className="game-controls">
        <RoundChoices game={game} />
        <StakeField game={game} />
        <QuickChips game={game} />
        <RoundBetButton game={game} />
      </div>
      <RoundMine game={game} />
      <RoundRecent game={game} />
      <RoundFeed game={game} />
      {game === 'luckyColor' && <LuckyTable />}
      <RoundInfo game={game} />
      <RoundFairness game={game} />
    </section>
  )
}
