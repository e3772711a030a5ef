import { createHash } from 'node:crypto'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import helmet, { type HelmetOptions } from 'helmet'
import type { Config } from '../config'

type ApplyHeaders = ReturnType<typeof helmet>

declare module 'fastify' {
  interface RouteShorthandOptions {
    /** This route's security headers instead of the app's (`framedPage`, `providerPage`). */
    helmet?: HelmetOptions
  }
  interface FastifyContextConfig {
    /** The route's own `helmet` options, made into their middleware once (installSecurityHeaders). */
    securityHeaders?: ApplyHeaders
  }
}

type HeaderConfig = Pick<Config, 'production' | 'frameSources' | 'imageSources' | 'publicOrigins'>
type Directives = Record<string, string[] | null>

/**
 * The socket's origins: the configured public origins as wss:// (ws:// for an http:// one, which
 * production refuses). CSP 3 lets 'self' cover the page's own socket, but Safari before 16 and
 * Chrome before 71 do not. Never taken from the request's Host header: a forged one would put its
 * origin into the policy.
 */
function socketOrigins(config: HeaderConfig): string[] {
  return config.publicOrigins.map((origin) => origin.replace(/^http/, 'ws'))
}

/**
 * The app's policy: every script and style from a file of this origin (React's style props go
 * through the CSSOM, which a policy does not govern), no eval (Pixi gets its no-eval shaders from
 * `pixi.js/unsafe-eval`), images and sounds also from data: and blob: (textures and sounds made in
 * the page), frames only of this origin (the sandbox pay page) and the configured ones (the
 * support chat, a real payment provider), and the app itself framed by nobody.
 */
function appDirectives(config: HeaderConfig): Directives {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:', 'blob:', ...config.imageSources],
    'media-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...socketOrigins(config)],
    // Pixi may decode images in a worker it builds from a blob.
    'worker-src': ["'self'", 'blob:'],
    'frame-src': ["'self'", ...config.frameSources],
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'manifest-src': ["'self'"],
    'upgrade-insecure-requests': config.production ? [] : null,
  }
}

// HSTS only where the app is served over HTTPS for good; this host only, since its neighbours
// on the same domain are not ours to force.
const HSTS_MAX_AGE = 31_536_000
const REFERRER_POLICY = 'strict-origin-when-cross-origin'

function helmetOptions(config: HeaderConfig, directives: Directives, frameable: boolean): HelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives },
    strictTransportSecurity: config.production ? { maxAge: HSTS_MAX_AGE, includeSubDomains: false } : false,
    xFrameOptions: { action: frameable ? 'sameorigin' : 'deny' },
    referrerPolicy: { policy: REFERRER_POLICY },
    xContentTypeOptions: true,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
  }
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`

/**
 * The helmet options of a page shown inside the app's frame (the sandbox PIX page): framed by
 * this origin only, and its own inline script and style allowed by their hashes, nothing else.
 * Give it to the route as `{ helmet: framedPage(...) }`.
 */
export function framedPage(config: HeaderConfig, inline: { scripts: string[]; styles: string[] }): HelmetOptions {
  const directives: Directives = {
    'default-src': ["'none'"],
    'script-src': inline.scripts.map(sha256),
    'script-src-attr': ["'none'"],
    'style-src': inline.styles.map(sha256),
    'img-src': ["'self'", 'data:'],
    'frame-ancestors': ["'self'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'upgrade-insecure-requests': config.production ? [] : null,
  }
  return helmetOptions(config, directives, true)
}

/**
 * The helmet options of a game provider's page shown in the app's /play frame (the built-in demo
 * provider's, served from this origin): the app's own policy (its files, Pixi's blob workers, no
 * eval, calls to this origin) except that this origin may frame it, and sandboxed with scripts
 * only: served from the app's host, it must still never be of the app's origin (its scripts would
 * read the player's token), framed or opened alone. The app's frame says the same (ProviderPages).
 */
export function providerPage(config: HeaderConfig): HelmetOptions {
  return helmetOptions(config, { ...appDirectives(config), 'frame-src': ["'none'"], 'frame-ancestors': ["'self'"], sandbox: ['allow-scripts'] }, true)
}

/**
 * The helmet options of the operators' console's page (/ops): its own files and its own calls
 * only (no socket, no frame, no worker, no media), framed by nobody, and no Referer at all (an
 * enrolment link's token is in the fragment, which no Referer carries; the rest of the address
 * names a player's page).
 */
export function opsPage(config: HeaderConfig): HelmetOptions {
  const directives: Directives = {
    'default-src': ["'none'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'frame-ancestors': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'upgrade-insecure-requests': config.production ? [] : null,
  }
  return { ...helmetOptions(config, directives, false), referrerPolicy: { policy: 'no-referrer' } }
}

const isApi = (url: string) => url.startsWith('/api') || url.startsWith('/gamecenter-siop')

/**
 * Security headers on every reply (API, pages, static files, errors), and no caching of any API
 * reply or any error: API replies are private (sessions, balances) or one-off (captchas), and an
 * error must not be replayed from a cache. Register before the routes, so per-route options apply.
 */
export function installSecurityHeaders(app: FastifyInstance, config: HeaderConfig): void {
  // Each policy's middleware is made once (the app's, and one per route that has its own), not on
  // every request: @fastify/helmet rebuilt it, parsing every directive, for each reply.
  const appHeaders = helmet(helmetOptions(config, appDirectives(config), false))
  app.addHook('onRoute', (route) => {
    if (route.helmet) route.config = { ...route.config, securityHeaders: helmet(route.helmet) }
  })
  app.addHook('onRequest', (request, reply, done) => {
    void (request.routeOptions.config.securityHeaders ?? appHeaders)(request.raw, reply.raw, () => done())
  })
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload) => {
    if (isApi(request.url) || reply.statusCode >= 400) reply.header('cache-control', 'no-store')
    return payload
  })
}

/**
 * Wraps fastify's `frameworkErrors` handler (the replies its router makes before any hook runs:
 * a URL that does not decode, an over-long path parameter) so they carry the app's headers too.
 */
export function withHeadersBeforeRouting<R>(
  config: HeaderConfig,
  handler: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => R,
): (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => R {
  const policy = helmet.contentSecurityPolicy({ useDefaults: false, directives: appDirectives(config) })
  return (error, request, reply) => {
    policy(request.raw, reply.raw, () => undefined)
    reply.header('x-content-type-options', 'nosniff').header('x-frame-options', 'DENY').header('referrer-policy', REFERRER_POLICY)
    reply.header('cache-control', 'no-store')
    if (config.production) reply.header('strict-transport-security', `max-age=${HSTS_MAX_AGE}`)
    return handler(error, request, reply)
  }
}
