import type { FastifyInstance } from 'fastify'

/** How often, while the server closes, connections that went idle are closed. */
const SWEEP_MS = 50

/**
 * Once the server begins to close, a keep-alive connection ends with the answer it is carrying.
 * fastify closes the connections idle at that moment and answers 503 to a new request on a busy
 * one, but a connection busy then and idle after its answer stayed open for the client's next
 * request, up to fastify's 72 s keep-alive timeout, holding the server's close (and the process,
 * past main.ts's 10 s). So every answer sent while closing says `Connection: close`, and any
 * connection left idle (an answer already on its way when closing began) is closed within 50 ms.
 */
export function endConnectionsOnClose(app: FastifyInstance): void {
  let closing = false
  let sweep: NodeJS.Timeout | null = null
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('connection', 'close')
    return payload
  })
  app.addHook('preClose', async () => {
    closing = true
    sweep = setInterval(() => app.server.closeIdleConnections(), SWEEP_MS)
    sweep.unref()
  })
  app.addHook('onClose', async () => {
    if (sweep) clearInterval(sweep)
  })
}
