import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { pushAlert, pushToast } from '../../store/actions/ui'
import { SignInFirst } from '../pageParts'
import { store } from '../../store/store'
import { QrCode } from './QrCode'
import { useTeam } from './useTeam'

/** /share: the invitation code and link, its QR code, copy and the phone's own share sheet. */
export function SharePage() {
  const { t } = useTranslation()
  const { token } = useSnapshot(store.session)
  const team = useTeam()
  if (!token) return <SignInFirst titleKey="pages.share" />
  const link = team ? `${location.origin}/y${team.yqm}` : ''
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text)
      pushToast(t('common.copied'))
    } catch {
      pushAlert({ text: text })
    }
  }
  const canShare = typeof navigator.share === 'function'
  return (
    <section className="page share-page" aria-labelledby="share-title">
      <h1 id="share-title">{t('pages.share')}</h1>
      <p>{t('loyalty.share.intro', { rates: team ? team.rates.map((r) => `${String(r).replace('.', ',')}%`).join(' / ') : '' })}</p>
      {team && (
        <>
          <div className="share-code">
            <span>{t('loyalty.share.code')}</span>
            <strong data-testid="invite-code">{team.yqm}</strong>
            <button type="button" className="secondary" onClick={() => void copy(team.yqm)}>
              {t('loyalty.share.copyCode')}
            </button>
          </div>
          <div className="share-link">
            <span>{t('loyalty.share.link')}</span>
            <code data-testid="invite-link">{link}</code>
            <button type="button" className="secondary" onClick={() => void copy(link)}>
              {t('loyalty.share.copyLink')}
            </button>
          </div>
          <QrCode text={link} label={t('loyalty.share.qr')} />
          {canShare && (
            <button type="button" className="primary" onClick={() => void navigator.share({ title: t('app.name'), text: t('loyalty.share.message'), url: link }).catch(() => undefined)}>
              {t('loyalty.share.native')}
            </button>
          )}
          <p className="muted">{t('loyalty.share.people', { n: team.levels.reduce((s, l) => s + l.people, 0) })}</p>
        </>
      )}
    </section>
  )
}
