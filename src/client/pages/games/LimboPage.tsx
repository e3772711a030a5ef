import { lazy, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { audio, preloadSounds } from '../../engine/audio'
import { formatMoney } from '../../format/format'
import { placeLimboBet, stakeText } from '../../store/actions/casino'
import { store } from '../../store/store'
import { AutoBetPanel, ModeTabs } from './parts/AutoBet'
import { FairnessPanel } from './parts/FairnessPanel'
import { GameTitle } from './parts/GameTitle'
import { InfoPanel } from './parts/InfoPanel'
import { RecentStrip } from './parts/RecentStrip'
import { StakeField } from './parts/StakeField'
import { StageSlot } from './parts/StageSlot'

const LimboStage = lazy(() => import('../../scenes/limbo/LimboStage'))

const MIN_TARGET = 1.01
const MAX_TARGET = 1_000_000
/** Quick targets, the ones players pick most. */
const PRESETS = [1.5, 2, 3, 5, 10, 100]

/** The target as typed, when it is a multiplier with at most two decimals in range. */
function parseTarget(text: string): number | null {
  const t = text.trim().replace(',', '.')
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return null
  const n = Number(t)
  return n >= MIN_TARGET && n <= MAX_TARGET ? n : null
}

/** Limbo: pick a target multiplier; the result counts up on the canvas and wins at or above it. */
export default function LimboPage() {
  const { t } = useTranslation()
  useEffect(() => preloadSounds(['bet', 'tick', 'win', 'lose']), [])
  const snap = useSnapshot(store)
  const limbo = snap.casino.limbo
  const [mode, setMode] = useState<'manual' | 'auto'>('manual')
  const [targetText, setTargetText] = useState(limbo.target.toFixed(2))
  const lang = snap.session.lang
  const running = snap.casino.auto.running !== null
  const target = parseTarget(targetText)
  useEffect(() => {
    if (target !== null) store.casino.limbo.target = target
  }, [target])
  const stake = Number(stakeText(limbo.stake) ?? 0)
  const chance = 99 / limbo.target
  const ready = target !== null && stakeText(limbo.stake) !== null
  const bet = () => {
    audio.play('bet')
    void placeLimboBet()
  }
  const last = limbo.last
  return (
    <section className="game limbo" aria-labelledby="limbo-title">
      <GameTitle id="limbo-title" title={t('games.limbo')} />
      <StageSlot>
        <LimboStage />
      </StageSlot>
      <p className="visually-hidden" aria-live="polite" data-testid="limbo-announce">
        {last ? t(last.state === 'won' ? 'casino.limbo.won' : 'casino.limbo.lost', { result: last.result?.toFixed(2), payout: formatMoney(last.payout, lang) }) : ''}
      </p>
      <div className="game-controls">
        <div className="field">
          <label htmlFor="limbo-target">{t('casino.limbo.target')}</label>
          <div className="field-row stake-row">
            <input id="limbo-target" inputMode="decimal" autoComplete="off" value={targetText} disabled={running} aria-invalid={target === null} aria-describedby="limbo-target-hint" onChange={(e) => setTargetText(e.target.value)} onBlur={() => target !== null && setTargetText(target.toFixed(2))} />
            <button type="button" className="secondary small" disabled={running} aria-label={t('casino.limbo.lower')} onClick={() => setTargetText(Math.max(MIN_TARGET, Math.round((limbo.target - (limbo.target > 10 ? 1 : 0.1)) * 100) / 100).toFixed(2))}>
              −
            </button>
            <button type="button" className="secondary small" disabled={running} aria-label={t('casino.limbo.higher')} onClick={() => setTargetText(Math.min(MAX_TARGET, Math.round((limbo.target + (limbo.target >= 10 ? 1 : 0.1)) * 100) / 100).toFixed(2))}>
              +
            </button>
          </div>
          <div className="chips" role="group" aria-label={t('casino.limbo.presets')}>
            {PRESETS.map((x) => (
              <button key={x} type="button" className="chip" disabled={running} aria-pressed={limbo.target === x} onClick={() => setTargetText(x.toFixed(2))}>
                {x}×
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
            <dd>{chance >= 0.01 ? chance.toFixed(2) : chance.toFixed(6)}%</dd>
          </div>
          <div>
            <dt>{t('casino.multiplier')}</dt>
            <dd>{limbo.target.toFixed(2)}×</dd>
          </div>
          <div>
            <dt>{t('casino.payoutOnWin')}</dt>
            <dd>{formatMoney(Math.floor(Math.round(stake * 100) * limbo.target) / 100, lang)}</dd>
          </div>
        </dl>
        <StakeField game="limbo" />
        <ModeTabs game="limbo" mode={mode} onMode={setMode} />
        {mode === 'manual' ? (
          <button type="button" className="primary bet-button" disabled={limbo.pending || !ready} aria-busy={limbo.pending} onClick={bet}>
            {limbo.pending ? t('casino.limbo.playing') : t('casino.bet')}
          </button>
        ) : (
          <AutoBetPanel game="limbo" ready={ready} />
        )}
      </div>
      <RecentStrip game="limbo" bets={limbo.history} label={(b) => `${b.result?.toFixed(2)}×`} />
      <InfoPanel game="limbo" />
      <FairnessPanel game="limbo" />
    </section>
  )
}
