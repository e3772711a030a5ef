/**
 * The players with harm markers (protection/markers.ts finds them each night), strongest first:
 * what triggered them, whether a pause or exclusion stands, their limits, and the last contact.
 * A risk operator notes a contact from here; limits and pauses at a player's request are set on
 * the player's page.
 */
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'wouter'
import { CONTACT_CHANNELS, opsPlayerContact, opsRisk } from '../../shared/contract/opsConsole'
import { call } from '../api'
import { Announce, Loading, ReasonDialog, useLoad, When } from '../ui'

const WINDOWS = ['7', '30', '90'] as const

export function RiskPage() {
  const { t } = useTranslation()
  const [days, setDays] = useState<(typeof WINDOWS)[number]>('30')
  const [loaded, reload] = useLoad(opsRisk, { query: { days } })
  const [contact, setContact] = useState<{ uId: string; email: string } | null>(null)
  const [channel, setChannel] = useState<(typeof CONTACT_CHANNELS)[number]>('phone')
  const [said, setSaid] = useState('')
  return (
    <section aria-labelledby="risk-title">
      <div className="page-head">
        <h1 id="risk-title">{t('risk.title')}</h1>
        <label>
          {t('risk.window')}{' '}
          <select value={days} onChange={(e) => setDays(e.target.value as (typeof WINDOWS)[number])}>
            {WINDOWS.map((d) => (
              <option key={d} value={d}>
                {t('risk.days', { count: Number(d) })}
              </option>
            ))}
          </select>
        </label>
      </div>
      <Announce text={said} />
      <Loading loaded={loaded}>
        {(rows) =>
          rows.length === 0 ? (
            <p className="muted">{t('risk.empty')}</p>
          ) : (
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('withdrawals.player')}</th>
                  <th scope="col" className="num">{t('risk.strength')}</th>
                  <th scope="col">{t('risk.markers')}</th>
                  <th scope="col">{t('risk.protection')}</th>
                  <th scope="col">{t('risk.lastContact')}</th>
                  <th scope="col">{t('common.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.uId}>
                    <td>
                      <Link href={`/players/${r.uId}`}>{r.email}</Link>
                      <div className="muted small">{r.name}</div>
                    </td>
                    <td className="num">{r.strength}</td>
                    <td>
                      <ul className="chips">
                        {r.markers.map((m) => (
                          <li key={m.marker} title={t('risk.lastDay', { day: m.lastDay })}>
                            {t('risk.marker', { marker: t(`markers.${m.marker}`, { defaultValue: m.marker }), days: m.days, strength: m.strength })}
                          </li>
                        ))}
                      </ul>
                    </td>
                    <td>
                      {r.blocked && <span className="tag danger">{t('risk.blocked')}</span>} {t('risk.limits', { count: r.limits })}
                    </td>
                    <td>
                      {r.lastContact ? (
                        <>
                          <When at={r.lastContact.at} /> · {t(`channels.${r.lastContact.channel}`, { defaultValue: r.lastContact.channel })}
                          <div className="muted small">{r.lastContact.operator}</div>
                        </>
                      ) : (
                        <span className="muted">{t('risk.never')}</span>
                      )}
                    </td>
                    <td>
                      <button type="button" onClick={() => setContact({ uId: r.uId, email: r.email })}>
                        {t('risk.noteContact')}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )
        }
      </Loading>
      {contact && (
        <ReasonDialog
          title={t('risk.contactTitle', { email: contact.email })}
          confirm={t('risk.saveContact')}
          label={t('risk.contactText')}
          onConfirm={(text) => call(opsPlayerContact, { params: { uId: contact.uId }, body: { channel, text } })}
          onClose={(done) => {
            if (done) setSaid(t('risk.contactSaved', { email: contact.email }))
            setContact(null)
            if (done) reload()
          }}
        >
          <label htmlFor="contact-channel">{t('risk.channel')}</label>
          <select id="contact-channel" value={channel} onChange={(e) => setChannel(e.target.value as (typeof CONTACT_CHANNELS)[number])}>
            {CONTACT_CHANNELS.map((c) => (
              <option key={c} value={c}>
                {t(`channels.${c}`)}
              </option>
            ))}
          </select>
        </ReasonDialog>
      )}
    </section>
  )
}
