/** The DOM controls and panels of the shared-round games: every one works without the canvas. */
import { memo, useEffect, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { tileColor } from '../../../../shared/games/rounds/double'
import { luckyColors } from '../../../../shared/games/rounds/luckyColor'
import { choicePays, rtpPercent } from '../../../../shared/games/rounds/payTable'
import { ROUND_GAMES } from '../../../../shared/games/rounds/registry'
import { saltOf, verifyRound } from '../../../../shared/games/rounds/chain'
import type { RoundGameId } from '../../../../shared/games/rounds/types'
import { multiplierToNumber } from '../../../../shared/games/payout'
import { formatDecimal } from '../../../format/decimal'
import { formatMoney } from '../../../format/format'
import { loadRoundHistory, placeRoundBet } from '../../../store/actions/rounds'
import { clampStake, stakeCentavos } from '../../../store/stake'
import { store } from '../../../store/store'
import { audio } from '../../../engine/audio'
import { LazyPanel } from '../parts/LazyPanel'
import { useRoundMoment } from './roundMoment'
import './rounds.css'

type T = ReturnType<typeof useTranslation>['t']

/** A choice's name: a colour, big or small, or a number. */
function choiceName(t: T, choice: string): string {
  return /^\d$/.test(choice) ? t('casino.round.number', { n: choice }) : t(`casino.round.choice.${choice}`)
}

/** A result's words: "7 · Vermelho" (Double), "5 · Verde + Violeta · Grande" (Lucky Color). */
function resultName(t: T, game: RoundGameId, roll: number | null): string {
  if (roll === null) return t('casino.round.voided')
  if (game !== 'luckyColor') return `${roll} · ${t(`casino.round.choice.${tileColor(roll)}`)}`
  const colours = luckyColors(roll).map((c) => t(`casino.round.choice.${c}`))
  return `${roll} · ${colours.join(' + ')} · ${t(`casino.round.choice.${roll >= 5 ? 'big' : 'small'}`)}`
}

/** The CSS class of a result's chip: its colour (Lucky Color's 0 and 5 have two). */
function resultClass(game: RoundGameId, roll: number | null): string {
  if (roll === null) return 'voided'
  return game === 'luckyColor' ? luckyColors(roll).join('-') : tileColor(roll)
}

/** What the round is doing, in words, with the seconds left while bets are open (not a live region: it ticks). */
export function RoundStatus(props: { game: RoundGameId }) {
  const { t } = useTranslation()
  const { phase, seconds } = useRoundMoment(props.game)
  const roll = useSnapshot(store.rounds[props.game]).live?.roll ?? null
  const text =
    phase === 'betting'
      ? t('casino.round.statusBetting', { s: seconds })
      : phase === 'drawing'
        ? t('casino.round.statusDrawing')
        : phase === 'result'
          ? t('casino.round.statusResult', { result: resultName(t, props.game, roll) })
          : t('casino.round.statusWaiting')
  return (
    <p className={`round-status ${phase}`} data-testid="round-status">
      {text}
    </p>
  )
}

/**
 * The result, the win and each bet made, for screen readers: spoken when this device's draw ends
 * (the same moment the canvas shows it), never before.
 */
export function RoundAnnounce(props: { game: RoundGameId }) {
  const { t } = useTranslation()
  const { phase, roundId } = useRoundMoment(props.game, false)
  const slice = useSnapshot(store.rounds[props.game])
  const lang = useSnapshot(store.session).lang
  let text = ''
  if (phase === 'result' && slice.live && slice.live.roundId === roundId) {
    text = t('casino.round.announceResult', { id: roundId, result: resultName(t, props.game, slice.live.roll) })
    const paid = slice.lastPayout
    if (paid && paid.roundId === roundId && paid.payout > 0) text += `. ${t('casino.round.announceWon', { amount: formatMoney(paid.payout, lang) })}`
  } else if (slice.mine.length > 0) {
    const last = slice.mine[slice.mine.length - 1]
    if (last) text = t('casino.round.announceBet', { amount: formatMoney(last.amount, lang), choice: choiceName(t, last.choice) })
  }
  return (
    <p className="visually-hidden" aria-live="polite" data-testid="round-announce">
      {text}
    </p>
  )
}

/** The game's choices with what each pays; one is chosen for the bet button. */
export const RoundChoices = memo(function RoundChoices(props: { game: RoundGameId }) {
  const { t } = useTranslation()
  const { game } = props
  const chosen = useSnapshot(store.rounds[game]).choice
  const lang = useSnapshot(store.session).lang
  const rules = ROUND_GAMES[game].rules
  const groups = game === 'luckyColor' ? [['green', 'violet', 'red'], ['small', 'big'], ['0', '1', '2', '3', '4'], ['5', '6', '7', '8', '9']] : [['red', 'white', 'black']]
  return (
    <div role="radiogroup" aria-label={t('casino.round.choices')} className={`round-choices ${game}`}>
      {groups.map((group) => (
        <div className="round-choice-row" key={group.join()}>
          {group.map((c) => {
            const pays = choicePays(rules, c)[0] ?? 0n
            const cls = /^\d$/.test(c) ? `number ${luckyColors(Number(c)).join('-')}` : c
            return (
              <button key={c} type="button" role="radio" aria-checked={chosen === c} className={`round-choice ${cls}`} onClick={() => (store.rounds[game].choice = c)}>
                <span className="name">{/^\d$/.test(c) ? c : choiceName(t, c)}</span>
                <span className="pays">{formatDecimal(multiplierToNumber(pays), lang, 2)}×</span>
                {/^\d$/.test(c) && <span className="visually-hidden">{choiceName(t, c)}</span>}
              </button>
            )
          })}
        </div>
      ))}
    </div>
  )
})

const CHIPS = ['1.00', '5.00', '10.00', '50.00', '100.00']

/** Quick stakes: one tap sets the stake field. */
export const QuickChips = memo(function QuickChips(props: { game: RoundGameId }) {
  const { t } = useTranslation()
  const lang = useSnapshot(store.session).lang
  const stake = useSnapshot(store.rounds[props.game]).stake
  return (
    <div className="quick-chips" role="group" aria-label={t('casino.round.chips')}>
      {CHIPS.map((c) => (
        <button key={c} type="button" className="chip" aria-pressed={stake === c} onClick={() => (store.rounds[props.game].stake = clampStake(stakeCentavos(c) ?? 0n))}>
          {formatMoney(Number(c), lang)}
        </button>
      ))}
    </div>
  )
})

/** The bet button: open while bets are, on the chosen choice; a guest is asked to sign in. */
export function RoundBetButton(props: { game: RoundGameId }) {
  const { t } = useTranslation()
  const { game } = props
  const { phase } = useRoundMoment(game, false)
  const slice = useSnapshot(store.rounds[game])
  const ready = stakeCentavos(slice.stake) !== null
  const open = phase === 'betting'
  const bet = () => {
    audio.play('bet')
    void placeRoundBet(game, slice.choice, slice.stake)
  }
  return (
    <button type="button" className="primary bet-button" disabled={!open || slice.pending || !ready} aria-busy={slice.pending} onClick={bet} data-testid="round-bet">
      {slice.pending ? t('casino.round.betting') : open ? t('casino.round.betOn', { choice: choiceName(t, slice.choice) }) : t('casino.round.closed')}
    </button>
  )
}

/** This player's bets in the live round and what the last one paid. */
export const RoundMine = memo(function RoundMine(props: { game: RoundGameId }) {
  const { t } = useTranslation()
  const slice = useSnapshot(store.rounds[props.game])
  const lang = useSnapshot(store.session).lang
  const { phase, roundId } = useRoundMoment(props.game, false)
  const total = slice.mine.reduce((sum, b) => sum + Math.round(b.amount * 100), 0) / 100
  const paid = slice.lastPayout
  // The last payout shows once its draw has ended here (the store holds it back until then).
  const showPaid = paid && (paid.roundId !== roundId || phase === 'result')
  const id = `${props.game}-mine`
  return (
    <section aria-labelledby={id} className="round-mine">
      <h2 id={id}>{t('casino.round.mine')}</h2>
      {slice.mine.length === 0 ? (
        <p className="muted">{t('casino.round.mineEmpty')}</p>
      ) : (
        <>
          <ul data-testid="round-mine">
            {slice.mine.map((b) => (
              <li key={b.betId} className={`mine-bet ${b.choice}`}>
                {t('casino.round.mineItem', { choice: choiceName(t, b.choice), amount: formatMoney(b.amount, lang) })}
              </li>
            ))}
          </ul>
          <p>{t('casino.round.mineTotal', { amount: formatMoney(total, lang) })}</p>
        </>
      )}
      {showPaid && (
        <p className={paid.payout > 0 ? 'won' : 'muted'} data-testid="round-paid">
          {paid.payout > 0 ? t('casino.round.lastWon', { amount: formatMoney(paid.payout, lang), id: paid.roundId }) : t('casino.round.lastLost', { id: paid.roundId })}
        </p>
      )}
    </section>
  )
})

/** Everyone's bets this round: the totals per choice and the newest bets. */
export const RoundFeed = memo(function RoundFeed(props: { game: RoundGameId }) {
  const { t } = useTranslation()
  const slice = useSnapshot(store.rounds[props.game])
  const lang = useSnapshot(store.session).lang
  const totals = slice.live?.totals ?? []
  const id = `${props.game}-feed`
  return (
    <section aria-labelledby={id} className="round-feed">
      <h2 id={id}>{t('casino.round.feed')}</h2>
      {totals.length > 0 && (
        <ul className="round-totals" aria-label={t('casino.round.totals')} data-testid="round-totals">
          {totals.map((x) => (
            <li key={x.choice} className={x.choice}>
              {t('casino.round.totalItem', { choice: choiceName(t, x.choice), amount: formatMoney(x.amount, lang), count: x.bets })}
            </li>
          ))}
        </ul>
      )}
      {slice.feed.length === 0 ? (
        <p className="muted">{t('casino.round.feedEmpty')}</p>
      ) : (
        <ol className="round-feed-list" data-testid="round-feed">
          {slice.feed.slice(0, 12).map((b, i) => (
            <li key={`${slice.feed.length - i}`}>{t('casino.round.feedItem', { player: b.player, amount: formatMoney(b.amount, lang), choice: choiceName(t, b.choice) })}</li>
          ))}
        </ol>
      )}
    </section>
  )
})

/** The last results as chips, newest first; the live round's joins once its draw has ended here. */
export const RoundRecent = memo(function RoundRecent(props: { game: RoundGameId }) {
  const { t } = useTranslation()
  const { game } = props
  const slice = useSnapshot(store.rounds[game])
  const { phase, roundId } = useRoundMoment(game, false)
  const shown = slice.recent.filter((r) => r.roundId !== roundId || phase === 'result').slice(0, 20)
  const id = `${game}-recent`
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{t('casino.round.recent')}</h2>
      {/* It scrolls sideways on a phone: focusable, so a keyboard can scroll it too. */}
      <ol className="round-recent" data-testid="round-recent" tabIndex={0} aria-labelledby={id}>
        {shown.map((r) => (
          <li key={r.roundId} className={resultClass(game, r.roll)} aria-label={t('casino.round.recentItem', { id: r.roundId, result: resultName(t, game, r.roll) })}>
            {r.roll ?? '–'}
          </li>
        ))}
      </ol>
    </section>
  )
})

