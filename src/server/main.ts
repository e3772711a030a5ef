import { ConfigError, loadConfig } from './config'

/** A refused configuration: one line per problem, every one of them (an operator fixes them all in one pass), and exit code 2. */
function refused(err: unknown): never {
  if (!(err instanceof ConfigError)) throw err
  for (const line of err.problems) console.error(`Configuration error: ${line}`)
  process.exit(2)
}

async function main(): Promise<void> {
  let config
  try {
    config = loadConfig()
  } catch (err) {
    refused(err)
  }
  // Loaded once the configuration is accepted: a refusal answers at once, before the database and the rest load.
  const { buildApp } = await import('./app')
  // Production's gifts are checked against the database's packages once it is open (buildApp).
  const app = await buildApp(config).catch(refused)
  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'shutting down')
    const timer = setTimeout(() => process.exit(1), 10_000).unref()
    try {
      await app.close()
      clearTimeout(timer)
      process.exit(0)
    } catch (err) {
      app.log.error({ err }, 'error while shutting down')
      process.exit(1)
    }
  }
  process.on('SIGINT', () => void shutdown('SIGINT'))
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  await app.listen({ port: config.port, host: config.host })
  const { appMode, wallet } = config
  app.log.info({ appMode, pixProvider: wallet.pix.provider ?? 'none', payouts: wallet.pix.payouts ?? 'off' }, `running in ${appMode} mode`)
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
