/**
 * The demo provider's game page: /demo-provider/{CODE}/?token=…&game=…&lang=…, shown inside the
 * casino's full-screen frame. It wires the texts, the theme, the reels (reelView.ts), the provider's
 * API (api.ts), the paytable and autoplay, and tells the framing app each balance it shows.
 */
import './style.css'
import { DEMO_BETS, DEMO_GAMES } from '../shared/catalog'
import { REELS, gridOf, type LineWin } from '../shared/slotMath'
import { NETWORK_ERROR, ProviderApi, type SpinAnswer } from './api'
import { fill, languageTag, moneyFormatter, plural, rtpText, withThemeSymbols } from './format'
import { Paytable } from './paytable'
import { ReelView } from './reelView'
import { endsSession, gridText, isBigWin, lineWinText, resultText, statusText } from './results'
import { drawAtlas } from './symbols'
import { loadTexts, pickLang } from './texts'
import { themeOf } from './themes'

const AUTO_CHOICES = [10, 25, 50] as const
/** Least time between two figures of the win count-up (ms). */
const COUNT_STEP_MS = 30
/** The stake selected at start (R$ 1,00 when offered). */
const DEFAULT_BET = 100

function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const node = document.getElementById(id)
  if (!node) throw new Error(`#${id} missing from index.html`)
  return node as T
}

const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)')
const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

