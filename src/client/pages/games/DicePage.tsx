import { lazy, useEffect, useState } from 'react'
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

const DiceStage = lazy(() => import('../../scenes/dice/DiceStage'))

/** Dice: DOM controls over the Pixi slider; every control works without the canvas. */
export default function DicePage() {
  const { t } = useTranslation()
  useEffect(() => preloadSounds(['bet', 'click', 'win']), [])
  const snap = useSnapshot(store)
  const dice = snap.casino.dice
  const [mode, setMode] = useState<'manual' | 'auto'>('manual')
  const lang = snap.session.lang
  const running = snap.casino.auto.running !== null
  const hundredths = Math.round(dice.target * 100)
  const chance = diceWinChance(hundredths, dice.condition) / 100
  const multiplier4 = diceMultiplier(hundredths, dice.condition)
  const num = (value: number, digits: number) => formatDecimal(value, lang, digits)
  const ready = stakeCentavos(dice.stake) !== null
  const [min, max] = dice.condition === 'over' ? [2, 99.99] : [0.01, 98]
  const bet = () => {
    audio.play('bet')
    void placeDiceBet()
  }
  const last = dice.last
  return (
    <section className="game dice" aria-labelledby="dice-title">
      <GameTitle id="dice-title" title={t('games.dice')} />
      <StageSlot>
        <DiceStage />
      </StageSlot>
      <p className="visually-hidden" aria-live="polite" data-testid="dice-announce">
        {last ? t(last.state === 'won' ? 'casino.rollWon' : 'casino.rollLost', { roll: num(last.roll ?? 0, 2), payout: formatMoney(last.payout, lang) }) : ''}
      </p>
      <div className="game-controls">
        <div role="radiogroup" aria-label={t('casino.condition')} className="segmented">
          {(['under', 'over'] as const).map((c) => (
            <button key={c} type="button" role="radio" aria-checked={dice.condition === c} disabled={running} onClick={() => setDiceCondition(c)}>
              {t(`casino.${c}`)}
            </button>
          ))}
        </div>
        <label className="field">
          <span>{t('casino.target', { value: num(dice.target, 2) })}</span>
          <input type="range" min={min} max={max} step={0.01} value={dice.target} disabled={running} onChange={(e) => (store.casino.dice.target = Number(e.target.value))} aria-valuetext={num(dice.target, 2)} />
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
            <dd data-testid="dice-payout">{formatMoney(payoutPreview(dice.stake, multiplier4), lang)}</dd>
          </div>
        </dl>
        <StakeField game="dice" />
        <ModeTabs game="dice" mode={mode} onMode={setMode} />
        {mode === 'manual' ? (
          <button type="button" className="primary bet-button" disabled={dice.pending || !ready} aria-busy={dice.pending} onClick={bet}>
            {dice.pending ? t('casino.rolling') : t('casino.bet')}
          </button>
        ) : (
          <AutoBetPanel game="dice" ready={ready} />
        )}
      </div>
      <RecentStrip game="dice" bets={dice.history} label={(b) => (b.roll === undefined ? '' : num(b.roll, 2))} />
      <InfoPanel game="dice" />
      <FairnessPanel game="dice" />
    </section>
  )
}
