import { expect, test, type Page } from '@playwright/test'
import { E2E_OPS_TOKEN } from '../e2e/opsToken'

/**
 * The sportsbook's visual snapshots at 390x844 in snapshot mode: the sportsbook's clock stands still
 * (SPORT_CLOCK) and its matches follow a seed (SPORT_SEED, playwright.config.ts), so the same
 * matches, scores and odds in every run. Upcoming football matches by kick-off: the e2e tests settle
 * 0 to 3 and bet on 5 and 7, snapshots.spec's slip takes 8 to 10; these take 11 and on.
 */
const SHOT = { threshold: 0.05 } as const

/** The app's shell (the top bar, the footer, the tab bar) has snapshots of its own: masked here, so these follow the sportsbook's pages only. */
const shell = (page: Page) => [page.locator('.topbar'), page.locator('footer.footer'), page.locator('.tabbar')]

/** A test account's credentials pop-up (once per session, spec) closed if it opens, so it never covers the page. */
async function closeTestAccountPopup(page: Page) {
  const popup = page.getByRole('dialog', { name: 'Conta de teste' })
  await popup.waitFor({ timeout: 5_000 }).then(
    () => popup.getByRole('button', { name: 'Fechar' }).first().click(),
    () => undefined,
  )
  await expect(popup).toHaveCount(0)
}

/**
 * The server's app info in (the demo ribbon's text: the sports pages' own note paints before it, from
 * the build's mode hint), fonts ready, two animation frames: byte-stable (STACK.md).
 */
async function settle(page: Page) {
  await page.locator('p.demo-ribbon[role="note"]').waitFor()
  await page.evaluate(async () => {
    await document.fonts.ready
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))
  })
}

interface Market {
  marketId: string
  type: string
  period: number
  selections: { selectionId: string; name: string; odds: number }[]
}
interface Match {
  matchId: string
  home: string
  away: string
  main: Market
}

async function football(page: Page, state: 'live' | 'upcoming'): Promise<Match[]> {
  return (await (await page.request.get(`/api/app/sport/matches?sport=football&state=${state}`)).json()).data as Match[]
}

const NAMES: Record<string, string> = { home: 'Casa', draw: 'Empate', away: 'Fora' }

/** The slip as a reload finds it (kept in the browser): these matches' main-market picks. */
async function storeSlip(page: Page, picks: { match: Match; name: string }[], stakes: Record<string, string>, parlayStake: string) {
  const slip = picks.map(({ match, name }) => {
    const sel = match.main.selections.find((s) => s.name === name)!
    const side = name === 'home' ? match.home : name === 'away' ? match.away : NAMES[name]
    return { selectionId: sel.selectionId, matchId: match.matchId, match: `${match.home} x ${match.away}`, label: `Resultado final: ${side}`, odds: sel.odds, live: false }
  })
  await page.addInitScript((s) => localStorage.setItem('aposta:slip', JSON.stringify(s)), { slip, stakes: Object.fromEntries(slip.map((x, i) => [x.selectionId, stakes[i] ?? '1.00'])), parlayStake, acceptOdds: 'higher' })
  return slip
}

/** A player with play money (a test account), signed in by its stored token; its token. */
async function playMoneyPlayer(page: Page): Promise<string> {
  const codeId = 4343
  await page.request.get(`/api/auth/user/captcha/${codeId}`)
  const reg = await page.request.post('/api/auth/user/restRegister', { data: { username: `visual.sport.${Date.now()}@example.com`, pwd: 'segredo123', codeId, captCode: 'teste' } })
  const first = (await reg.json()).data.access_token as string
  const demo = (await (await page.request.get('/api/app/user/getUserTest', { headers: { authorization: first } })).json()).data as { username: string; pwd: string }
  await page.request.get(`/api/auth/user/captcha/${codeId}`)
  const login = await page.request.post('/api/auth/user/restLogin', { data: { username: demo.username, pwd: demo.pwd, codeId, captCode: 'teste' } })
  const token = (await login.json()).data.access_token as string
  await page.addInitScript((t) => localStorage.setItem('aposta:token', JSON.stringify(t)), token)
  return token
}

async function placeBet(page: Page, token: string, type: 'single' | 'parlay', amount: string, selections: { selectionId: string; odds: number }[]) {
  const res = await page.request.post('/api/app/sport/bet', { headers: { authorization: token, 'idempotency-key': `visual-${type}-${Date.now()}-${Math.random()}` }, data: { type, amount, selections, acceptOdds: 'none' } })
  expect((await res.json()).status).toBe(200)
}