async function start(): Promise<void> {
  const params = new URLSearchParams(location.search)
  const code = decodeURIComponent(/\/demo-provider\/([^/]+)\//.exec(location.pathname)?.[1] ?? '')
  const token = params.get('token') ?? ''
  const game = params.get('game') ?? ''
  const lang = pickLang(params.get('lang'))
  const theme = themeOf(game)
  const loaded = await loadTexts(lang)
  const texts = withThemeSymbols(loaded.texts, theme.id)
  const textLang = loaded.textLang
  const money = moneyFormatter(lang)
  const gameName = (DEMO_GAMES[code] ?? []).find((g) => g.code === game)?.name ?? Object.values(DEMO_GAMES).flat().find((g) => g.code === game)?.name ?? game
  const api = new ProviderApi(`/demo-provider/${encodeURIComponent(code)}`, token)

  // ----- Static texts and theme ------------------------------------------------------------
  // The language the texts are in (pt_BR while a locale has no section yet); money follows `lang`.
  document.documentElement.lang = languageTag(textLang)
  document.title = gameName
  for (const [name, value] of Object.entries(theme.css)) document.documentElement.style.setProperty(name, value)
  document.documentElement.dataset.theme = theme.id

  const ui = {
    app: byId('app'),
    name: byId('game-name'),
    marquee: byId('marquee'),
    balanceLabel: byId('balance-label'),
    balance: byId<HTMLOutputElement>('balance'),
    reels: byId('reels'),
    loading: byId('loading'),
    bigWin: byId('big-win'),
    bigWinTitle: byId('big-win-title'),
    bigWinAmount: byId('big-win-amount'),
    gridRegion: byId('grid-region'),
    gridText: byId('grid-text'),
    live: byId('live'),
    winLabel: byId('win-label'),
    win: byId<HTMLOutputElement>('win'),
    message: byId('message'),
    betLabel: byId('bet-label'),
    bet: byId<HTMLSelectElement>('bet'),
    spin: byId<HTMLButtonElement>('spin'),
    auto: byId<HTMLButtonElement>('auto'),
    autoText: byId('auto-text'),
    autoCount: byId('auto-count'),
    // The button's name is this hidden text, which holds what it shows ('Auto', 'Parar' and the count) in words.
    autoName: byId('auto-name'),
    autoMenu: byId('auto-menu'),
    paytableOpen: byId<HTMLButtonElement>('paytable-open'),
    paytable: byId<HTMLDialogElement>('paytable'),
  }

  ui.name.textContent = gameName
  ui.marquee.textContent = gameName
  ui.balanceLabel.textContent = texts.balance
  ui.loading.textContent = texts.loading
  ui.bigWinTitle.textContent = texts.bigWin
  ui.gridRegion.setAttribute('aria-label', texts.reelsLabel)
  ui.winLabel.textContent = texts.lastWin
  ui.win.textContent = money(0)
  ui.betLabel.textContent = texts.bet
  ui.bet.setAttribute('aria-label', texts.betLabel)
  ui.spin.setAttribute('aria-label', texts.spinLabel)
  ui.spin.title = texts.spin
  ui.autoMenu.setAttribute('aria-label', texts.autoChoose)
  ui.paytableOpen.textContent = texts.paytable
  ui.paytableOpen.setAttribute('aria-label', texts.paytableLabel)
  for (const stake of DEMO_BETS) ui.bet.add(new Option(money(stake), String(stake), false, stake === DEFAULT_BET))
  for (const count of AUTO_CHOICES) {
    const choice = document.createElement('button')
    choice.type = 'button'
    choice.className = 'pill'
    choice.textContent = fill(texts.autoCount, { count })
    choice.addEventListener('click', () => {
      closeAutoMenu(true)
      void runAutoplay(count)
    })
    ui.autoMenu.append(choice)
  }

  // ----- State -------------------------------------------------------------------------------
  let stops: number[] = REELS.map(() => 0)
  let balance: number | null = null
  let spinning = false
  let sessionOver = token === ''
  let autoplay: { left: number } | null = null
  let winCount: { cancel: () => void } | null = null
  const bet = () => Number(ui.bet.value)

  /**
   * Shows a balance and tells the framing app (every change, the first one included), at the
   * page's address's origin only: sandboxed, the page's own origin is 'null', but `location`
   * still reads its address.
   */
  const showBalance = (value: number) => {
    if (value === balance) return
    balance = value
    ui.balance.textContent = money(value)
    if (window.parent !== window) window.parent.postMessage({ type: 'provider:balance', balance: value, currency: 'BRL' }, location.origin)
  }

  // Announcements made in the same moment are read together (a later one must not cut an earlier one).
  let toAnnounce: string[] = []
  const announce = (text: string) => {
    toAnnounce.push(text)
    if (toAnnounce.length > 1) return
    // Emptied first, so the same sentence twice in a row is read twice.
    ui.live.textContent = ''
    requestAnimationFrame(() => {
      ui.live.textContent = toAnnounce.join(' ')
      toAnnounce = []
    })
  }

  const showMessage = (text: string, kind: 'line' | 'error' | 'info' = 'info') => {
    ui.message.textContent = text || '\u00a0'
    ui.message.dataset.kind = kind
  }

  const describeGrid = () => (ui.gridText.textContent = gridText(texts, gridOf(stops)))

  const setDisabled = (button: HTMLButtonElement, disabled: boolean) => {
    // aria-disabled keeps a focused button focused while it waits (the keyboard stays in place).
    button.setAttribute('aria-disabled', String(disabled))
  }
  const isDisabled = (button: HTMLButtonElement) => button.getAttribute('aria-disabled') === 'true'

  const updateControls = () => {
    const ready = ui.app.dataset.ready === 'true'
    setDisabled(ui.spin, !ready || spinning || autoplay !== null || sessionOver)
    ui.bet.disabled = !ready || spinning || autoplay !== null || sessionOver
    if (autoplay) {
      ui.autoText.textContent = texts.autoStop
      ui.autoCount.hidden = false
      ui.autoCount.textContent = String(autoplay.left)
      ui.autoName.textContent = plural(texts, 'autoStopLabel', textLang, { count: autoplay.left })
      ui.auto.classList.add('active')
      setDisabled(ui.auto, false)
    } else {
      ui.autoText.textContent = texts.auto
      ui.autoCount.hidden = true
      ui.autoName.textContent = texts.autoLabel
      ui.auto.classList.remove('active')
      setDisabled(ui.auto, !ready || spinning || sessionOver)
    }
  }

  // ----- Win presentation --------------------------------------------------------------------
  /** Counts the win up (at once with reduced motion); resolves when the full amount shows. */
  const countWin = (payout: number, stake: number): Promise<void> => {
    winCount?.cancel()
    ui.winLabel.textContent = texts.win
    if (reducedMotion.matches || payout === 0) {
      ui.win.textContent = money(payout)
      return Promise.resolve()
    }
    const duration = Math.min(2600, 700 + (payout / stake) * 120)
    return new Promise((resolve) => {
      const t0 = performance.now()
      let frame = 0
      let shown = -1
      let shownAt = -Infinity
      const finish = () => {
        cancelAnimationFrame(frame)
        ui.win.textContent = money(payout)
        winCount = null
        resolve()
      }
      const step = (now: number) => {
        const k = Math.min(1, (now - t0) / duration)
        const value = Math.floor(payout * (1 - (1 - k) ** 3))
        // About 30 new figures a second (every other frame at 60 fps) reads as the same count, and
        // each new figure costs the page a style, layout and paint pass.
        if (value !== shown && now - shownAt >= COUNT_STEP_MS) {
          ui.win.textContent = money(value)
          shown = value
          shownAt = now
        }
        if (k < 1) frame = requestAnimationFrame(step)
        else finish()
      }
      winCount = { cancel: finish }
      frame = requestAnimationFrame(step)
    })
  }

  let bigWinTimer: ReturnType<typeof setTimeout> | undefined
  const celebrate = (payout: number) => {
    clearTimeout(bigWinTimer)
    ui.bigWinAmount.textContent = money(payout)
    ui.bigWin.hidden = false
    bigWinTimer = setTimeout(() => (ui.bigWin.hidden = true), 3200)
  }

  // ----- A spin ------------------------------------------------------------------------------
  /** Plays one spin; resolves true when autoplay may go on. */
  const spinOnce = async (): Promise<boolean> => {
    const stake = bet()
    spinning = true
    updateControls()
    ui.bigWin.hidden = true
    winCount?.cancel()
    ui.winLabel.textContent = texts.lastWin
    showMessage('')
    const before = balance
    // The stake is taken first: show it gone while the reels spin.
    if (before !== null && before >= stake) showBalance(before - stake)
    scene.spin()
    const answer: SpinAnswer = await api.spin(game, stake)
    try {
      if (answer.ok) {
        showBalance(answer.balance - answer.payout)
        await scene.land(answer.stops)
        stops = answer.stops
        describeGrid()
        await presentResult(answer.wins, answer.payout, stake)
        showBalance(answer.balance)
        return !isBigWin(answer.payout, stake)
      }
      // No result: the reels come back to the grid they showed before.
      await scene.land(stops)
      if (answer.balance !== undefined) showBalance(answer.balance)
      else if (endsSession(answer.status)) {
        if (before !== null) showBalance(before)
      } else {
        const fresh = await api.balance()
        if (fresh.ok) showBalance(fresh.balance)
        else if (before !== null) showBalance(before)
      }
      if (endsSession(answer.status)) sessionOver = true
      const text = statusText(texts, answer.status, answer.message)
      showMessage(text, 'error')
      announce(text)
      return false
    } finally {
      spinning = false
      updateControls()
    }
  }

  const presentResult = async (wins: LineWin[], payout: number, stake: number) => {
    const summary = resultText(texts, money, wins, payout, textLang)
    announce(summary)
    if (payout === 0) {
      ui.winLabel.textContent = texts.lastWin
      ui.win.textContent = money(0)
      showMessage(summary, 'info')
      return
    }
    scene.showWins(wins, (win) => showMessage(win ? lineWinText(texts, money, win, stake) : summary, 'line'))
    if (isBigWin(payout, stake)) celebrate(payout)
    await countWin(payout, stake)
  }

  // ----- Autoplay ----------------------------------------------------------------------------
  const runAutoplay = async (count: number) => {
    if (autoplay || spinning || sessionOver) return
    autoplay = { left: count }
    announce(fill(texts.autoStarted, { count }))
    updateControls()
    while (autoplay && autoplay.left > 0 && !sessionOver) {
      autoplay.left--
      updateControls()
      const goOn = await spinOnce()
      if (!goOn || !autoplay || autoplay.left === 0) break
      // A moment to see the result before the next spin.
      await delay(scene.hasWins ? 1500 : 400)
    }
    if (autoplay) stopAutoplay()
  }

  const stopAutoplay = () => {
    if (!autoplay) return
    autoplay = null
    announce(texts.autoEnded)
    updateControls()
  }

  const closeAutoMenu = (focusButton: boolean) => {
    if (ui.autoMenu.hidden) return
    ui.autoMenu.hidden = true
    ui.auto.setAttribute('aria-expanded', 'false')
    if (focusButton) ui.auto.focus()
  }

  // ----- Events ------------------------------------------------------------------------------
  ui.spin.addEventListener('click', () => {
    if (isDisabled(ui.spin)) return
    void spinOnce()
  })
  ui.auto.addEventListener('click', () => {
    if (autoplay) return stopAutoplay()
    if (isDisabled(ui.auto)) return
    const open = ui.autoMenu.hidden
    ui.autoMenu.hidden = !open
    ui.auto.setAttribute('aria-expanded', String(open))
    if (open) ui.autoMenu.querySelector('button')?.focus()
  })
  ui.autoMenu.addEventListener('focusout', (event) => {
    const next = event.relatedTarget as Node | null
    if (next && !ui.autoMenu.contains(next) && next !== ui.auto) closeAutoMenu(false)
  })
  ui.autoMenu.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') {
      event.preventDefault()
      closeAutoMenu(true)
    }
  })
  document.addEventListener('pointerdown', (event) => {
    const target = event.target as Node
    if (!ui.autoMenu.hidden && !ui.autoMenu.contains(target) && !ui.auto.contains(target)) closeAutoMenu(false)
  })
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') stopAutoplay()
  })

  // ----- Start -------------------------------------------------------------------------------
  updateControls()
  const paytable = new Paytable(ui.paytable, texts, theme, money, rtpText(lang))
  ui.paytableOpen.addEventListener('click', () => {
    closeAutoMenu(false)
    paytable.open(bet(), ui.paytableOpen)
  })

  const atlas = await drawAtlas(theme, texts.wildMark)
  const scene = await ReelView.start({ host: ui.reels, reelColor: theme.reelColor, reelAlpha: theme.reelAlpha, atlas, reduced: reducedMotion.matches, stops })
  ui.loading.hidden = true
  describeGrid()

  if (sessionOver) {
    showMessage(texts.errorSession, 'error')
    announce(texts.errorSession)
  } else {
    const first = await api.balance()
    if (first.ok) showBalance(first.balance)
    else {
      if (endsSession(first.status)) sessionOver = true
      const text = first.status === NETWORK_ERROR ? texts.errorBalance : statusText(texts, first.status)
      showMessage(text, 'error')
      announce(text)
    }
  }
  ui.app.dataset.ready = 'true'
  updateControls()
}

void start()
