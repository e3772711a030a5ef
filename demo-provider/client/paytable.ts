/**
 * The paytable dialog: each symbol's picture with its pays at the current bet, the rules, the 20
 * lines as tiny grids and the stated RTP. A modal <dialog>: focus stays inside (Tab wraps), Escape
 * and the close button close it, and focus goes back to the button that opened it.
 */
import { LINES, PAYTABLE, REELS, ROWS, RTP_TEXT, SYMBOLS } from '../shared/slotMath'
import { fill, lineColorCss, linePayCentavos, type Texts } from './format'
import { symbolSvg, svgUrl, type Theme } from './themes'

const el = <K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string): HTMLElementTagNameMap[K] => {
  const node = document.createElement(tag)
  if (className) node.className = className
  if (text !== undefined) node.textContent = text
  return node
}

const FOCUSABLE = 'button, [href], input, select, textarea, [tabindex]:not([tabindex="-1"])'

export class Paytable {
  private opener: HTMLElement | null = null
  private readonly pictures: Record<string, string>

  constructor(
    private readonly dialog: HTMLDialogElement,
    private readonly texts: Texts,
    theme: Theme,
    private readonly money: (centavos: number) => string,
    /** The RTP as the page's language writes it (format.ts rtpText). */
    private readonly rtp: string = RTP_TEXT,
  ) {
    this.pictures = Object.fromEntries(SYMBOLS.map((s) => [s, svgUrl(symbolSvg(theme, s, texts.wildMark))]))
    const title = dialog.querySelector('#paytable-title')
    if (title) title.textContent = texts.paytableTitle
    const close = dialog.querySelector<HTMLButtonElement>('#paytable-close')
    if (close) {
      close.setAttribute('aria-label', texts.close)
      close.title = texts.close
      close.addEventListener('click', () => dialog.close())
    }
    dialog.addEventListener('close', () => {
      this.opener?.focus()
      this.opener = null
    })
    // A click on the backdrop (outside the dialog's box) closes it too.
    dialog.addEventListener('click', (event) => {
      if (event.target === dialog) {
        const r = dialog.getBoundingClientRect()
        const inside = event.clientX >= r.left && event.clientX <= r.right && event.clientY >= r.top && event.clientY <= r.bottom
        if (!inside) dialog.close()
      }
    })
    dialog.addEventListener('keydown', (event) => this.trapTab(event))
  }

  get isOpen(): boolean {
    return this.dialog.open
  }

  open(bet: number, opener: HTMLElement): void {
    this.opener = opener
    this.render(bet)
    this.dialog.showModal()
    this.dialog.querySelector<HTMLElement>('#paytable-close')?.focus()
    const body = this.dialog.querySelector('#paytable-body')
    if (body) body.scrollTop = 0
  }

  private trapTab(event: KeyboardEvent): void {
    if (event.key !== 'Tab') return
    const items = [...this.dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((e) => !e.hasAttribute('disabled'))
    const first = items[0]
    const last = items[items.length - 1]
    if (!first || !last) return
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault()
      last.focus()
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault()
      first.focus()
    }
  }

  private render(bet: number): void {
    const t = this.texts
    const body = this.dialog.querySelector('#paytable-body')
    if (!body) return
    body.replaceChildren()

    body.append(el('p', 'paytable-bet', fill(t.paytableBet, { bet: this.money(bet) })))

    const table = el('table', 'pays')
    const head = el('tr')
    head.append(el('th', undefined, t.symbolHeader))
    for (const count of [3, 4, 5]) head.append(el('th', undefined, fill(t.kindHeader, { count })))
    for (const th of head.children) th.setAttribute('scope', 'col')
    table.append(el('thead'), el('tbody'))
    table.tHead?.append(head)
    for (const symbol of SYMBOLS) {
      const row = el('tr')
      const picture = el('th')
      picture.setAttribute('scope', 'row')
      const img = el('img')
      img.src = this.pictures[symbol] ?? ''
      img.alt = t.symbols[symbol]
      img.width = 48
      img.height = 48
      picture.append(img)
      row.append(picture)
      const [three, four, five] = PAYTABLE[symbol]
      for (const pay of [three, four, five]) row.append(el('td', undefined, this.money(linePayCentavos(pay, bet))))
      table.tBodies[0]?.append(row)
    }
    body.append(table)

    body.append(el('h3', undefined, t.rulesTitle))
    const rules = el('ul', 'rules')
    for (const rule of [t.rule1, t.rule2, t.rule3, t.rule4, t.rule5]) rules.append(el('li', undefined, rule))
    const wildRule = rules.children[2]
    if (wildRule) {
      const img = el('img', 'rule-wild')
      img.src = this.pictures.wild ?? ''
      img.alt = ''
      img.width = 28
      img.height = 28
      wildRule.prepend(img)
    }
    body.append(rules)

    body.append(el('h3', undefined, t.linesTitle))
    const lines = el('ol', 'lines')
    LINES.forEach((rows, index) => {
      const line = index + 1
      const item = el('li')
      const grid = el('span', 'mini')
      grid.setAttribute('role', 'img')
      grid.setAttribute('aria-label', fill(t.lineName, { line }))
      const color = lineColorCss(line)
      for (let row = 0; row < ROWS; row++) {
        for (let reel = 0; reel < REELS.length; reel++) {
          const dot = el('i')
          if (rows[reel] === row) {
            dot.className = 'on'
            dot.style.background = color
          }
          grid.append(dot)
        }
      }
      const number = el('span', 'line-number', String(line))
      number.setAttribute('aria-hidden', 'true')
      item.append(grid, number)
      lines.append(item)
    })
    body.append(lines)

    const rtp = el('p', 'rtp')
    rtp.append(el('span', undefined, t.rtpLabel), el('strong', undefined, this.rtp))
    body.append(rtp)
  }
}
