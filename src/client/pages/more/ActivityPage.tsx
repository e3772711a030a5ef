import { useTranslation } from 'react-i18next'
import { Link, useLocation, useParams } from 'wouter'
import { ACTIVITIES, type Activity } from '../../../shared/loyalty/activities'
import { openOverlay } from '../../store/actions/ui'

/** An activity's banner, drawn here: its colours and a sign per activity. */
function Banner(props: { activity: Activity }) {
  const colours = { welcome: ['#1dd1a1', '#10ac84'], signin: ['#f2c94c', '#a87f12'], vip: ['#7aa7ff', '#2c4fa8'], referral: ['#ff8aa6', '#a8324a'] }[props.activity.key]
  const sign = { welcome: '+', signin: '7', vip: '★', referral: '3' }[props.activity.key]
  return (
    <svg className="activity-banner" viewBox="0 0 360 120" aria-hidden="true">
      <defs>
        <linearGradient id={`act-${props.activity.id}`} x1="0" x2="1">
          <stop offset="0" stopColor={colours[0]} />
          <stop offset="1" stopColor={colours[1]} />
        </linearGradient>
      </defs>
      <rect width="360" height="120" rx="14" fill={`url(#act-${props.activity.id})`} />
      <circle cx="300" cy="60" r="44" fill="#fff3" />
      <text x="300" y="78" textAnchor="middle" fontSize="52" fontWeight="800" fill="#fff" fontFamily="system-ui, sans-serif">
        {sign}
      </text>
    </svg>
  )
}

/** /active{id}: one activity, its banner, rules and call to action; an unknown id says so. */
export function ActivityPage() {
  const { t } = useTranslation()
  const { id = '' } = useParams<{ id: string }>()
  const [, navigate] = useLocation()
  const activity = ACTIVITIES.find((a) => String(a.id) === id)
  if (!activity) {
    return (
      <section className="page">
        <h1>{t('pages.active')}</h1>
        <p data-testid="activity-unknown">{t('more.activity.unknown')}</p>
        <Link href="/home">{t('more.home')}</Link>
      </section>
    )
  }
  const go = () => (activity.to === 'deposit' ? openOverlay('deposit') : navigate(activity.to))
  return (
    <section className="page activity-page" aria-labelledby="activity-title">
      <Banner activity={activity} />
      <h1 id="activity-title">{t(`more.activity.${activity.key}.title`)}</h1>
      <p>{t(`more.activity.${activity.key}.rules`)}</p>
      <p className="muted">{activity.until ? t('more.activity.between', { from: activity.from, until: activity.until }) : t('more.activity.since', { from: activity.from.split('-').reverse().join('/') })}</p>
      <button type="button" className="primary" onClick={go}>
        {t(`more.activity.${activity.key}.cta`)}
      </button>
    </section>
  )
}
