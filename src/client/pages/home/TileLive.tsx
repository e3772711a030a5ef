import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { tileColor } from '../../../shared/games/rounds/double'
import { luckyColors } from '../../../shared/games/rounds/luckyColor'
import type { RoundGameId } from '../../../shared/games/rounds/types'
import { loadRoundState } from '../../store/actions/rounds'
import { store } from '../../store/store'
import { useRoundMoment } from '../games/rounds/roundMoment'
import { useLoaded } from '../useLoaded'

/** How often a lobby tile asks for its game's live round (the lobby joins no room). */
const POLL_MS = 5000

/**
 * A shared-round game's tile on /home: the time left to bet (or the draw running) and the last
 * five results as coloured dots. Decoration over the tile's button (whose name says the game):
 * hidden from screen readers, which the countdown would only interrupt.
 */
export default function TileLive(props: { game: RoundGameId }) {
  const { game } = props
  const { t } = useTranslation()
  useLoaded(() => loadRoundState(game), [game], { pollMs: POLL_MS })
  const { phase, seconds, roundId } = useRoundMoment(game)
  const { recent, live, clockOffset } = useSnapshot(store.rounds[game])
  // The next round opens at nextAt: asked for then, not at the next poll.
  const nextAt = live?.nextAt
  useEffect(() => {
    if (nextAt === undefined) return
    const id = setTimeout(() => void loadRoundState(game).catch(() => undefined), Math.max(0, nextAt - clockOffset - Date.now()) + 150)
    return () => clearTimeout(id)
  }, [game, nextAt, clockOffset])
  const shown = recent.filter((r) => r.roundId !== roundId || phase === 'result').slice(0, 5)
  if (phase === 'idle') return null
  const dot = (roll: number | null) => (roll === null ? 'voided' : game === 'luckyColor' ? luckyColors(roll).join('-') : tileColor(roll))
  return (
    <span className="tile-live" aria-hidden="true" data-testid={`tile-live-${game}`}>
      <span className={`tile-clock ${phase}`}>{phase === 'betting' ? t('casino.round.tileBetting', { s: seconds }) : t('casino.round.tileDrawing')}</span>
      <span className="tile-dots">
        {shown.map((r) => (
          <i key={r.roundId} className={dot(r.roll)}>
            {r.roll ?? '–'}
          </i>
        ))}
      </span>
    </span>
  )
}
