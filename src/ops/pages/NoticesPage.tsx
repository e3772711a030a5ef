/**
 * Notices to every player (what `npm run notice` posts): the last ones, and for an admin a new one,
 * sent on the socket to everyone online and shown as the banner for a day. A marketing notice
 * (an offer, a promotion) skips the players a pause or self-exclusion stands on.
 */
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { opsNoticePost, opsNotices, roleAllows } from '../../shared/contract/opsConsole'
import { call } from '../api'
import type { Me } from '../App'
import { Announce, Loading, ReasonDialog, useLoad, When } from '../ui'

export function NoticesPage(props: { me: Me }) {
  const { t } = useTranslation()
  const [loaded, reload] = useLoad(opsNotices, {})
  const [text, setText] = useState('')
  const [marketing, setMarketing] = useState(false)
  const [posting, setPosting] = useState(false)
  const [said, setSaid] = useState('')
  return (
    <section aria-labelledby="notices-title">
      <h1 id="notices-title">{t('notices.title')}</h1>
      <Announce text={said} />
      {roleAllows(props.me.role, 'admin') && (
        <form
          onSubmit={(e) => {
            e.preventDefault()
            setPosting(true)
          }}
        >
          <label htmlFor="notice-text">{t('notices.text')}</label>
          <textarea id="notice-text" value={text} onChange={(e) => setText(e.target.value)} rows={3} maxLength={500} required />
          <label className="check">
            <input type="checkbox" checked={marketing} onChange={(e) => setMarketing(e.target.checked)} /> {t('notices.marketing')}
          </label>
          <button type="submit" className="primary" disabled={text.trim().length === 0}>
            {t('notices.post')}
          </button>
        </form>
      )}
      <h2>{t('notices.recent')}</h2>
      <Loading loaded={loaded}>
        {(rows) =>
          rows.length === 0 ? (
            <p className="muted">{t('notices.empty')}</p>
          ) : (
            <ul className="plain">
              {rows.map((n) => (
                <li key={n.id}>
                  <When at={n.at} /> · {n.text} {n.marketing && <span className="tag">{t('notices.marketingTag')}</span>}
                </li>
              ))}
            </ul>
          )
        }
      </Loading>
      {posting && (
        <ReasonDialog
          title={t('notices.postTitle')}
          confirm={t('notices.post')}
          onConfirm={(reason) => call(opsNoticePost, { body: { text: text.trim(), marketing, reason } })}
          onClose={(done) => {
            setPosting(false)
            if (done) {
              setSaid(t('notices.posted'))
              setText('')
              setMarketing(false)
              reload()
            }
          }}
        >
          <blockquote>{text.trim()}</blockquote>
        </ReasonDialog>
      )}
    </section>
  )
}
