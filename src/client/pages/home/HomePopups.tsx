/**
 * The pop-ups that show on /home only (never over a game), loaded after the page is interactive:
 * the active-award pop-up when the player reached a VIP level the VIP page has not shown yet, and
 * the start mask on the first open of the São Paulo day while today's sign-in reward is unclaimed
 * (tapping its image goes to signInSheet). Both are unsolicited: each is offered to actions/nudges,
 * which shows at most one a visit, at a quiet moment; leaving home withdraws them. The mask is a card
 * over the foot of the page, not a screen-wide layer: a tap meant for the page still reaches it.
 */
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { useLocation } from 'wouter'
import { formatMoney } from '../../format/format'
import { Modal } from '../../overlays/Modal'
import { fetchSignin, fetchVip, markVipSeen } from '../../store/actions/loyalty'
import { endNudge, offerNudge, withdrawNudge } from '../../store/actions/nudges'
import { load, save } from '../../store/persist'
import { store } from '../../store/store'
import { useLoaded } from '../useLoaded'

const todayInSaoPaulo = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' })

/** The start mask's picture: a calendar page with a gift, drawn here. */
function MaskArt() {
  return (
    <svg width="220" height="220" viewBox="0 0 220 220" aria-hidden="true">
      <rect x="30" y="40" width="160" height="150" rx="18" fill="#1d2a44" stroke="#f2c94c" strokeWidth="4" />
      <rect x="30" y="40" width="160" height="40" rx="18" fill="#f2c94c" />
      <rect x="60" y="26" width="12" height="30" rx="6" fill="#e6ecf2" />
      <rect x="148" y="26" width="12" height="30" rx="6" fill="#e6ecf2" />
      <rect x="78" y="104" width="64" height="52" rx="6" fill="#1dd1a1" />
      <rect x="74" y="94" width="72" height="18" rx="5" fill="#10ac84" />
      <rect x="105" y="94" width="10" height="62" fill="#f2c94c" />
      <path d="M110 94 C96 76 82 86 92 94 Z M110 94 C124 76 138 86 128 94 Z" fill="#f2c94c" />
    </svg>
  )
}

export default function HomePopups() {
  const { t } = useTranslation()
  const { token, lang } = useSnapshot(store.session)
  const level = useSnapshot(store).user?.level ?? 0
  const [, navigate] = useLocation()
  const [loadedVip] = useLoaded(fetchVip, [token, level], { enabled: Boolean(token) && level !== 0 })
  // Closed: not shown again on this page (the server marks the levels seen).
  const [closed, setClosed] = useState(false)
  const vip = closed ? null : loadedVip
  const uId = useSnapshot(store).user?.uId
  const isTest = useSnapshot(store).user?.testFlag === '1'
  const [mask, setMask] = useState(false)
  // The mask greets a player who opens the app signed in, not one who signs in meanwhile (the
  // register and deposit flows have their own pop-ups).
  const openedWith = useRef(store.session.token)
  useEffect(() => {
    if (!token || token !== openedWith.current || !uId || isTest) return
    // Shown once per São Paulo day and account on this device.
    const mark = `${uId}|${todayInSaoPaulo()}`
    if (load('signinMask') === mark) return
    let live = true
    fetchSignin()
      .then((s) => {
        if (!live || s.claimedToday) return
        // Marked as seen only when it really shows.
        offerNudge('signinMask', () => {
          save('signinMask', mark)
          setMask(true)
          store.ui.nudge = 'signinMask'
        })
      })
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [token, uId, isTest])
  const news = vip && token ? vip.awards.filter((a) => a.level > vip.seenLevel) : []
  const hasNews = news.length > 0
  const nudge = useSnapshot(store.ui).nudge
  useEffect(() => {
    if (hasNews) offerNudge('award', () => (store.ui.nudge = 'award'))
  }, [hasNews])
  // Leaving home: what waits is withdrawn, what shows closes.
  useEffect(
    () => () => {
      withdrawNudge('award')
      withdrawNudge('signinMask')
      if (store.ui.nudge === 'award' || store.ui.nudge === 'signinMask') endNudge()
    },
    [],
  )
  if (!hasNews || nudge !== 'award') {
    if (!mask || !token || nudge !== 'signinMask') return null
    const shut = () => {
      setMask(false)
      endNudge()
    }
    return (
      <div className="start-mask" role="dialog" aria-label={t('loyalty.mask.title')} data-testid="start-mask">
        <button type="button" className="mask-image" onClick={() => (shut(), navigate('/signInSheet'))} aria-label={t('loyalty.mask.open')}>
          <MaskArt />
        </button>
        <p>{t('loyalty.mask.title')}</p>
        <button type="button" className="secondary" onClick={shut}>
          {t('loyalty.mask.close')}
        </button>
      </div>
    )
  }
  const close = (then?: () => void) => {
    setClosed(true)
    endNudge()
    void markVipSeen().catch(() => undefined)
    then?.()
  }
  return (
    <Modal title={t('loyalty.award.title')} onClose={() => close()} className="award-popup">
      <div className="award-popup-body" data-testid="award-popup">
        {news.map((a) => (
          <p key={a.level}>{t('loyalty.vip.reached', { level: a.level, award: formatMoney(a.award, lang) })}</p>
        ))}
        <button type="button" className="primary" onClick={() => close(() => navigate('/vip'))}>
          {t('loyalty.award.view')}
        </button>
      </div>
    </Modal>
  )
}
