import { useEffect, useState } from 'react'
import type { z } from 'zod/mini'
import { useTranslation } from 'react-i18next'
import { Link } from 'wouter'
import { useSnapshot } from 'valtio'
import * as loyalty from '../../../shared/contract/loyalty'
import { ACTIVITIES } from '../../../shared/loyalty/activities'
import { bcp47, formatMoney, mmss } from '../../format/format'
import { api, fetchUserInfo } from '../../store/actions/session'
import { openOverlay } from '../../store/actions/ui'
import { store } from '../../store/store'
import { SignInFirst } from '../pageParts'
import { useLoaded } from '../useLoaded'

type Bonus = z.output<typeof loyalty.myBonus.reply>

/** Time left to an instant as h:mm:ss (or mm:ss under an hour), ticking each second. */
function useCountdown(until: number | null): string {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (until === null) return
    const id = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(id)
  }, [until])
  const left = Math.max(0, (until ?? 0) - now)
  const h = Math.floor(left / 3_600_000)
  return h > 0 ? `${h}:${mmss(left % 3_600_000)}` : mmss(left)
}

/**
 * /bonus: the bonus balance and the wagering left on it, the deposit discount with its countdown,
 * each bonus credited with its state, the offers made, and the activities' terms.
 */
export function BonusPage() {
  const { t } = useTranslation()
  const { token, lang } = useSnapshot(store.session)
  const user = useSnapshot(store).user
  // The discount is in userInfo: read again on arrival (an offer made since login shows).
  const [bonus] = useLoaded<Bonus>(() => Promise.all([api<Bonus>(loyalty.myBonus, { loading: false }, true), fetchUserInfo()]).then(([b]) => b), [token], { enabled: Boolean(token) })
  // userInfo carries an unexpired offer only; the countdown shows 00:00 once it ran out.
  const discount = token ? (user?.payDiscount ?? null) : null
  const endsIn = useCountdown(discount?.expiredTime ?? null)
  if (!token) return <SignInFirst titleKey="pages.bonus" />
  const left = bonus ? Math.max(0, bonus.required - bonus.wagered) : 0
  const state = !bonus ? null : bonus.required > 0 && left > 0 ? 'active' : bonus.bonus > 0 ? 'free' : 'none'
  // The discount is the better open offer: the boost's package when one is open (seeded: 50 % against the compensation's 33 %).
  const boostOpen = Boolean(bonus?.offers.some((o) => o.state === 'open' && o.kind === 'boost'))
  const money = (n: number) => formatMoney(n, lang)
  const date = (ms: number) => new Intl.DateTimeFormat(bcp47(lang), { dateStyle: 'short' }).format(ms)
  return (
    <section className="page bonus-page" aria-labelledby="bonus-title">
      <h1 id="bonus-title">{t('pages.bonus')}</h1>
      {/* With the offers read: the button opens the deposit of the offer the discount is. */}
      {discount && bonus && (
        <div className="bonus-card discount" data-testid="bonus-discount">
          <p>
            <strong>{t('more.bonus.discount', { percent: new Intl.NumberFormat(bcp47(lang), { style: 'percent', maximumFractionDigits: 0 }).format(discount.discount) })}</strong>
          </p>
          <p>{t('more.bonus.endsIn', { time: endsIn })}</p>
          <button type="button" className="primary" onClick={() => openOverlay(boostOpen ? 'boostDeposit' : 'gameDeposit')}>
            {t('more.bonus.useDiscount')}
          </button>
        </div>
      )}
      {bonus && (
        <div className="bonus-card" data-testid="bonus-state" data-state={state}>
          <p>{t('more.bonus.balance', { amount: money(bonus.bonus) })}</p>
          {state === 'active' && (
            <>
              <p>{t('more.bonus.left', { amount: money(left) })}</p>
              <div className="vip-progress">
                <span>{t('more.bonus.progress')}</span>
                <div className="bar" role="progressbar" aria-label={t('more.bonus.progress')} aria-valuemin={0} aria-valuemax={bonus.required} aria-valuenow={Math.min(bonus.wagered, bonus.required)}>
                  <i style={{ width: `${Math.round((Math.min(bonus.wagered, bonus.required) / bonus.required) * 100)}%` }} />
                </div>
                <small>
                  {money(Math.min(bonus.wagered, bonus.required))} / {money(bonus.required)}
                </small>
              </div>
            </>
          )}
          {state === 'free' && <p>{t('more.bonus.done')}</p>}
          {state === 'none' && <p className="muted">{t('more.bonus.none')}</p>}
          {bonus.turnover > 0 && <p className="muted">{t('more.bonus.turnover', { amount: money(bonus.turnover) })}</p>}
        </div>
      )}
      {bonus && (
        <section aria-labelledby="grants-title">
          <h2 id="grants-title">{t('more.bonus.grants')}</h2>
          {bonus.grants.length === 0 ? (
            <p className="muted">{t('more.bonus.noGrants')}</p>
          ) : (
            <ul className="bonus-grants" data-testid="bonus-grants">
              {bonus.grants.map((g, i) => (
                <li key={i} data-state={g.state}>
                  <span>{t(`more.bonus.source.${g.source}`)}</span>
                  <strong>{money(g.amount)}</strong>
                  <small className="muted">{date(g.at)}</small>
                  <span className={`badge ${g.state}`}>{t(`more.bonus.state.${g.state}`)}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      {bonus && bonus.offers.length > 0 && (
        <section aria-labelledby="offers-title">
          <h2 id="offers-title">{t('more.bonus.offers')}</h2>
          <ul className="bonus-grants">
            {bonus.offers.map((o, i) => (
              <li key={i} data-state={o.state}>
                <span>{t(`more.bonus.offer.${o.kind}`)}</span>
                <small className="muted">{date(o.at)}</small>
                <span className={`badge ${o.state}`}>{t(`more.bonus.offerState.${o.state}`)}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      <ul className="bonus-links">
        {ACTIVITIES.map((a) => (
          <li key={a.id}>
            <Link href={`/active${a.id}`}>{t(`more.activity.${a.key}.title`)}</Link>
          </li>
        ))}
      </ul>
    </section>
  )
}
