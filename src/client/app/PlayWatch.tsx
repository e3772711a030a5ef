/**
 * The reality check and the time limit's end (issue 31), over whatever page the player is on. The
 * server keeps the play session and when its next check is due (rg/status), so a reload shows a
 * check that was due rather than skipping it; this only times the next read. The status is read
 * at sign-in, when the balance moves and no session is known yet (a first stake), and when a check
 * or the time limit's end comes due (timed against the server's clock, not the device's).
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import { Trans, useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { useLocation } from 'wouter'
import { navigate } from 'wouter/use-browser-location'
import type { RgStatus } from '../../shared/contract/rg'
import { formatMoney } from '../format/format'
import { Modal } from '../overlays/Modal'
import { acceptTerms, answerRealityCheck, loadProtectionStatus } from '../store/actions/protection'
import { store } from '../store/store'

/** A status read at most this often on balance moves alone (the timers read it when something is due). */
const REREAD_MS = 60_000

type Shown = { kind: 'check'; status: RgStatus } | { kind: 'timeUp' } | { kind: 'risk'; terms: boolean } | null

export function PlayWatch() {
  const { token } = useSnapshot(store.session)
  if (!token) return null
  return <Watch key={token} />
}

function Watch() {
  const { t } = useTranslation()
  const { lang } = useSnapshot(store.session)
  const version = useSnapshot(store).user?.balanceVersion
  const [status, setStatus] = useState<RgStatus | null>(null)
  const [shown, setShown] = useState<Shown>(null)
  const readAt = useRef(0)
  const timeUpSaid = useRef(false)
  // The BR profile: the risk warning once each sign-in (or app start), with the terms to accept when they changed.
  const br = useSnapshot(store.app).jurisdiction === 'BR'
  const warned = useRef(false)
  // The terms the risk warning links to are read on /termos: the warning waits there, and comes back after.
  const [location] = useLocation()

  const apply = useCallback((s: RgStatus | null) => {
    if (!s) return
    setStatus(s)
    if (store.app.jurisdiction === 'BR' && !warned.current) {
      warned.current = true
      setShown({ kind: 'risk', terms: !s.termsAccepted })
      return
    }
    if (s.nextRealityCheckAt !== null && s.nextRealityCheckAt <= s.now) setShown((was) => (was?.kind === 'timeUp' ? was : { kind: 'check', status: s }))
    if (s.sessionStartedAt !== null && s.timeLeftMinutes === 0 && !timeUpSaid.current) {
      timeUpSaid.current = true
      setShown({ kind: 'timeUp' })
    }
  }, [])
  const read = useCallback(() => {
    readAt.current = Date.now()
    return loadProtectionStatus().then(apply, () => undefined)
  }, [apply])

  useEffect(() => {
    readAt.current = Date.now()
    void loadProtectionStatus().then(apply, () => undefined)
  }, [apply, br])
  useEffect(() => {
    // A stake moved the balance: a session may have started (or the status is old).
    if (version === undefined || readAt.current === 0) return
    if (!status?.sessionStartedAt || Date.now() - readAt.current > REREAD_MS) void read()
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on balance moves only
  }, [version])
  useEffect(() => {
    if (!status || status.sessionStartedAt === null) return
    // When the next check, or the end of today's time, comes due (on the server's clock).
    const due = [status.nextRealityCheckAt, status.timeLeftMinutes ? status.now + status.timeLeftMinutes * 60_000 : null].filter((d): d is number => d !== null && d > status.now)
    if (!due.length) return
    const timer = setTimeout(() => void read(), Math.min(...due) - status.now + 250)
    return () => clearTimeout(timer)
  }, [status, read])

  if (!shown) return null
  const close = (leave: boolean) => {
    setShown(null)
    if (shown.kind === 'check') void answerRealityCheck().then(setStatus, () => undefined)
    if (leave) navigate('/home')
  }
  if (shown.kind === 'risk') return location === '/termos' ? null : <RiskWarning terms={shown.terms} onDone={() => setShown(null)} />
  if (shown.kind === 'timeUp') {
    return (
      <Modal title={t('rg.timeUp.title')} role="alertdialog" className="rg-check">
        <p>{t('rg.timeUp.text')}</p>
        <button type="button" className="primary" onClick={() => close(true)} autoFocus data-testid="rg-time-up-ok">
          {t('rg.timeUp.ok')}
        </button>
      </Modal>
    )
  }
  const session = shown.status.session
  return (
    <Modal title={t('rg.check.title')} role="alertdialog" className="rg-check">
      <div data-testid="rg-check">
        <p>{t('rg.check.played', { minutes: session?.minutes ?? 0 })}</p>
        <p>{t('rg.check.staked', { amount: formatMoney(session?.staked ?? 0, lang) })}</p>
        <p>{t('rg.check.net', { amount: formatMoney(session?.net ?? 0, lang) })}</p>
      </div>
      <div className="rg-actions">
        <button type="button" className="primary" onClick={() => close(false)} autoFocus>
          {t('rg.check.continue')}
        </button>
        <button type="button" className="secondary" onClick={() => close(true)}>
          {t('rg.check.quit')}
        </button>
      </div>
    </Modal>
  )
}

/**
 * The BR profile's risk warning (at each sign-in): betting can lose money, the limits and the help
 * there is. When the terms and the responsible-gaming policy changed since the player last accepted
 * them (or never did), they accept the current version here; money waits for it (TERMS_NOT_ACCEPTED).
 */
function RiskWarning(props: { terms: boolean; onDone: () => void }) {
  const { t } = useTranslation()
  const { selfExclusionUrl, termsVersion } = useSnapshot(store.app)
  const [agreed, setAgreed] = useState(false)
  const done = () => {
    if (!props.terms) return props.onDone()
    void acceptTerms(termsVersion ?? '').then(props.onDone, () => undefined)
  }
  return (
    <Modal title={t('rg.risk.title')} role="alertdialog" className="rg-check">
      <div data-testid="rg-risk">
        <p>{t('rg.risk.text')}</p>
        <p>
          <a href="/jogoResponsavel" onClick={(e) => {
              e.preventDefault()
              // The terms still wait for an answer; a warning alone closes.
              if (!props.terms) props.onDone()
              navigate('/jogoResponsavel')
            }}>
            {t('rg.risk.limits')}
          </a>
          {' · '}
          <a href="tel:188">{t('rg.help.cvv')}</a>
          {selfExclusionUrl && (
            <>
              {' · '}
              <a href={selfExclusionUrl} target="_blank" rel="noopener noreferrer">
                {t('rg.gov.link')}
              </a>
            </>
          )}
        </p>
        {props.terms && (
          <label className="rg-terms">
            <input type="checkbox" checked={agreed} onChange={(e) => setAgreed(e.target.checked)} />
            <span>
              <Trans
                t={t}
                i18nKey="rg.risk.accept"
                values={{ version: termsVersion ?? '' }}
                components={{
                  terms: (
                    <a
                      href="/termos"
                      onClick={(e) => {
                        e.preventDefault()
                        navigate('/termos')
                      }}
                    />
                  ),
                }}
              />
            </span>
          </label>
        )}
      </div>
      <button type="button" className="primary" disabled={props.terms && !agreed} onClick={done} autoFocus={!props.terms}>
        {t(props.terms ? 'rg.risk.acceptButton' : 'rg.risk.ok')}
      </button>
    </Modal>
  )
}
