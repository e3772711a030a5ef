/**
 * The app's page (index.html) as sent for each client route. The part of the head between
 * `<!-- home-only -->` and `<!-- /home-only -->` (the lobby tiles' preloads) is kept for home's
 * addresses and dropped for every other route: on a first visit to /mines or /sports those 37 KB of
 * images took bandwidth from the route's own code. Both forms are built and compressed once.
 */
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import type { FastifyReply, FastifyRequest } from 'fastify'
import zlib from 'node:zlib'

const HOME_ONLY = /[ \t]*<!-- home-only -->[\s\S]*?<!-- \/home-only -->\n?/

/** The addresses that show home first: the home route itself, and those that go to it at once. */
export function showsHome(pathname: string): boolean {
  return pathname === '/' || pathname === '/home' || pathname === '/main' || /^\/y[^/]+$/.test(pathname)
}

export interface PageForm {
  body: Buffer
  br: Buffer
  gzip: Buffer
  etag: string
}

/** A page as sent: its body, its brotli and gzip forms (made once) and its ETag. */
export function pageForm(html: string): PageForm {
  const body = Buffer.from(html)
  return {
    body,
    br: zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: zlib.gzipSync(body, { level: 9 }),
    etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`,
  }
}

/** The page's two forms, from the built index.html. */
export function indexPages(file: string): { home: PageForm; other: PageForm } {
  const html = fs.readFileSync(file, 'utf8')
  return { home: pageForm(html.replace(/[ \t]*<!-- \/?home-only -->\n?/g, '')), other: pageForm(html.replace(HOME_ONLY, '')) }
}

/** The encoding to send: brotli, then gzip, by the request's Accept-Encoding; null for none. */
export function pickEncoding(accept: string | undefined): 'br' | 'gzip' | null {
  const offered = (accept ?? '')
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => !q || !/^\s*q=0(\.0*)?\s*$/.test(q))
    .map(([name]) => name?.trim().toLowerCase())
  if (offered.includes('br')) return 'br'
  if (offered.includes('gzip')) return 'gzip'
  return null
}

/** Sends a page in the encoding the request accepts, revalidated by its ETag (a 304 when unchanged). */
export function sendPage(request: FastifyRequest, reply: FastifyReply, page: PageForm): FastifyReply {
  reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding').header('etag', page.etag)
  if (request.headers['if-none-match'] === page.etag) return reply.code(304).send()
  const encoding = pickEncoding(request.headers['accept-encoding'])
  if (encoding) reply.header('content-encoding', encoding)
  return reply.send(encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.body)
}
