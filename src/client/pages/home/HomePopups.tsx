/**
 * The pop-ups that show on /home only (never over a game), loaded after the page is interactive:
 * the active-award pop-up when the player reached a VIP level the VIP page has not shown yet.
 */
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { useLocation } from 'wouter'
import { formatMoney } from '../../format/format'
import { Modal } from '../../overlays/Modal'
import { fetchVip, markVipSeen, type VipInfo } from '../../store/actions/loyalty'
import { store } from '../../store/store'

export default function HomePopups() {
  const { t } = useTranslation()
  const { token, lang } = useSnapshot(store.session)
  const level = useSnapshot(store).user?.level ?? 0
  const [, navigate] = useLocation()
  const [vip, setVip] = useState<VipInfo | null>(null)
  useEffect(() => {
    if (!token || level === 0) return
    let live = true
    fetchVip()
      .then((v) => live && setVip(v))
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [token, level])
  const news = vip && token ? vip.awards.filter((a) => a.level > vip.seenLevel) : []
  if (!news.length) return null
  const close = (then?: () => void) => {
    setVip(null)
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