/** Lucky Color: the last 100 periods as a table (period, number, colours, big or small). */
export const LuckyTable = memo(function LuckyTable() {
  const { t } = useTranslation()
  return <LazyPanel summary={t('casino.round.table')}>{() => <LuckyTableBody />}</LazyPanel>
})

function LuckyTableBody() {
  const { t } = useTranslation()
  const slice = useSnapshot(store.rounds.luckyColor)
  const { phase, roundId } = useRoundMoment('luckyColor', false)
  const rows = slice.recent.filter((r) => r.roundId !== roundId || phase === 'result')
  return (
    <div className="pay-table-wrap">
      <table className="pay-table lucky-table" data-testid="lucky-table">
        <thead>
          <tr>
            <th scope="col">{t('casino.round.tablePeriod')}</th>
            <th scope="col">{t('casino.round.tableNumber')}</th>
            <th scope="col">{t('casino.round.tableColor')}</th>
            <th scope="col">{t('casino.round.tableSize')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.roundId}>
              <td>{r.roundId}</td>
              <td>
                <span className={`ball ${resultClass('luckyColor', r.roll)}`}>{r.roll ?? '–'}</span>
              </td>
              <td>{r.roll === null ? t('casino.round.voided') : luckyColors(r.roll).map((c) => t(`casino.round.choice.${c}`)).join(' + ')}</td>
              <td>{r.roll === null ? '–' : t(`casino.round.choice.${r.roll >= 5 ? 'big' : 'small'}`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** The rules, and each bet type's pays and exact return, from the rules the server pays with. */
export const RoundInfo = memo(function RoundInfo(props: { game: RoundGameId }) {
  const { t } = useTranslation()
  return (
    <LazyPanel className="info" summary={t('casino.info.title')}>
      {() => <RoundInfoBody game={props.game} />}
    </LazyPanel>
  )
})

function RoundInfoBody(props: { game: RoundGameId }) {
  const { t } = useTranslation()
  const lang = useSnapshot(store.session).lang
  const { rules, timings } = ROUND_GAMES[props.game]
  // Lucky Color's ten numbers pay alike: one row for them.
  const choices = props.game === 'luckyColor' ? rules.choices.filter((c) => !/^[1-9]$/.test(c)) : rules.choices
  return (
    <>
      <p className="muted">{t(`casino.round.rules_${props.game}`, { betting: timings.bettingMs / 1000, draw: timings.drawMs / 1000, result: timings.resultMs / 1000 })}</p>
      <div className="pay-table-wrap">
        <table className="pay-table" data-testid="round-rtp">
          <caption className="visually-hidden">{t('casino.info.table')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('casino.round.infoChoice')}</th>
              <th scope="col">{t('casino.round.infoPays')}</th>
              <th scope="col">{t('casino.round.infoRtp')}</th>
            </tr>
          </thead>
          <tbody>
            {choices.map((c) => (
              <tr key={c}>
                <td>{c === '0' ? t('casino.round.anyNumber') : choiceName(t, c)}</td>
                <td>{choicePays(rules, c).map((m) => `${formatDecimal(multiplierToNumber(m), lang, 2)}×`).join(' / ')}</td>
                <td>{formatDecimal(rtpPercent(rules, c), lang, 2)}%</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  )
}

type Commitment = NonNullable<NonNullable<Awaited<ReturnType<typeof loadRoundHistory>>>['commitment']>

/** The chain's commitment, and how its salt was (or will be) made: the inputs shown, their SHA-256 checked here. */
function RoundCommitment({ commitment: c }: { commitment: Commitment }) {
  const { t } = useTranslation()
  const from = c.saltFrom
  const inputs = from.inputs
  const made = from.method === 'seeds' ? t('casino.round.fair.saltSeeds', { n: from.seeds ?? 0 }) : from.method === 'public' ? t('casino.round.fair.saltPublic', { source: from.source ?? '' }) : t('casino.round.fair.saltServer')
  return (
    <dl className="fair-commitment">
      <dt>{t('casino.round.fair.terminating')}</dt>
      <dd className="hash" data-testid="round-terminating">{c.terminatingHash}</dd>
      <dt>{t('casino.round.fair.salt')}</dt>
      <dd className="hash" data-testid="round-salt">{c.salt ?? t('casino.round.fair.saltPending')}</dd>
      <dt>{t('casino.round.fair.saltFrom')}</dt>
      <dd>{made}</dd>
      {inputs && (
        <>
          <dt>{t('casino.round.fair.saltInputs', { n: inputs.length })}</dt>
          <dd className="hash">{inputs.length > 0 ? inputs.join(' : ') : '–'}</dd>
          <dd>{c.salt !== null && saltOf(inputs) === c.salt ? t('casino.round.fair.saltChecks') : t('casino.round.fair.saltMismatch')}</dd>
        </>
      )}
    </dl>
  )
}

interface Check {
  linked: boolean
  roll: number
  rollMatches: boolean | null
}

/**
 * The in-app verifier: the chain's commitment (terminating hash and salt), the last rounds, and
 * any round checked with the shared code: SHA-256 of its hash is the hash before it, and its
 * number comes from its hash and the salt.
 */
export const RoundFairness = memo(function RoundFairness(props: { game: RoundGameId }) {
  const { t } = useTranslation()
  return (
    <LazyPanel className="fairness" summary={t('casino.round.fair.title')}>
      {() => <RoundFairnessBody game={props.game} />}
    </LazyPanel>
  )
})

function RoundFairnessBody(props: { game: RoundGameId }) {
  const { t } = useTranslation()
  const { game } = props
  const [history, setHistory] = useState<Awaited<ReturnType<typeof loadRoundHistory>>>(null)
  const [form, setForm] = useState({ hash: '', previous: '', salt: '', roll: null as number | null })
  const [check, setCheck] = useState<Check | null>(null)
  const loaded = useRef(false)
  useEffect(() => {
    if (loaded.current) return
    loaded.current = true
    void loadRoundHistory(game, 20)
      .then((h) => {
        setHistory(h)
        if (h?.commitment) setForm((f) => ({ ...f, salt: h.commitment?.salt ?? '' }))
      })
      .catch(() => undefined)
  }, [game])
  const rounds = history?.rounds ?? []
  const pick = (i: number) => {
    const r = rounds[i]
    if (!r?.hash) return
    // The round before it is the next one down the newest-first list.
    const previous = rounds[i + 1]?.hash ?? ''
    setForm({ hash: r.hash, previous, salt: history?.commitment?.salt ?? '', roll: r.roll })
    setCheck(null)
  }
  const submit = (e: FormEvent) => {
    e.preventDefault()
    const hash = form.hash.trim().toLowerCase()
    if (!/^[0-9a-f]{64}$/.test(hash) || !form.salt) return setCheck(null)
    const c = verifyRound({ hash, roll: form.roll }, form.previous.trim().toLowerCase(), form.salt.trim(), ROUND_GAMES[game].rules.size)
    setCheck({ linked: c.linked, roll: c.roll, rollMatches: form.roll === null ? null : c.rollMatches })
  }
  return (
    <div className="round-fair">
      <p className="muted">{t('casino.round.fair.explain')}</p>
      {history?.commitment && <RoundCommitment commitment={history.commitment} />}
      {rounds.length > 0 && (
        <ul className="fair-rounds">
          {rounds.slice(0, 10).map((r, i) => (
            <li key={r.roundId}>
              <button type="button" className="secondary small" disabled={!r.hash} onClick={() => pick(i)}>
                {t('casino.round.fair.pick', { id: r.roundId, result: r.roll ?? '–' })}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className="form" onSubmit={submit} aria-label={t('casino.round.fair.verify')}>
        <label className="field">
          <span>{t('casino.round.fair.hash')}</span>
          <input value={form.hash} onChange={(e) => setForm({ ...form, hash: e.target.value, roll: null })} spellCheck={false} autoComplete="off" />
        </label>
        <label className="field">
          <span>{t('casino.round.fair.previous')}</span>
          <input value={form.previous} onChange={(e) => setForm({ ...form, previous: e.target.value })} spellCheck={false} autoComplete="off" />
        </label>
        <label className="field">
          <span>{t('casino.round.fair.salt')}</span>
          <input value={form.salt} onChange={(e) => setForm({ ...form, salt: e.target.value })} spellCheck={false} autoComplete="off" />
        </label>
        <button type="submit" className="secondary">
          {t('casino.round.fair.verify')}
        </button>
      </form>
      {check && (
        <div className={`verify-result ${check.linked && check.rollMatches !== false ? 'ok' : 'bad'}`} role="status" data-testid="round-verify-result">
          <p>{check.linked ? t('casino.round.fair.linked') : t('casino.round.fair.notLinked')}</p>
          <p>{t('casino.round.fair.roll', { result: resultName(t, game, check.roll) })}</p>
          {check.rollMatches !== null && <p>{check.rollMatches ? t('casino.round.fair.matches') : t('casino.round.fair.mismatch')}</p>}
        </div>
      )}
    </div>
  )
}