test('the football list: sports as icons with live counts, leagues under their country, crests and the 1X2 prices on each row', async ({ page }) => {
  await page.goto('/footballPage?snapshot=1')
  await expect(page.getByRole('tab', { name: /^Ao vivo/ })).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByTestId('match-row').first()).toBeVisible()
  await expect(page.getByRole('region', { name: 'Brasil', exact: true })).toBeVisible()
  await settle(page)
  await expect(page).toHaveScreenshot('sport-list.png', { ...SHOT, mask: shell(page) })
})

test('the slip: singles with their stakes and quick stakes, then the parlay ("Múltipla") with its potential win', async ({ page }) => {
  const up = await football(page, 'upcoming')
  const [a, b, c] = up.slice(11, 14) as [Match, Match, Match]
  await storeSlip(page, [{ match: a, name: 'home' }, { match: b, name: 'draw' }, { match: c, name: 'away' }], { 0: '10.00', 1: '10.00', 2: '10.00' }, '20.00')
  await page.goto('/footballPage?snapshot=1')
  await page.getByTestId('slip-counter').click()
  const dialog = page.getByRole('dialog', { name: 'Cupom de apostas' })
  await expect(dialog.getByTestId('slip-unavailable')).toHaveCount(0)
  // Three selections of three matches: the parlay's tab first.
  await expect(dialog.getByRole('tab', { name: 'Múltipla' })).toHaveAttribute('aria-selected', 'true')
  await expect(dialog.getByRole('button', { name: 'R$ 20,00', exact: true })).toHaveAttribute('aria-pressed', 'true')
  await settle(page)
  await expect(dialog).toHaveScreenshot('sport-slip-parlay.png', SHOT)
  await dialog.getByRole('tab', { name: /^Simples/ }).click()
  await expect(dialog.getByRole('button', { name: 'R$ 10,00', exact: true })).toHaveAttribute('aria-pressed', 'true')
  await settle(page)
  await expect(dialog).toHaveScreenshot('sport-slip-singles.png', SHOT)
})

test('My bets: a settled single that won and an open parlay, each leg with its match, market, pick and recorded odds', async ({ page }) => {
  const token = await playMoneyPlayer(page)
  const up = await football(page, 'upcoming')
  const [a, b, c] = up.slice(14, 17) as [Match, Match, Match]
  const pick = (m: Match, name: string) => {
    const s = m.main.selections.find((x) => x.name === name)!
    return { selectionId: s.selectionId, odds: s.odds }
  }
  await placeBet(page, token, 'single', '10.00', [pick(a, 'home')])
  await placeBet(page, token, 'parlay', '5.00', [pick(b, 'draw'), pick(c, 'away')])
  const settled = await page.request.post(`/api/dev/sport/matches/${a.matchId}/result`, { headers: { 'x-ops-token': E2E_OPS_TOKEN }, data: { fullTime: { home: 2, away: 1 }, halfTime: { home: 1, away: 0 }, corners: { home: 5, away: 3 } } })
  expect((await settled.json()).status).toBe(200)
  await page.goto('/sportBets?snapshot=1')
  await closeTestAccountPopup(page)
  const bets = page.getByTestId('sport-bet')
  await expect(bets).toHaveCount(1)
  await expect(bets.getByTestId('bet-leg')).toHaveCount(2)
  await settle(page)
  // A bet's id and date change from run to run (and with the tests before it).
  const varying = [...shell(page), page.getByTestId('bet-id'), page.getByTestId('bet-date')]
  await expect(page).toHaveScreenshot('sport-my-bets-open.png', { ...SHOT, mask: varying })
  await page.getByRole('tab', { name: 'Encerradas' }).click()
  await expect(bets.getByTestId('bet-status')).toHaveText(['Ganhou'])
  await settle(page)
  await expect(page).toHaveScreenshot('sport-my-bets-settled.png', { ...SHOT, mask: varying })
})

test('a match page: the scoreboard with both crests and every market grouped', async ({ page }) => {
  const live = await football(page, 'live')
  await page.goto(`/sportMatch/${live[1]!.matchId}?snapshot=1`)
  await expect(page.getByTestId('scoreboard')).toBeVisible()
  await expect(page.getByTestId('market-group').first()).toBeVisible()
  await settle(page)
  await expect(page).toHaveScreenshot('sport-match-page.png', { ...SHOT, mask: shell(page) })
})
