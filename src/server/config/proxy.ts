// TRUST_PROXY: which peers may say the client's address, and reading it.
import { BlockList, isIP } from 'node:net'
import { problem } from './env'

export type TrustProxy = false | number | string[]

/** An IPv4/IPv6 address, optionally with a /prefix (what proxy-addr accepts). */
function isAddressOrRange(text: string): boolean {
  const [address, prefix, ...rest] = text.split('/')
  const family = isIP(address ?? '')
  if (!family || rest.length) return false
  if (prefix === undefined) return true
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128)
}

/**
 * TRUST_PROXY: a whole number N trusts the N nearest hops (with 1, the client is the right-most
 * X-Forwarded-For entry, the one the proxy itself appended); a comma-separated list trusts only
 * those proxy addresses. "true" trusted every hop, so a client's own X-Forwarded-For became its
 * address and slipped every per-address limit: it is refused rather than reinterpreted.
 */
const MAX_PROXY_HOPS = 5

export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const text = (raw ?? '').trim()
  if (text === '' || text === '0' || text === 'false') return false
  if (/^\d+$/.test(text)) {
    // Each hop trusted lets one more X-Forwarded-For entry speak for the client: no deployment has more.
    if (Number(text) > MAX_PROXY_HOPS) return problem(`TRUST_PROXY must be at most ${MAX_PROXY_HOPS} proxy hops (or their addresses), not "${text}"`, false)
    return Number(text)
  }
  if (text === 'true') return problem('TRUST_PROXY=true is refused: give the number of proxy hops in front of the server (e.g. 1) or their addresses', false)
  const list = text.split(',').map((s) => s.trim()).filter(Boolean)
  const bad = list.find((entry) => !isAddressOrRange(entry))
  if (bad !== undefined || list.length === 0) {
    return problem(`TRUST_PROXY must be the number of proxy hops (e.g. 1) or the proxies' addresses (e.g. 10.0.0.2,10.0.0.3), not "${raw}"`, false)
  }
  return list
}

/**
 * TRUST_PROXY as fastify takes it. A hop count becomes a function of the hop index (0 is the
 * socket's peer): fastify itself treats a bare number as "trust nothing", which would put every
 * client behind the proxy into the proxy's one bucket. Only count hops when the server cannot be
 * reached around its proxies; otherwise list their addresses.
 */
export function fastifyTrustProxy(trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust
  return (_address, hop) => hop < trust
}

/**
 * The client's address of a request fastify does not see (the socket's handshake), by fastify's own
 * rule (proxy-addr): the addresses are the peer then X-Forwarded-For right to left, and the client is
 * the first one not trusted to speak for another (or the last one).
 */
export function clientAddress(trust: TrustProxy, peer: string, forwardedFor: string | string[] | undefined): string {
  if (trust === false) return peer
  const forwarded = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : (forwardedFor ?? '')).split(',').map((s) => s.trim()).filter(Boolean)
  const addresses = [peer, ...forwarded.reverse()]
  const trusted = typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : proxyList(trust)
  let i = 0
  while (i < addresses.length - 1 && trusted(addresses[i] ?? '', i)) i++
  return addresses[i] ?? peer
}

/** A TRUST_PROXY list as a test of an address (IPv4-mapped IPv6 addresses count as IPv4, as in proxy-addr). */
function proxyList(list: string[]): (address: string) => boolean {
  const blocks = new BlockList()
  for (const entry of list) {
    const [address = '', prefix] = entry.split('/')
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4'
    if (prefix === undefined) blocks.addAddress(address, family)
    else blocks.addSubnet(address, Number(prefix), family)
  }
  return (address) => {
    const plain = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '')
    const family = isIP(plain)
    return family !== 0 && blocks.check(plain, family === 6 ? 'ipv6' : 'ipv4')
  }
}
