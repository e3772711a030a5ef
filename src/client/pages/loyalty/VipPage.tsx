import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { formatMoney } from '../../format/format'
import { fetchVip, markVipSeen } from '../../store/actions/loyalty'
import { useLoaded } from '../useLoaded'
import { Counter, SignInFirst } from '../pageParts'
import { store } from '../../store/store'
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
export function VipPage() {
  const { t } = useTranslation()
  const { token, lang } = useSnapshot(store.session)
  const level = useSnapshot(store).user?.level
  // A level reached while the page is open (updateUserInfo) reads the state again; what it shows as new is then marked seen.
  const [vip] = useLoaded(
    () =>
      fetchVip().then((v) => {
        if (v.seenLevel !== v.level) void markVipSeen().catch(() => undefined)
        return v
      }),
    [token, level],
    { enabled: Boolean(token) },
  )
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
