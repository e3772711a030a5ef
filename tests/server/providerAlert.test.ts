/**
 * The providers' payout alert (issue 29): a provider paying out more than it takes in a day, by
 * more than PROVIDER_ALERT_NET_PER_DAY, is named in the log as a warning, once a day.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkProviderPayouts } from '../../src/server/providers/payoutAlert'
import { PROVIDER_WALLET_PREFIX } from '../../src/server/providers/routes'
import { openProviderSession } from '../../src/server/providers/sessions'
import { signBody } from '../../src/server/providers/signature'
import { startTestApp, type TestApp, logCapture } from './testApp'
import { fundCash, newPlayer } from './walletHelpers'

const SECRETS = { PG: 'pg-secret-for-tests-0123456789abcdef', EVO: 'evo-secret-for-tests-0123456789abcdef' }
let t: TestApp
const captured = logCapture()
const log = () => captured.text()
beforeAll(async () => {
  // R$ 100 a day. Listening: the demo provider's game list is read over HTTP from this server.
  t = await startTestApp({}, { PROVIDER_SECRETS: `PG=${SECRETS.PG},EVO=${SECRETS.EVO}`, PROVIDER_ALERT_NET_PER_DAY: '100', LOG: '1' }, { logStream: captured.stream })
})
afterAll(() => t.close())

let seq = 0
/** One round of a provider's game for a new player: a bet, then its win. */
async function round(code: 'PG' | 'EVO', game: string, stake: number, won: number): Promise<void> {
  const player = await newPlayer(t)
  await fundCash(t, player.userId, 100_000n)
  const token = await openProviderSession(t.db, player.userId, code, game, new Date(t.app.deps.now()), t.config.providerSessionMs)
  const id = `alert-${process.pid}-${++seq}`
  const send = async (op: string, body: Record<string, unknown>) => {
    const raw = JSON.stringify({ requestId: `${id}-${op}`, token, game, roundId: id, currency: 'BRL', ...body })
    const res = await t.app.inject({ method: 'POST', url: `${PROVIDER_WALLET_PREFIX}/${code}/wallet/${op}`, headers: { 'content-type': 'application/json', 'x-signature': signBody(SECRETS[code], raw) }, payload: raw })
    expect((JSON.parse(res.body) as { status: string }).status, `${code} ${op}`).toBe('OK')
  }
  await send('bet', { transactionId: `${id}-bet`, amount: stake })
  await send('win', { transactionId: `${id}-win`, referenceTransactionId: `${id}-bet`, amount: won })
}

const alerts = () =>
  log()
    .split('\n')
    .filter((l) => l.includes('provider-net-payout'))
    .map((l) => JSON.parse(l) as Record<string, unknown>)

describe('provider payout alert', () => {
  it("names, as a warning, each provider whose wins less its stakes today pass the threshold, once a day; one below it is not named", async () => {
    const alerted = new Map<string, string>()
    // PG: R$ 90 out net, below R$ 100; EVO: R$ 0,80 out net.
    await round('PG', 'demo-fruits', 1_000, 10_000)
    await round('EVO', 'demo-ocean', 100, 180)
    expect(await checkProviderPayouts(t.app.deps, t.app.log, alerted)).toEqual([])
    expect(alerts()).toEqual([])
    // PG's second round takes it to R$ 90 + R$ 15 = R$ 105 out net.
    await round('PG', 'demo-jungle', 500, 2_000)
    const named = await checkProviderPayouts(t.app.deps, t.app.log, alerted)
    expect(named.map((n) => [n.provider, n.stakes, n.wins])).toEqual([['PG', 1_500n, 12_000n]])
    expect(alerts()).toEqual([expect.objectContaining({ level: 40, provider: 'PG', stakes: 1_500, wins: 12_000, net: 10_500, threshold: 10_000 })])
    // Named once a day.
    await round('PG', 'demo-fruits', 100, 7_800)
    expect(await checkProviderPayouts(t.app.deps, t.app.log, alerted)).toEqual([])
    expect(alerts()).toHaveLength(1)
    // The next day starts from nothing: a day's stakes and wins only.
    t.advance(86_400_000)
    expect(await checkProviderPayouts(t.app.deps, t.app.log, alerted)).toEqual([])
  })
})
