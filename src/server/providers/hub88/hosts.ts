import type { Config } from '../../config'
import type { ProviderHosts } from '../registry'
import { Hub88Games } from './games'
import { HUB88_EMULATOR_PATH } from './emulator'
import { hub88Keys } from './keys'

/**
 * Hub88 for the provider registry: one Games API client shared by every code it serves (one game
 * list), made at first use (its keys may have to be made), talking to HUB88_URL or this server's
 * emulator.
 */
export function hub88Hosts(config: Config, selfUrl: () => string): NonNullable<ProviderHosts['hub88']> {
  let games: Hub88Games | null = null
  return {
    config: config.hub88,
    games: () =>
      (games ??= new Hub88Games({
        baseUrl: () => config.hub88.url ?? `${selfUrl()}${HUB88_EMULATOR_PATH}`,
        operatorId: config.hub88.operatorId,
        subPartnerId: config.hub88.subPartnerId,
        key: hub88Keys(config).ours,
        timeoutMs: config.hub88.timeoutMs,
      })),
  }
}
