import type { FastifyInstance } from 'fastify'
import { demoProviderPlugin } from '../../../demo-provider/server/demoProvider'
import type { Deps } from '../deps'
import { providerPage } from '../http/securityHeaders'
import { DemoProvider } from './demoProvider'
import { startPayoutAlert } from './payoutAlert'
import { PROVIDER_WALLET_PREFIX, providerWalletRoutes } from './routes'
import { providerSecretOf } from './secrets'

/**
 * Provider games: the seamless wallet the providers call, the built-in demo provider's own server
 * on this port (it calls the wallet over HTTP, as a real provider would), and the alert on a
 * provider that pays out more than it takes.
 */
export function providersDomain(app: FastifyInstance, deps: Deps, selfUrl: () => string): void {
  const { config } = deps
  providerWalletRoutes(app, deps)
  demoProviderPlugin(app, {
    walletUrl: () => `${selfUrl()}${PROVIDER_WALLET_PREFIX}`,
    secretOf: (code) => ([...deps.providers.values()].some((p) => p.code === code && p instanceof DemoProvider) ? providerSecretOf(config, code) : null),
    faults: config.demoProviderFaults && !config.production,
    page: { dir: config.demoProviderDir, routeOptions: { helmet: providerPage(config) } },
  })
  startPayoutAlert(app, deps)
}
