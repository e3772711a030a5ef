/** /sportBets: this player's bets, open and settled: each with its id, date, status and cash result; each leg with its match, market, selection, the odds recorded and its result. */
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { Link } from 'wouter'
import { centavosToReais, wireToCentavos } from '../../../shared/money'
import { winningReturn } from '../../../shared/sport/settle'
import { formatOdds } from '../../format/decimal'
import { bcp47, formatMoney } from '../../format/format'
import { fetchMyBets, type SportBetView } from '../../store/actions/sportSlip'
import { store } from '../../store/store'
import { useLoaded } from '../useLoaded'
import { isRace, marketName, matchTitle, selectionName } from './names'
import { Crest, SportIcon } from './SportArt'
import { SportShell } from './SportShell'

/** A bet's state as a player reads it: open, or settled as won (more back than staked), returned (the stake back) or lost. */
function outcomeOf(bet: SportBetView): 'open' | 'won' | 'refunded' | 'lost' {
  if (bet.status !== 9999) return 'open'
  return bet.payout > bet.amount ? 'won' : bet.payout === bet.amount ? 'refunded' : 'lost'
}

function BetCard(props: { bet: SportBetView }) {
  const { t } = useTranslation()
  const lang = useSnapshot(store.session).lang
  const { bet } = props
  const outcome = outcomeOf(bet)
  const potential = centavosToReais(winningReturn(wireToCentavos(bet.amount), bet.legs.map((l) => l.odds)))
  const net = centavosToReais(wireToCentavos(bet.payout) - wireToCentavos(bet.amount))
  const placedAt = new Date(bet.createdAt).toLocaleString(bcp47(lang), { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' })
  return (
    <li className={`sport-bet ${outcome}`} data-testid="sport-bet">
      <header className="bet-head">
        <strong>{bet.type === 'parlay' ? t('sport.myBets.parlayOf', { n: bet.legs.length }) : t('sport.myBets.single')}</strong>
        <span className={`bet-status ${outcome}`} data-testid="bet-status">
          {t(`sport.myBets.outcome.${outcome}`)}
        </span>
      </header>
      <p className="bet-meta">
        <span data-testid="bet-id">{t('sport.myBets.id', { id: bet.betId })}</span> · <time dateTime={new Date(bet.createdAt).toISOString()} data-testid="bet-date">{placedAt}</time>
      </p>
      <ul className="bet-legs">
        {bet.legs.map((l) => (
          <li key={l.selectionId} data-testid="bet-leg">
            <span className="leg-match">
              {l.sport && <SportIcon sport={l.sport} />}
              {l.home && l.away && isRace(l) ? (
                <Link href={`/sportMatch/${l.matchId}`}>{matchTitle(t, { home: l.home, away: l.away, runners: l.runners })}</Link>
              ) : l.home && l.away ? (
                <Link href={`/sportMatch/${l.matchId}`}>
                  <Crest name={l.home} size={14} /> {t('sport.matchOf', { home: l.home, away: l.away })} <Crest name={l.away} size={14} />
                </Link>
              ) : (
                <Link href={`/sportMatch/${l.matchId}`}>{t('sport.myBets.matchId', { id: l.matchId })}</Link>
              )}
            </span>
            <span className="leg-pick">
              <span data-testid="leg-market">{marketName(t, l, lang)}</span>: <strong data-testid="leg-selection">{selectionName(t, l.selection, l)}</strong>
            </span>
            <span className="leg-odds" data-testid="leg-odds">
              {formatOdds(l.odds, lang)}
            </span>
            <span className={`leg-result r${l.result ?? 'open'}`} data-testid="leg-result">
              {l.result === null ? t('sport.myBets.pending') : t(`records.betResults.${l.result}`)}
            </span>
          </li>
        ))}
      </ul>
      <dl className="bet-sums">
        <div>
          <dt>{t('sport.myBets.stakeLabel')}</dt>
          <dd data-testid="bet-stake">{formatMoney(bet.amount, lang)}</dd>
        </div>
        <div>
          <dt>{t('sport.myBets.oddsLabel')}</dt>
          <dd data-testid="bet-odds">{formatOdds(bet.odds, lang)}</dd>
        </div>
        {outcome === 'open' ? (
          <div>
            <dt>{t('sport.myBets.potentialLabel')}</dt>
            <dd data-testid="bet-potential">{formatMoney(potential, lang)}</dd>
          </div>
        ) : (
          <div>
            <dt>{t('sport.myBets.payoutLabel')}</dt>
            <dd data-testid="bet-payout">
              {formatMoney(bet.payout, lang)} <small className={net >= 0 ? 'gain' : 'loss'}>({net >= 0 ? '+' : '-'}{formatMoney(Math.abs(net), lang)})</small>
            </dd>
          </div>
        )}
      </dl>
    </li>
  )
}

export function MyBetsPage() {
  const { t } = useTranslation()
  const [state, setState] = useState<'open' | 'settled'>('open')
  const token = useSnapshot(store.session).token
  const [bets] = useLoaded(() => fetchMyBets(state), [state, token], { enabled: !!token, pollMs: 5_000 })
  return (
    <SportShell titleId="mybets-title" title={t('sport.myBets.title')}>
      <div role="tablist" className="segmented" aria-label={t('sport.myBets.title')}>
        {(['open', 'settled'] as const).map((s) => (
          <button key={s} type="button" role="tab" aria-selected={state === s} onClick={() => setState(s)}>
            {t(`sport.myBets.${s}`)}
          </button>
        ))}
      </div>
      {!token && <p className="muted">{t('sport.myBets.signIn')}</p>}
      {bets && bets.length === 0 && <p className="muted">{t('sport.myBets.none')}</p>}
      <ul className="sport-bets">
        {(bets ?? []).map((b) => (
          <BetCard key={b.betId} bet={b} />
        ))}
      </ul>
    </SportShell>
  )
}
