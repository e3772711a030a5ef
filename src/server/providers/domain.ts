import type { FastifyInstance } from 'fastify'
import { demoProviderPlugin } from '../../../demo-provider/server/demoProvider'
import type { Deps } from '../deps'
import { providerPage } from '../http/securityHeaders'
import { DemoProvider } from './demoProvider'
import { Hub88Emulator, HUB88_EMULATOR_PATH } from './hub88/emulator'
import { Hub88Provider } from './hub88/Hub88Provider'
import { hub88WalletRoutes } from './hub88/walletRoutes'
import { startPayoutAlert } from './payoutAlert'
import { PROVIDER_WALLET_PREFIX, providerWalletRoutes } from './routes'
import { providerSecretOf } from './secrets'

/**
 * Provider games: the seamless wallet the providers call (ours, and Hub88's Wallet API), the
 * built-in demo provider's own server on this port (it calls a wallet over HTTP, as a real provider
 * would: ours directly, or the Hub88 emulator's supplier API when its code is served through Hub88),
 * the Hub88 emulator (demo mode, HUB88_URL unset), and the alert on a provider that pays out more
 * than it takes. Answers the emulator when it runs (tests drive it).
 */
export function providersDomain(app: FastifyInstance, deps: Deps, selfUrl: () => string): Hub88Emulator | null {
  const { config } = deps
  providerWalletRoutes(app, deps)
  hub88WalletRoutes(app, deps)
  const providers = [...deps.providers.values()]
  const emulated = config.hub88.url === null && !config.production && providers.some((p) => p instanceof Hub88Provider)
  const emulator = emulated ? new Hub88Emulator({ config, selfUrl, log: app.log }) : null
  emulator?.routes(app)
  const direct = (code: string) => providers.some((p) => p.code === code && p instanceof DemoProvider)
  demoProviderPlugin(app, {
    walletUrl: (code) => (direct(code) ? `${selfUrl()}${PROVIDER_WALLET_PREFIX}` : `${selfUrl()}${HUB88_EMULATOR_PATH}/supplier`),
    // A code the demo provider serves: its own (GAME_PROVIDERS's demo kind), or a supplier of the Hub88 emulator.
    secretOf: (code) => (direct(code) || emulator ? providerSecretOf(config, code) : null),
    faults: config.demoProviderFaults && !config.production,
    page: { dir: config.demoProviderDir, routeOptions: { helmet: providerPage(config) } },
  })
  startPayoutAlert(app, deps)
  return emulator
}
