import { useTranslation } from 'react-i18next'
import { Link } from 'wouter'
import { GameTile } from '../games/GameTile'
import { useProviderGames } from '../games/gameLists'

/** Home's provider games: a row per provider that lists games, each with the way to its full list. */
export default function ProviderStrip() {
  const { t } = useTranslation()
  const providers = useProviderGames().filter((p) => p.games.length > 0)
  if (!providers.length) return null
  return (
    <section className="provider-strip" aria-labelledby="home-providers">
      <h2 id="home-providers">{t('home.providerGames')}</h2>
      {providers.map((p) => {
        const name = t(`sideMenu.providers.${p.code}`, { defaultValue: p.code })
        return (
          <section key={p.code} aria-label={name}>
            <div className="section-head">
              <h3>{name}</h3>
              <Link href={`/gameGroupList?productCode=${p.code}`} className="see-all">
                {t('home.allGames')}
              </Link>
            </div>
            <ul className="tiles tile-row">
              {p.games.slice(0, 8).map((game) => (
                <li key={game.gameType}>
                  <GameTile game={game} />
                </li>
              ))}
            </ul>
          </section>
        )
      })}
    </section>
  )
}
