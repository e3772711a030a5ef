import { useTranslation } from 'react-i18next'
import { ACTIVITIES } from '../../../shared/loyalty/activities'
import tuning from '../../scenes/lobby/lobby.tuning.json'

/**
 * The carousel's first slide as the page paints it, before the lobby scene (and Pixi) arrive after
 * the load event: the same colour, shapes and title at the same place, so the banner is never an
 * empty box; the scene's canvas then covers it. Decorative: the slides' links are the scene's twins.
 */
export function LobbyPoster() {
  const { t } = useTranslation()
  const first = ACTIVITIES[0]
  return (
    <div className="lobby-stage lobby-poster" aria-hidden="true" style={{ backgroundColor: tuning.slideA }}>
      {first && <p className="lobby-poster-title">{t(`lobby.bannerSlides.${first.key}`)}</p>}
    </div>
  )
}
