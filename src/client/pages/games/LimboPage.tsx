import { lazy, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { audio, preloadSounds } from '../../engine/audio'
import { limboMultiplier } from '../../../shared/games/limbo'
import { centavosToText } from '../../../shared/money'
import { decimalText, formatDecimal } from '../../format/decimal'
import { formatMoney } from '../../format/format'
import { useDecimalField } from '../../format/useDecimalField'
import { placeLimboBet } from '../../store/actions/casino'
import { payoutPreview, stakeCentavos } from '../../store/stake'
import { store } from '../../store/store'
import { AutoBetPanel, ModeTabs } from './parts/AutoBet'
import { FairnessPanel } from './parts/FairnessPanel'
import { GameTitle } from './parts/GameTitle'
import { InfoPanel } from './parts/InfoPanel'
import { RecentStrip } from './parts/RecentStrip'
import { StakeField } from './parts/StakeField'
import { StageSlot } from './parts/StageSlot'

const LimboStage = lazy(() => import('../stages/LimboStage'))

/** Targets in hundredths of a multiplier: 1.01 to 1,000,000.00. */
const MIN_TARGET = 101
const MAX_TARGET = 100_000_000
/** Quick targets, the ones players pick most. */
const PRESETS = ['1.5', '2', '3', '5', '10', '100']

/** The target (wire text, as the input keeps it) in hundredths, when it is in range. */
function parseTarget(text: string): number | null {
  if (!/^\d{1,12}(\.\d{1,2})?$/.test(text)) return null
  const [whole = '', frac = ''] = text.split('.')
  const hundredths = Number(whole) * 100 + Number(frac.padEnd(2, '0'))
  return hundredths >= MIN_TARGET && hundredths <= MAX_TARGET ? hundredths : null
}

/** Hundredths as the input's wire text: 750 -> '7.50'. */
const targetText = (hundredths: number) => centavosToText(hundredths)

// Built once: a bet re-renders the leaves that show it (announce, button, strip), never the stage.
const stage = (
  <StageSlot>
    <LimboStage />
  </StageSlot>
)

/** The result for screen readers. */
function LimboAnnounce() {
  const { t } = useTranslation()
  const last = useSnapshot(store.casino.limbo).last
  const lang = useSnapshot(store.session).lang
  return (
    <p className="visually-hidden" aria-live="polite" data-testid="limbo-announce">
      {last ? t(last.state === 'won' ? 'casino.limbo.won' : 'casino.limbo.lost', { result: formatDecimal(last.result ?? 0, lang, 2), payout: formatMoney(last.payout, lang) }) : ''}
    </p>
  )
}

const bet = () => {
  audio.play('bet')
  void placeLimboBet()
}

/** The main button: it follows the bet in flight. */
function LimboBetButton(props: { ready: boolean }) {
  const { t } = useTranslation()
  const busy = useSnapshot(store.casino.limbo).busy
  return (
    <button type="button" className="primary bet-button" disabled={busy || !props.ready} aria-busy={busy} onClick={bet}>
      {busy ? t('casino.limbo.playing') : t('casino.bet')}
    </button>
  )
}

/** Limbo: pick a target multiplier; the result counts up on the canvas and wins at or above it. */
export default function LimboPage() {
  const { t } = useTranslation()
  useEffect(() => preloadSounds(['bet', 'tick', 'win', 'lose']), [])
  // Only what the player's inputs change: a bet re-renders the leaves above, not this.
  const { target: storeTarget, stake } = useSnapshot(store.casino.limbo)
  const [mode, setMode] = useState<'manual' | 'auto'>('manual')
  const lang = useSnapshot(store.session).lang
  const [text, setText] = useState(targetText(Math.round(storeTarget * 100)))
  const input = useDecimalField(text, setText, lang)
  const running = useSnapshot(store.casino.auto).running !== null
  const target = parseTarget(text)
  useEffect(() => {
    if (target !== null) store.casino.limbo.target = target / 100
  }, [target])
  const shown = Math.round(storeTarget * 100)
  const chance = 99 / storeTarget
  const num = (value: number, digits: number) => formatDecimal(value, lang, digits)
  const ready = target !== null && stakeCentavos(stake) !== null
  return (
    <section className="game limbo" aria-labelledby="limbo-title">
      <GameTitle id="limbo-title" title={t('games.limbo')} />
      {stage}
      <LimboAnnounce />
      <div className="game-controls">
        <div className="field">
          <label htmlFor="limbo-target">{t('casino.limbo.target')}</label>
          <div className="field-row stake-row">
            <input id="limbo-target" {...input} disabled={running} aria-invalid={target === null} aria-describedby="limbo-target-hint" />
            <button type="button" className="secondary small" disabled={running} aria-label={t('casino.limbo.lower')} onClick={() => setText(targetText(Math.max(MIN_TARGET, shown - (shown > 1000 ? 100 : 10))))}>
              −
            </button>
            <button type="button" className="secondary small" disabled={running} aria-label={t('casino.limbo.higher')} onClick={() => setText(targetText(Math.min(MAX_TARGET, shown + (shown >= 1000 ? 100 : 10))))}>
              +
            </button>
          </div>
          <div className="chips" role="group" aria-label={t('casino.limbo.presets')}>
            {PRESETS.map((x) => (
              <button key={x} type="button" className="chip" disabled={running} aria-pressed={storeTarget === Number(x)} onClick={() => setText(targetText(Math.round(Number(x) * 100)))}>
                {decimalText(x, lang)}×
              </button>
            ))}
          </div>
          <small id="limbo-target-hint" className={target === null ? 'error-text' : 'muted'}>
            {t('casino.limbo.targetHint')}
          </small>
        </div>
        <dl className="game-figures">
          <div>
            <dt>{t('casino.winChance')}</dt>
            <dd>{num(chance, chance >= 0.01 ? 2 : 6)}%</dd>
          </div>
          <div>
            <dt>{t('casino.multiplier')}</dt>
            <dd>{num(storeTarget, 2)}×</dd>
          </div>
          <div>
            <dt>{t('casino.payoutOnWin')}</dt>
            <dd data-testid="limbo-payout">{formatMoney(payoutPreview(stake, limboMultiplier(shown)), lang)}</dd>
          </div>
        </dl>
        <StakeField game="limbo" />
        <ModeTabs game="limbo" mode={mode} onMode={setMode} />
        {mode === 'manual' ? <LimboBetButton ready={ready} /> : <AutoBetPanel game="limbo" ready={ready} />}
      </div>
      <RecentStrip game="limbo" />
      <InfoPanel game="limbo" />
      <FairnessPanel game="limbo" />
    </section>
  )
}
