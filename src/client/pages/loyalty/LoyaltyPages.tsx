/**
 * The loyalty pages (one lazy chunk): /vip, /share, /friends and /my (one page), /agentJl2. Each
 * renders at its own address, also for a new player; a guest is asked to sign in.
 */
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { formatCounter, formatMoney } from '../../format/format'
import { claimSignin, fetchSignin, fetchTeam, fetchVip, markVipSeen, type ReferralTeam, type SigninStatus, type VipInfo } from '../../store/actions/loyalty'
import { pushAlert, pushToast } from '../../store/actions/ui'
import { Counter, SignInFirst } from '../pageParts'
import { useLoaded } from '../useLoaded'
import { store } from '../../store/store'
import { QrCode } from './QrCode'
import { VipBadge } from './VipBadge'

function Progress(props: { label: string; value: number; goal: number; lang: string }) {
  // The spec: progress is capped at the next thresholds.
  const shown = Math.min(props.value, props.goal)
  const pct = props.goal > 0 ? Math.round((shown / props.goal) * 100) : 100
  return (
    <div className="vip-progress">
      <span>{props.label}</span>
      <div className="bar" role="progressbar" aria-label={props.label} aria-valuemin={0} aria-valuemax={props.goal} aria-valuenow={shown} aria-valuetext={`${formatMoney(shown, props.lang as never)} / ${formatMoney(props.goal, props.lang as never)}`}>
        <i style={{ width: `${pct}%` }} />
      </div>
      <small>
        <Counter value={shown} format={(n) => formatMoney(Math.floor(n * 100) / 100, props.lang as never)} /> / {formatMoney(props.goal, props.lang as never)}
      </small>
    </div>
  )
}

