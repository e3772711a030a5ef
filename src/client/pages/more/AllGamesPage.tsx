import { useTranslation } from 'react-i18next'
import { Link } from 'wouter'
import { GameTile } from '../games/GameTile'
import { useGames, useProviderGames } from '../games/gameLists'

/** /gg: every game in one grid, by category. */
const ROUND_GAMES = new Set(['double', 'rowDouble', 'luckyColor'])

export function AllGamesPage() {
  const { t } = useTranslation()
  const games = useGames()
  const providers = useProviderGames()
  const groups = [
    { key: 'originals', title: t('more.gg.originals'), games: games.filter((g) => !ROUND_GAMES.has(g.gameType)) },
    { key: 'rounds', title: t('more.gg.rounds'), games: games.filter((g) => ROUND_GAMES.has(g.gameType)) },
    ...providers.filter((p) => p.games.length > 0).map((p) => ({ key: p.code, title: t(`sideMenu.providers.${p.code}`, { defaultValue: p.code }), games: p.games })),
  ]
  return (
    <section className="page" aria-labelledby="gg-title">
      <h1 id="gg-title">{t('more.gg.title')}</h1>
      {groups.map((g) => (
        <section key={g.key} aria-label={g.title}>
          <h2>{g.title}</h2>
          <ul className="tiles">
            {g.games.map((game) => (
              <li key={`${game.productCode}:${game.gameType}`}>
                <GameTile game={game} />
              </li>
            ))}
          </ul>
        </section>
      ))}
      <h2>{t('more.gg.sports')}</h2>
      <p>
        <Link href="/sports" className="sports-entry">
          {t('home.sports')}
        </Link>
      </p>
    </section>
  )
}
