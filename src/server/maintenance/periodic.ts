import type { FastifyInstance } from 'fastify'

/**
 * Runs `job` every `everyMs` (0: never), the first time after `firstMs`, one run at a time (the
 * next waits for the last to end); a failed run is logged as `what` and the rhythm goes on. Stops
 * before the app closes, waiting for a run in progress so the database is not closed under it.
 */
export function runPeriodically(app: FastifyInstance, what: string, everyMs: number, firstMs: number, job: () => Promise<void>): void {
  if (!(everyMs > 0)) return
  let timer: ReturnType<typeof setTimeout> | null = null
  let running: Promise<void> = Promise.resolve()
  let stopped = false
  const run = () => {
    running = job()
      .catch((err: unknown) => app.log.error({ err }, `${what} failed`))
      .finally(() => {
        if (!stopped) schedule(everyMs)
      })
  }
  const schedule = (ms: number) => {
    timer = setTimeout(run, ms)
    timer.unref?.()
  }
  schedule(firstMs)
  app.addHook('preClose', async () => {
    stopped = true
    if (timer) clearTimeout(timer)
    await running
  })
}
