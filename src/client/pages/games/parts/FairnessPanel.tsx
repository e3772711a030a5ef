import { memo, useEffect, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import type { Bet } from '../../../../shared/contract'
import { CLIENT_SEED_PATTERN } from '../../../../shared/games/fair'
import { verifyBet, type Verdict } from '../../../../shared/games/verify'
import { formatDecimal } from '../../../format/decimal'
import { loadSeed, lookupBet, rotateSeed, type GameName } from '../../../store/actions/casino'
import { store } from '../../../store/store'

function Outcome(props: { bet: Bet; verdict: Verdict }) {
  const { t } = useTranslation()
  const lang = useSnapshot(store.session).lang
  const { bet, verdict } = props
  const e = verdict.expected
  const ok = verdict.hashOk && verdict.mismatches.length === 0
  const outcome =
    e.roll !== undefined
      ? t('casino.fair.outRoll', { value: formatDecimal(e.roll, lang, 2) })
      : e.result !== undefined
        ? t('casino.fair.outResult', { value: formatDecimal(e.result, lang, 2) })
        : t('casino.fair.outMines', { tiles: (e.minePositions ?? []).join(', ') })
  return (
    <div className={`verify-result ${ok ? 'ok' : 'bad'}`} role="status" data-testid="verify-result">
      <p>
        <strong>{ok ? t('casino.fair.verified') : t('casino.fair.notVerified')}</strong>
      </p>
      <p>{outcome}</p>
      <p>{t('casino.fair.outMultiplier', { value: formatDecimal(e.multiplier, lang, 4), nonce: bet.nonce })}</p>
      {!verdict.hashOk && <p>{t('casino.fair.hashMismatch')}</p>}
      {verdict.mismatches.length > 0 && <p>{t('casino.fair.mismatch', { fields: verdict.mismatches.join(', ') })}</p>}
    </div>
  )
}

/**
 * The fairness panel: the hash of the hidden server seed, the editable client seed, the nonce;
 * rotation reveals the old server seed; any bet can be looked up and recomputed here with the
 * same code the server runs.
 */
export const FairnessPanel = memo(function FairnessPanel(props: { game: GameName }) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  useEffect(() => {
    void loadSeed()
  }, [])
  // The body (seed pair, verifier, the last bets) is built only while open: a bet moves the nonce
  // and the list, and a closed panel should cost the game page nothing.
  return (
    <details className="game-panel fairness" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>{t('casino.fair.title')}</summary>
      {open && <FairnessBody game={props.game} />}
    </details>
  )
})

function FairnessBody(props: { game: GameName }) {
  const { t } = useTranslation()
  const snap = useSnapshot(store.casino)
  const fair = snap.fair
  const [clientSeed, setClientSeed] = useState('')
  const [betId, setBetId] = useState('')
  const [checked, setChecked] = useState<{ bet: Bet; verdict: Verdict | null } | null>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')
  const minesOpen = snap.mines.game?.state === 'active'
  // The field starts from the active client seed, and again after each rotation; clearing it to
  // type a new one does not refill it.
  const activeSeed = fair.current?.clientSeed
  const [seenSeed, setSeenSeed] = useState<string | undefined>(undefined)
  if (activeSeed !== seenSeed) {
    setSeenSeed(activeSeed)
    if (activeSeed !== undefined) setClientSeed(activeSeed)
  }

  const seedValid = CLIENT_SEED_PATTERN.test(clientSeed)
  const rotate = async (e: FormEvent) => {
    e.preventDefault()
    if (!seedValid || busy) return
    setBusy(true)
    await rotateSeed(clientSeed)
    setBusy(false)
  }
  const verify = async (id: string) => {
    setError('')
    setChecked(null)
    if (!/^\d{1,19}$/.test(id)) return setError(t('casino.fair.badBetId'))
    try {
      const bet = await lookupBet(id)
      setChecked({ bet, verdict: bet.serverSeed && bet.state !== 'active' ? verifyBet(bet, bet.serverSeed) : null })
    } catch {
      setChecked(null)
    }
  }
  const recent = snap[props.game].history.slice(0, 5)

  return (
    <>
      <p className="muted">{t('casino.fair.intro')}</p>
      <dl className="seed-list">
        <dt>{t('casino.fair.serverSeedHash')}</dt>
        <dd className="mono" data-testid="server-seed-hash">{fair.current?.serverSeedHash ?? '…'}</dd>
        <dt>{t('casino.fair.nonce')}</dt>
        <dd data-testid="seed-nonce">{fair.current?.nonce ?? '…'}</dd>
      </dl>
      <form className="form" onSubmit={rotate}>
        <div className="field">
          <label htmlFor={`${props.game}-client-seed`}>{t('casino.fair.clientSeed')}</label>
          <input id={`${props.game}-client-seed`} value={clientSeed} maxLength={64} autoComplete="off" spellCheck={false} aria-invalid={!seedValid} onChange={(e) => setClientSeed(e.target.value)} />
          {!seedValid && <small className="error-text">{t('casino.fair.clientSeedRule')}</small>}
        </div>
        <button type="submit" className="secondary" disabled={!seedValid || busy || minesOpen}>
          {t('casino.fair.rotate')}
        </button>
        {minesOpen && <small className="muted">{t('casino.fair.rotateLocked')}</small>}
      </form>
      {fair.previous && (
        <div className="revealed" data-testid="revealed-seed">
          <h3>{t('casino.fair.previous')}</h3>
          <dl className="seed-list">
            <dt>{t('casino.fair.serverSeed')}</dt>
            <dd className="mono">{fair.previous.serverSeed}</dd>
            <dt>{t('casino.fair.serverSeedHash')}</dt>
            <dd className="mono">{fair.previous.serverSeedHash}</dd>
            <dt>{t('casino.fair.clientSeed')}</dt>
            <dd className="mono">{fair.previous.clientSeed}</dd>
            <dt>{t('casino.fair.betsMade')}</dt>
            <dd>{fair.previous.nonce}</dd>
          </dl>
        </div>
      )}
      <h3>{t('casino.fair.verifyTitle')}</h3>
      <form
        className="field-row"
        onSubmit={(e) => {
          e.preventDefault()
          void verify(betId.trim())
        }}
      >
        <label className="visually-hidden" htmlFor={`${props.game}-bet-id`}>
          {t('casino.fair.betId')}
        </label>
        <input id={`${props.game}-bet-id`} inputMode="numeric" placeholder={t('casino.fair.betId')} value={betId} onChange={(e) => setBetId(e.target.value)} />
        <button type="submit" className="secondary small">
          {t('casino.fair.verify')}
        </button>
      </form>
      {recent.length > 0 && (
        <ul className="verify-recent">
          {recent.map((b) => (
            <li key={b.betId}>
              <button type="button" className="link" onClick={() => void verify(b.betId)}>
                {t('casino.fair.verifyBet', { id: b.betId, nonce: b.nonce })}
              </button>
            </li>
          ))}
        </ul>
      )}
      {error && <p className="error-text">{error}</p>}
      {checked && (checked.verdict ? <Outcome bet={checked.bet} verdict={checked.verdict} /> : <p role="status">{t('casino.fair.notRevealed', { id: checked.bet.betId })}</p>)}
    </>
  )
}