/** /vip: the level with its badge, both progress bars, what changed since the last visit, the whole table. */
function VipPage() {
  const { t } = useTranslation()
  const { token, lang } = useSnapshot(store.session)
  const level = useSnapshot(store).user?.level
  const [vip, setVip] = useState<VipInfo | null>(null)
  useEffect(() => {
    if (!token) return
    let live = true
    fetchVip()
      .then((v) => {
        if (!live) return
        setVip(v)
        if (v.seenLevel !== v.level) void markVipSeen().catch(() => undefined)
      })
      .catch(() => undefined)
    return () => {
      live = false
    }
    // A level reached while the page is open (updateUserInfo) reads the state again.
  }, [token, level])
  if (!token) return <SignInFirst titleKey="pages.vip" />
  const changed = vip ? vip.awards.filter((a) => a.level > vip.seenLevel) : []
  return (
    <section className="page vip-page" aria-labelledby="vip-title">
      <h1 id="vip-title">{t('pages.vip')}</h1>
      {vip && (
        <>
          <div className="vip-head">
            <VipBadge level={vip.level} size={88} label={t('loyalty.vip.level', { level: vip.level })} />
            <div>
              <strong className="vip-level">{t('loyalty.vip.level', { level: vip.level })}</strong>
              {vip.next ? <p className="muted">{t('loyalty.vip.toNext', { level: vip.next.level, award: formatMoney(vip.next.award, lang) })}</p> : <p className="muted">{t('loyalty.vip.top')}</p>}
            </div>
          </div>
          {changed.length > 0 && (
            <div className="vip-news" role="status" data-testid="vip-news">
              {changed.map((a) => (
                <p key={a.level}>{t('loyalty.vip.reached', { level: a.level, award: formatMoney(a.award, lang) })}</p>
              ))}
            </div>
          )}
          {vip.next && (
            <>
              <Progress label={t('loyalty.vip.deposited')} value={vip.paySum} goal={vip.next.payMin} lang={lang} />
              <Progress label={t('loyalty.vip.wagered')} value={vip.gameSum} goal={vip.next.gameMin} lang={lang} />
            </>
          )}
          <p className="muted">{t('loyalty.vip.how')}</p>
          <table className="vip-table">
            <caption>{t('loyalty.vip.table')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('loyalty.vip.colLevel')}</th>
                <th scope="col">{t('loyalty.vip.colAward')}</th>
                <th scope="col">{t('loyalty.vip.colDeposit')}</th>
                <th scope="col">{t('loyalty.vip.colWager')}</th>
              </tr>
            </thead>
            <tbody>
              {vip.levels.map((l) => (
                <tr key={l.level} aria-current={l.level === vip.level ? 'true' : undefined}>
                  <th scope="row">
                    <VipBadge level={l.level} size={28} /> {l.level}
                  </th>
                  <td>{formatMoney(l.award, lang)}</td>
                  <td>{formatMoney(l.payMin, lang)}</td>
                  <td>{formatMoney(l.gameMin, lang)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  )
}

/** The referral team, read once per page and session. */
function useTeam(): ReferralTeam | null {
  const { token } = useSnapshot(store.session)
  return useLoaded(fetchTeam, [token], { enabled: Boolean(token) })[0]
}

/** /share: the invitation code and link, its QR code, copy and the phone's own share sheet. */
function SharePage() {
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

/** /friends and /my: the referees per level, masked, with when they joined and what each brought. */
function FriendsPage() {
  const { t } = useTranslation()
  const { token, lang } = useSnapshot(store.session)
  const team = useTeam()
  if (!token) return <SignInFirst titleKey="pages.friends" />
  return (
    <section className="page friends-page" aria-labelledby="friends-title">
      <h1 id="friends-title">{t('pages.friends')}</h1>
      {team && (
        <>
          <ul className="team-levels">
            {team.levels.map((l) => (
              <li key={l.level}>
                <strong>{t('loyalty.team.level', { level: l.level })}</strong>
                <span>{t('loyalty.team.people', { n: l.people })}</span>
                <span>{formatMoney(l.amount, lang)}</span>
              </li>
            ))}
          </ul>
          {team.referees.length === 0 ? (
            <p className="muted" data-testid="friends-empty">
              {t('loyalty.team.empty')}
            </p>
          ) : (
            <table className="team-table">
              <caption>{t('loyalty.team.referees')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('loyalty.team.colName')}</th>
                  <th scope="col">{t('loyalty.team.colLevel')}</th>
                  <th scope="col">{t('loyalty.team.colJoined')}</th>
                  <th scope="col">{t('loyalty.team.colBrought')}</th>
                </tr>
              </thead>
              <tbody>
                {team.referees.map((r, i) => (
                  <tr key={i}>
                    <td>{r.name}</td>
                    <td>{r.level}</td>
                    <td>{new Date(r.joinedAt).toLocaleDateString(lang.replace('_', '-'), { timeZone: 'America/Sao_Paulo' })}</td>
                    <td>{formatMoney(r.brought, lang)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </section>
  )
}

/** /agentJl2: the agent's view: totals per level and per day, the rates, yesterday's commission. */
function AgentPage() {
  const { t } = useTranslation()
  const { token, lang } = useSnapshot(store.session)
  const team = useTeam()
  if (!token) return <SignInFirst titleKey="pages.agent" />
  const money = (n: number) => formatMoney(Math.floor(n * 100) / 100, lang)
  return (
    <section className="page agent-page" aria-labelledby="agent-title">
      <h1 id="agent-title">{t('pages.agent')}</h1>
      {team && (
        <>
          <p className="agent-yesterday">
            {t('loyalty.agent.yesterday')}{' '}
            <strong>
              <Counter value={team.yesterday} format={money} testId="agent-yesterday" />
            </strong>
          </p>
          <table className="team-table">
            <caption>{t('loyalty.agent.rates')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('loyalty.team.colLevel')}</th>
                <th scope="col">{t('loyalty.agent.rate')}</th>
                <th scope="col">{t('loyalty.agent.people')}</th>
                <th scope="col">{t('loyalty.agent.total')}</th>
              </tr>
            </thead>
            <tbody>
              {team.levels.map((l) => (
                <tr key={l.level}>
                  <td>{l.level}</td>
                  <td>{String(team.rates[l.level - 1] ?? 0).replace('.', ',')}%</td>
                  <td>
                    <Counter value={l.people} format={(n) => formatCounter(n, true, lang)} />
                  </td>
                  <td>
                    <Counter value={l.amount} format={money} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {team.days.length === 0 ? (
            <p className="muted" data-testid="agent-empty">
              {t('loyalty.agent.empty')}
            </p>
          ) : (
            <table className="team-table">
              <caption>{t('loyalty.agent.byDay')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('loyalty.agent.day')}</th>
                  {[1, 2, 3].map((l) => (
                    <th key={l} scope="col">
                      {t('loyalty.team.level', { level: l })}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {team.days.map((d) => (
                  <tr key={d.day}>
                    <td>{d.day.split('-').reverse().join('/')}</td>
                    {d.amounts.map((a, i) => (
                      <td key={i}>{formatMoney(a, lang)}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </section>
  )
}

/** /signInSheet: the 7-day cycle, what is claimed, today's reward to claim. */
function SignInSheet() {
  const { t } = useTranslation()
  const { token, lang } = useSnapshot(store.session)
  const [status, setStatus] = useLoaded<SigninStatus>(fetchSignin, [token], { enabled: Boolean(token) })
  const [busy, setBusy] = useState(false)
  const [said, setSaid] = useState('')
  if (!token) return <SignInFirst titleKey="pages.signInSheet" />
  const claim = async () => {
    setBusy(true)
    try {
      const done = await claimSignin()
      if (done) setSaid(t('loyalty.signin.claimed', { day: done.day, reward: formatMoney(done.reward, lang) }))
      setStatus(await fetchSignin())
    } finally {
      setBusy(false)
    }
  }
  return (
    <section className="page signin-page" aria-labelledby="signin-title">
      <h1 id="signin-title">{t('pages.signInSheet')}</h1>
      <p>{t('loyalty.signin.intro')}</p>
      {status && (
        <>
          <ol className="signin-days">
            {status.rewards.map((r, i) => {
              const today = i + 1 === status.day
              return (
                <li key={i} className={`${status.claimed[i] ? 'claimed' : ''}${today ? ' today' : ''}`} aria-current={today ? 'date' : undefined}>
                  <span>{t('loyalty.signin.day', { n: i + 1 })}</span>
                  <strong>{formatMoney(r, lang)}</strong>
                  <small>{status.claimed[i] ? t('loyalty.signin.done') : today ? t('loyalty.signin.today') : ''}</small>
                </li>
              )
            })}
          </ol>
          <button type="button" className="primary" disabled={status.claimedToday || busy} aria-busy={busy} onClick={() => void claim()} data-testid="signin-claim">
            {status.claimedToday ? t('loyalty.signin.comeBack') : t('loyalty.signin.claim', { reward: formatMoney(status.rewards[status.day - 1] ?? 0, lang) })}
          </button>
          <p role="status" className="signin-said">
            {said}
          </p>
          <p className="muted">{t('loyalty.signin.rules')}</p>
        </>
      )}
    </section>
  )
}

export type LoyaltyPage = 'vip' | 'share' | 'friends' | 'agent' | 'signin'

export default function LoyaltyPages(props: { page: LoyaltyPage }) {
  switch (props.page) {
    case 'vip':
      return <VipPage />
    case 'share':
      return <SharePage />
    case 'friends':
      return <FriendsPage />
    case 'agent':
      return <AgentPage />
    case 'signin':
      return <SignInSheet />
  }
}
