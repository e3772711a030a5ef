import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import type { BonusTerms as Terms, PricePackage } from '../../../shared/contract'
import { formatMoney } from '../../format/format'
import { loadBonusTerms } from '../../store/actions/cashier'
import { store } from '../../store/store'

/**
 * The rules a deposit's gift is wagered under, from the server's own settings: what the player
 * agrees to when they take the gift. Collapsed by default; a native <details> is keyboard and
 * screen-reader usable as it is.
 */
export function BonusTerms(props: { pkg: PricePackage | null; promotional: boolean }) {
  const { t } = useTranslation()
  const { lang } = useSnapshot(store.session)
  const [terms, setTerms] = useState<Terms | null>(null)
  useEffect(() => {
    let live = true
    loadBonusTerms()
      .then((v) => live && setTerms(v))
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [])
  if (!terms) return null
  const games = Object.entries(terms.contribution)
    .map(([game, pct]) => t('cashier.terms.gameShare', { game: t(`games.${game}`, { defaultValue: game }), pct }))
    .join(', ')
  const wagerX = props.pkg?.wagerX
  const turnoverX = props.pkg?.turnoverX ?? terms.depositTurnover
  return (
    <details className="cashier-terms">
      <summary>{t('cashier.terms.title')}</summary>
      <ul>
        {wagerX !== undefined && (props.pkg?.gift ?? 0) > 0 && <li>{t('cashier.terms.wager', { times: wagerX })}</li>}
        <li>{t('cashier.terms.minOdds', { min: terms.minMultiplier.toLocaleString(lang.replace('_', '-')) })}</li>
        <li>{t('cashier.terms.contribution', { games, other: terms.otherGames })}</li>
        <li>{t('cashier.terms.maxStake', { max: formatMoney(terms.maxStake, lang) })}</li>
        <li>{t('cashier.terms.afterGrant')}</li>
        {turnoverX > 0 && <li>{t('cashier.terms.turnover', { times: turnoverX })}</li>}
        <li>{t('cashier.terms.cap', { cap: formatMoney(terms.giftCap, lang) })}</li>
        {props.promotional && <li>{t('cashier.terms.offer')}</li>}
      </ul>
    </details>
  )
}
