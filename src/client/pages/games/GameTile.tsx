import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import type { GameEntry } from '../../../shared/contract'
import { formatDecimal } from '../../format/decimal'
import { pickGame } from '../../store/shellActions'
import { store } from '../../store/store'

/** Hub88's volatility scale, 1 (low) to 6 (very high): each level has its text. */
const VOLATILITY_LEVELS: ReadonlySet<number> = new Set([1, 2, 3, 4, 5, 6])

export const isProviderGame = (game: GameEntry) => game.productCode !== 'SELF'

/** Our games by their localized name; a provider's game by the name it sends. */
export const gameName = (t: (k: string, o?: Record<string, unknown>) => string, game: GameEntry) =>
  isProviderGame(game) ? game.value : t(`games.${game.gameType}`, { defaultValue: game.value })

/** One game's tile, ours or a provider's, wherever games are listed (/gg, /search, home, a provider's list). */
export function GameTile(props: { game: GameEntry }) {
  const { t } = useTranslation()
  const lang = useSnapshot(store.session).lang
  const { game } = props
  const name = gameName(t, game)
  const provider = isProviderGame(game)
  return (
    <button
      type="button"
      className={provider ? `tile provider-tile${game.stop ? ' stopped' : ''}` : `tile tile-${game.gameType}`}
      onClick={() => void pickGame(game)}
    >
      {/* The name said is what the tile shows, with its action ('Jogar X'): no aria-label that would hide the RTP and volatility shown. */}
      <span className="visually-hidden">{game.stop ? t('home.soon', { game: name }) : t('home.play', { game: name })} </span>
      {provider && game.image && <img src={game.image} alt="" loading="lazy" decoding="async" width={320} height={400} />}
      {provider && (game.rtp !== undefined || game.stop === 1) && (
        // One row that wraps: on a narrow tile 'Em breve' goes under the RTP instead of over it.
        <span className="tile-top">
          {game.rtp !== undefined && <span className="tile-rtp">{t('providers.rtp', { rtp: formatDecimal(game.rtp, lang, 2) })}</span>}
          {game.stop === 1 && (
            <span className="tile-badge" aria-hidden="true">
              {t('providers.soon')}
            </span>
          )}
        </span>
      )}
      <span className="tile-name" aria-hidden="true">
        {name}
      </span>
      {provider && game.volatility !== undefined && VOLATILITY_LEVELS.has(game.volatility) && <span className="tile-vol">{t(`providers.volatility.${game.volatility}`)}</span>}
    </button>
  )
}
