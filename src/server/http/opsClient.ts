/**
 * The operators' console's page (src/ops, built into OPS_CLIENT_DIR by vite.ops.config.ts) at
 * /ops and every /ops/... route of its own, and its files at /ops/assets/. Apart from the players'
 * client: its own build, its own policy (opsPage), nothing of it in a player's download or in the
 * players' service worker.
 */
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fs from 'node:fs'
import path from 'node:path'
import type { Config } from '../config'
import { clientCacheControl } from './clientCache'
import { notFound } from './errorHandler'
import { pageForm, sendPage } from './indexHtml'
import { opsPage } from './securityHeaders'

export async function serveOpsClient(app: FastifyInstance, config: Config): Promise<void> {
  const dir = config.opsClientDir
  const index = path.join(dir, 'index.html')
  if (!fs.existsSync(index)) return
  const assets = path.join(dir, 'assets')
  if (fs.existsSync(assets)) {
    await app.register(fastifyStatic, {
      root: assets,
      prefix: '/ops/assets/',
      decorateReply: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      // The build's hashed names never change content: kept for a year, as the players' (clientCache.ts).
      setHeaders: (reply, file) => reply.header('cache-control', clientCacheControl(dir, file)),
    })
  }
  const page = pageForm(fs.readFileSync(index, 'utf8'))
  const send = async (request: FastifyRequest<{ Params: { '*'?: string } }>, reply: FastifyReply) => {
    // A missing file (a name with an extension) is a 404; any other path is one of the console's routes.
    if (/\.[a-z0-9]+$/i.test(request.params['*'] ?? '')) return notFound(request, reply)
    return sendPage(request, reply, page)
  }
  const options = { helmet: opsPage(config) }
  app.get('/ops', options, send)
  app.get('/ops/*', options, send)
}
