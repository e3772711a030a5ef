import { lazy, memo, useEffect, useState, type CSSProperties } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { diceMultiplier, diceWinChance } from '../../../shared/games/dice'
import { multiplierToNumber } from '../../../shared/games/payout'
import { audio, preloadSounds } from '../../engine/audio'
import { formatDecimal } from '../../format/decimal'
import { formatMoney } from '../../format/format'
import { placeDiceBet, setDiceCondition } from '../../store/actions/casino'
import { payoutPreview, stakeCentavos } from '../../store/stake'
import { store } from '../../store/store'
import { AutoBetPanel, ModeTabs } from './parts/AutoBet'
import { FairnessPanel } from './parts/FairnessPanel'
import { GameTitle } from './parts/GameTitle'
import { InfoPanel } from './parts/InfoPanel'
import { RecentStrip } from './parts/RecentStrip'
import { StakeField } from './parts/StakeField'
import { StageSlot } from './parts/StageSlot'
import './dice.css'

const DiceStage = lazy(() => import('../stages/DiceStage'))

// Built once: a bet re-renders the leaves that show it (announce, button, strip), never the stage.
const stage = (
  <StageSlot>
    <DiceStage />
  </StageSlot>
)

/** The result for screen readers. */
function DiceAnnounce() {
  const { t } = useTranslation()
  const last = useSnapshot(store.casino.dice).last
  const lang = useSnapshot(store.session).lang
  return (
    <p className="visually-hidden" aria-live="polite" data-testid="dice-announce">
      {last ? t(last.state === 'won' ? 'casino.rollWon' : 'casino.rollLost', { roll: formatDecimal(last.roll ?? 0, lang, 2), payout: formatMoney(last.payout, lang) }) : ''}
    </p>
  )
}

/** Over or under, the target and what they pay: they change with the player's input only. */
const DiceInputs = memo(function DiceInputs() {
  const { t } = useTranslation()
  const { target, condition, stake } = useSnapshot(store.casino.dice)
  const running = useSnapshot(store.casino.auto).running !== null
  const lang = useSnapshot(store.session).lang
  const hundredths = Math.round(target * 100)
  const chance = diceWinChance(hundredths, condition) / 100
  const multiplier4 = diceMultiplier(hundredths, condition)
  const num = (value: number, digits: number) => formatDecimal(value, lang, digits)
  const [min, max] = condition === 'over' ? [2, 99.99] : [0.01, 98]
  return (
    <>
      <div role="radiogroup" aria-label={t('casino.condition')} className="segmented">
        {(['under', 'over'] as const).map((c) => (
          <button key={c} type="button" role="radio" aria-checked={condition === c} disabled={running} onClick={() => setDiceCondition(c)}>
            {t(`casino.${c}`)}
          </button>
        ))}
      </div>
      <label className="field">
        <span>{t('casino.target', { value: num(target, 2) })}</span>
        <input
          type="range"
          className={`dice-range ${condition}`}
          // The track's two colours meet at the thumb, as the board's do (winning side green).
          style={{ '--fill': `${((target - min) / (max - min)) * 100}%` } as CSSProperties}
          min={min}
          max={max}
          step={0.01}
          value={target}
          disabled={running}
          onChange={(e) => (store.casino.dice.target = Number(e.target.value))}
          aria-valuetext={num(target, 2)}
        />
      </label>
      <dl className="game-figures">
        <div>
          <dt>{t('casino.winChance')}</dt>
          <dd>{num(chance, 2)}%</dd>
        </div>
        <div>
          <dt>{t('casino.multiplier')}</dt>
          <dd>{num(multiplierToNumber(multiplier4), 4)}×</dd>
        </div>
        <div>
          <dt>{t('casino.payoutOnWin')}</dt>
          <dd data-testid="dice-payout">{formatMoney(payoutPreview(stake, multiplier4), lang)}</dd>
        </div>
      </dl>
    </>
  )
})

const bet = () => {
  audio.play('bet')
  void placeDiceBet()
}

/** The main button: it follows the bet in flight. */
function DiceBetButton() {
  const { t } = useTranslation()
  const { busy, stake } = useSnapshot(store.casino.dice)
  const ready = stakeCentavos(stake) !== null
  return (
    <button type="button" className="primary bet-button" disabled={busy || !ready} aria-busy={busy} onClick={bet}>
      {busy ? t('casino.rolling') : t('casino.bet')}
    </button>
  )
}

function DiceAuto() {
  const ready = stakeCentavos(useSnapshot(store.casino.dice).stake) !== null
  return <AutoBetPanel game="dice" ready={ready} />
}

/** Dice: DOM controls over the Pixi slider; every control works without the canvas. */
export default function DicePage() {
  const { t } = useTranslation()
  useEffect(() => preloadSounds(['bet', 'click', 'win', 'lose']), [])
  const [mode, setMode] = useState<'manual' | 'auto'>('manual')
  return (
    <section className="game dice" aria-labelledby="dice-title">
      <GameTitle id="dice-title" title={t('games.dice')} />
      {stage}
      <DiceAnnounce />
      <div className="game-controls">
        <DiceInputs />
        <StakeField game="dice" />
        <ModeTabs game="dice" mode={mode} onMode={setMode} />
        {mode === 'manual' ? <DiceBetButton /> : <DiceAuto />}
      </div>
      <RecentStrip game="dice" />
      <InfoPanel game="dice" />
      <FairnessPanel game="dice" />
    </section>
  )
}
