import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { navigate } from 'wouter/use-browser-location'
import { PROVIDERS } from '../../shared/codes'
import { setMuted } from '../engine/audio'
import { languageOf } from '../i18n/languages'
import { openOverlay, pushToast, setSideMenu } from '../store/actions/ui'
import { logoutAndGoHome, pickGame } from '../store/shellActions'
import { store } from '../store/store'

function MenuLink(props: { to: string; label: string; go: (path: string) => void }) {
  return (
    <li>
      <a
        href={props.to}
        onClick={(e) => {
          e.preventDefault()
          props.go(props.to)
        }}
      >
        {props.label}
      </a>
    </li>
  )
}

/** The side menu, sliding in from the left: the spec's items, then every product and page by name. */
export function SideMenu() {
  const { t } = useTranslation()
  const snap = useSnapshot(store)
  const open = snap.ui.sideMenu
  const email = snap.user?.email
  const go = (path: string) => {
    setSideMenu(false)
    navigate(path)
  }
  const copy = async () => {
    if (!email) return
    await navigator.clipboard?.writeText(email).catch(() => undefined)
    pushToast(t('common.copied'))
  }
  const lang = languageOf(snap.session.lang)
  return (
    <>
      {open && <div className="scrim" onClick={() => setSideMenu(false)} />}
      <nav id="side-menu" className={`side-menu ${open ? 'open' : ''}`} aria-label={t('sideMenu.title')} aria-hidden={!open} inert={!open}>
        {snap.session.token ? (
          <>
            <button type="button" className="email" onClick={copy} aria-label={`${email ?? ''} — ${t('sideMenu.copyEmail')}`}>
              {email}
            </button>
            <button type="button" className="primary" onClick={() => openOverlay('deposit')}>
              {t('sideMenu.deposit')}
            </button>
            <button type="button" className="secondary" onClick={() => go('/registros')}>
              {t('sideMenu.records')}
            </button>
          </>
        ) : (
          <p className="guest">{t('sideMenu.guest')}</p>
        )}
        <section aria-labelledby="menu-sports-heading">
          <h3 id="menu-sports-heading">{t('sideMenu.sections.sports')}</h3>
          <ul className="menu-links">
            <MenuLink go={go} to="/sports" label={t('sideMenu.links.sports')} />
            <MenuLink go={go} to="/sportBets" label={t('sideMenu.links.myBets')} />
          </ul>
        </section>
        <h3 className="menu-casino-heading">{t('sideMenu.sections.casino')}</h3>
        <ul className="menu-links">
          <MenuLink go={go} to="/gg" label={t('sideMenu.links.allGames')} />
        </ul>
        {snap.games.self.length > 0 && (
          <section aria-labelledby="slots-heading">
            <h4 id="slots-heading">{t('sideMenu.slots')}</h4>
            <ul className="menu-games">
              {snap.games.self.map((g) => (
                <li key={g.value}>
                  <button type="button" onClick={() => void pickGame(g)}>
                    {t(`games.${g.gameType}`, { defaultValue: g.value })}
                  </button>
                </li>
              ))}
            </ul>
          </section>
        )}
        <ul className="providers">
          {PROVIDERS.map((p) => (
            <li key={p}>
              <button type="button" onClick={() => go(`/gameGroupList?productCode=${p}`)}>
                {t(`sideMenu.providers.${p}`)}
              </button>
            </li>
          ))}
        </ul>
        <section aria-labelledby="menu-more-heading">
          <h3 id="menu-more-heading">{t('sideMenu.sections.more')}</h3>
          <ul className="menu-links">
            <MenuLink go={go} to="/bonus" label={t('sideMenu.links.promotions')} />
            <MenuLink go={go} to="/vip" label={t('sideMenu.links.vip')} />
            <MenuLink go={go} to="/signInSheet" label={t('sideMenu.links.signin')} />
            <MenuLink go={go} to="/share" label={t('sideMenu.links.referral')} />
            <MenuLink go={go} to="/jogoResponsavel" label={t('sideMenu.links.responsible')} />
          </ul>
        </section>
        <button type="button" className="secondary" onClick={() => openOverlay('language')}>
          <img src={lang.image} alt="" width={24} height={16} /> {t('sideMenu.language')}: {lang.name}
        </button>
        <button type="button" className="secondary" aria-pressed={snap.ui.muted} onClick={() => setMuted(!snap.ui.muted)}>
          {snap.ui.muted ? t('audio.unmute') : t('audio.mute')}
        </button>
        {snap.session.token && (
          <button type="button" className="danger" onClick={() => void logoutAndGoHome()}>
            {t('sideMenu.logout')}
          </button>
        )}
      </nav>
    </>
  )
}
