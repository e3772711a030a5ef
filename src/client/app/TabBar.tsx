import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { Link, useLocation } from 'wouter'
import { setSideMenu } from '../store/actions/ui'
import { store } from '../store/store'

/** Where each tab leads and which paths count as inside it (the active mark). */
const TABS = [
  { key: 'home', href: '/home', within: /^\/home$/ },
  { key: 'casino', href: '/gg', within: /^\/(gg|gameGroupList|dice|mines|limbo|double|rowDouble|luckyColor)$/ },
  { key: 'sports', href: '/sports', within: /^\/(sports|footballPage|sportMatch\/\d+)$/ },
  { key: 'bets', href: '/sportBets', within: /^\/sportBets$/ },
] as const

/** The tabs' pictures: 24-unit line icons, drawn here. */
const ICON_PATHS: Record<(typeof TABS)[number]['key'] | 'menu', string> = {
  home: 'M3 11 12 4l9 7M6 9.5V20h4.5v-6h3v6H18V9.5',
  casino: 'M4 4h16v16H4zM8.5 8.5h.01M15.5 8.5h.01M12 12h.01M8.5 15.5h.01M15.5 15.5h.01',
  sports: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 7l3.5 2.5-1.3 4h-4.4l-1.3-4zM12 3v4M20.5 9.5l-5 0M3.5 9.5h5M14.2 13.5 17 19M9.8 13.5 7 19',
  bets: 'M6 3h12v18l-3-2-3 2-3-2-3 2zM9 8h6M9 12h6M9 16h3',
  menu: 'M4 7h16M4 12h16M4 17h16',
}

function Icon(props: { name: keyof typeof ICON_PATHS }) {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path d={ICON_PATHS[props.name]} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  )
}

/**
 * The bottom tab bar: every product one tap away on every page but a provider game's frame.
 * Labelled icons; the tab of the page shown is marked (aria-current); the menu tab opens the side menu.
 */
export function TabBar() {
  const { t } = useTranslation()
  const [path] = useLocation()
  const { sideMenu } = useSnapshot(store.ui)
  if (path === '/play' || path.startsWith('/dev/')) return null
  return (
    <nav className="tabbar" aria-label={t('tabs.label')} data-testid="tabbar">
      {TABS.map((tab) => {
        const here = tab.within.test(path)
        return (
          <Link key={tab.key} href={tab.href} className="tab" aria-current={here ? 'page' : undefined}>
            <Icon name={tab.key} />
            <span>{t(`tabs.${tab.key}`)}</span>
          </Link>
        )
      })}
      <button type="button" className="tab" aria-expanded={sideMenu} aria-controls="side-menu" onClick={() => setSideMenu(!sideMenu)}>
        <Icon name="menu" />
        <span>{t('tabs.menu')}</span>
      </button>
    </nav>
  )
}
