/**
 * The providers' payout alert (issue 29): a provider whose wins less its stakes today (São Paulo's
 * day) pass PROVIDER_ALERT_NET_PER_DAY is named in the log, once a day each, as a warning. A
 * provider's secret lets its holder pay any player whatever the wallet's per-round rules allow; a
 * day of such payouts should reach an operator before the withdrawals do.
 *
 * A check every few minutes, not on each win: a running total per provider would be one row that
 * every bet of that provider writes, and they would all queue on it.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import type { Config } from '../config'
import type { Db } from '../db/connection'
import { dayOf, dayStart, nextDay } from '../wallet/days'

const CHECK_EVERY_MS = 5 * 60_000

export interface ProviderDayNet {
  provider: string
  day: string
  /** Today's stakes not rolled back, centavos. */
  stakes: bigint
  /** Today's wins, centavos. */
  wins: bigint
}

/**
 * Checks today's net of every provider and logs those above the threshold not yet named today
 * (`alerted`: provider -> day, kept by the caller). Returns the ones it logged.
 */
export async function checkProviderPayouts(
  deps: { db: Db; config: Pick<Config, 'providerAlertNetPerDay'>; now: () => number },
  log: FastifyBaseLogger,
  alerted: Map<string, string>,
): Promise<ProviderDayNet[]> {
  const day = dayOf(deps.now())
  const r = await deps.db.query<{ provider: string; stakes: string; wins: string }>(
    `SELECT provider,
            COALESCE(sum(amount) FILTER (WHERE kind = 'bet' AND state IN ('open', 'settled')), 0)::text AS stakes,
            COALESCE(sum(amount) FILTER (WHERE kind = 'win'), 0)::text AS wins
       FROM provider_transactions WHERE created_at >= $1 AND created_at < $2 GROUP BY provider`,
    [dayStart(day), dayStart(nextDay(day))],
  )
  const over: ProviderDayNet[] = []
  for (const row of r.rows) {
    const net = { provider: row.provider, day, stakes: BigInt(row.stakes), wins: BigInt(row.wins) }
    if (net.wins - net.stakes <= deps.config.providerAlertNetPerDay || alerted.get(net.provider) === day) continue
    alerted.set(net.provider, day)
    over.push(net)
    log.warn(
      { alert: 'provider-net-payout', provider: net.provider, day, stakes: Number(net.stakes), wins: Number(net.wins), net: Number(net.wins - net.stakes), threshold: Number(deps.config.providerAlertNetPerDay) },
      'provider alert: its net payout today is above PROVIDER_ALERT_NET_PER_DAY',
    )
  }
  return over
}

/** Runs checkProviderPayouts every 5 minutes until the app closes (waiting for a check in progress). */
export function startPayoutAlert(app: FastifyInstance, deps: { db: Db; config: Config; now: () => number }): void {
  const alerted = new Map<string, string>()
  let timer: ReturnType<typeof setTimeout> | null = null
  let running: Promise<void> = Promise.resolve()
  let stopped = false
  const run = () => {
    running = checkProviderPayouts(deps, app.log, alerted)
      .then(() => undefined)
      .catch((err: unknown) => app.log.error({ err }, 'provider payout check failed'))
      .finally(() => {
        if (!stopped) schedule()
      })
  }
  const schedule = () => {
    timer = setTimeout(run, CHECK_EVERY_MS)
    timer.unref?.()
  }
  schedule()
  app.addHook('preClose', async () => {
    stopped = true
    if (timer) clearTimeout(timer)
    await running
  })
}
