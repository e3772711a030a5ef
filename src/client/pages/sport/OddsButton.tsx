/** One selection's price as a button: in the slip or not (aria-pressed), disabled unless its market is open, flashing when its odds move. */
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { formatOdds } from '../../format/decimal'
import { toggleSelection, type Market, type SportMatch } from '../../store/actions/sportSlip'
import { store } from '../../store/store'
import { marketName, matchTitle, priceMark, selectionName } from './names'
import './odds.css'

type PriceMatch = Pick<SportMatch, 'matchId' | 'home' | 'away' | 'matchTime' | 'runners'>

export function OddsButton(props: { match: PriceMatch; market: Market; sel: Market['selections'][number]; compact?: boolean }) {
  const { t } = useTranslation()
  const lang = useSnapshot(store.session).lang
  const inSlip = useSnapshot(store.sport).slip.some((x) => x.selectionId === props.sel.selectionId)
  const { match, market, sel } = props
  const previous = useRef(sel.odds)
  const [move, setMove] = useState<'up' | 'down' | null>(null)
  useEffect(() => {
    if (sel.odds === previous.current) return
    setMove(sel.odds > previous.current ? 'up' : 'down')
    previous.current = sel.odds
    const id = setTimeout(() => setMove(null), 1500)
    return () => clearTimeout(id)
  }, [sel.odds])
  const mName = marketName(t, market, lang)
  const sName = selectionName(t, sel.name, match)
  const open = market.status === 'open'
  const price = formatOdds(sel.odds, lang)
  // The name is the whole pick, read from hidden text (no aria-label: what shows, the mark or side and the price, is all in it).
  const name = t('sport.pick', { market: mName, selection: sName, odds: price }) + (open ? '' : ` (${t(`sport.status.${market.status}`)})`) + (move ? ` (${t(move === 'up' ? 'sport.oddsUp' : 'sport.oddsDown')})` : '')
  return (
    <button
      type="button"
      className={`odds${move ? ` ${move}` : ''}${props.compact ? ' compact' : ''}${market.status === 'suspended' ? ' suspended' : ''}`}
      aria-pressed={inSlip}
      disabled={!open}
      onClick={() => toggleSelection({ selectionId: sel.selectionId, matchId: match.matchId, match: matchTitle(t, match), label: `${mName}: ${sName}`, odds: sel.odds, live: match.matchTime > 0 })}
    >
      <span className="visually-hidden">{name}</span>
      <span className="sel" aria-hidden="true">
        {props.compact ? priceMark(t, sel.name) : sName}
      </span>
      <span className="price" aria-hidden="true">
        {open || market.status === 'suspended' ? price : '-'}
      </span>
    </button>
  )
}

/** A match's main market as a row of compact price buttons (the list's rows and home's strip). */
export function RowPrices(props: { match: PriceMatch; market: Market }) {
  const { t } = useTranslation()
  const { match, market } = props
  return (
    <div className="row-prices" role="group" aria-label={matchTitle(t, match)}>
      {market.selections.map((sel) => (
        <OddsButton key={sel.selectionId} match={match} market={market} sel={sel} compact />
      ))}
    </div>
  )
}

/** A race's winner market: one button per runner (the horse's name over its price), two a row (the list's rows and the match page). */
export function RunnerPrices(props: { match: PriceMatch; market: Market }) {
  const { t } = useTranslation()
  const { match, market } = props
  return (
    <div className="runner-prices" role="group" aria-label={matchTitle(t, match)}>
      {market.selections.map((sel) => (
        <OddsButton key={sel.selectionId} match={match} market={market} sel={sel} />
      ))}
    </div>
  )
}
