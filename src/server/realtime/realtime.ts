import type { FastifyInstance } from 'fastify'
import { createAdapter } from '@socket.io/postgres-adapter'
import pg from 'pg'
import { Server } from 'socket.io'
import type { ClientToServerEvents, ServerToClientEvents } from '../../shared/contract/socket'
import { gameJoinSchema, offGameSchema, SOCKET_PATH, sportWatchSchema } from '../../shared/contract/socket'
import { ROUND_GAME_IDS } from '../../shared/games/rounds/types'
import type { SessionStore } from '../auth/sessions'

type Emit = <E extends keyof ServerToClientEvents>(event: E, payload: Parameters<ServerToClientEvents[E]>[0]) => void

export interface Realtime {
  toUser<E extends keyof ServerToClientEvents>(userId: bigint, event: E, payload: Parameters<ServerToClientEvents[E]>[0]): void
  toAll: Emit
  /** To the players who joined a shared-round game's room (game:join). */
  toGame<E extends keyof ServerToClientEvents>(game: string, event: E, payload: Parameters<ServerToClientEvents[E]>[0]): void
  /** To this process's sockets watching a match (sport:watch): each process serves its own. */
  toMatch<E extends keyof ServerToClientEvents>(matchId: string, event: E, payload: Parameters<ServerToClientEvents[E]>[0]): void
  /** The matches that sockets on this process watch. */
  watchedMatches(): string[]
  /** Drops the sockets of a session that ended (logout, password change). */
  disconnectSession(sessionId: bigint): void
}

interface SocketData {
  userId: bigint
  sessionId: bigint
}

/**
 * Several server processes on one PostgreSQL: events to a user, a session or a game's room reach
 * the sockets on every process (@socket.io/postgres-adapter: NOTIFY, and a table for big ones).
 */
function attachAdapter(app: FastifyInstance, io: Server, databaseUrl: string): void {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 })
  pool.on('error', (err) => app.log.warn({ err }, 'socket adapter connection lost'))
  io.adapter(createAdapter(pool, { errorHandler: (err) => app.log.warn({ err }, 'socket adapter error') }))
  app.addHook('onClose', async () => {
    await pool.end().catch(() => undefined)
  })
}

const userRoom = (id: bigint) => `u:${id}`
const sessionRoom = (id: bigint) => `s:${id}`
const matchRoom = (matchId: string) => `m:${matchId}`
const gameRoom = (game: string) => `g:${game}`
const isRoundGame = (game: string) => (ROUND_GAME_IDS as readonly string[]).includes(game)

/**
 * socket.io on fastify's own server and port, websocket only. The handshake must carry a live
 * session token in the `token` query parameter; each socket joins its user's and its session's room.
 */
/** The online count goes out to everyone at most this often. */
const ONLINE_EVERY_MS = 5000

export function attachRealtime(
  app: FastifyInstance,
  sessions: SessionStore,
  handlers: { offGame(userId: bigint, gameCode: string): Promise<void>; notice?(): { id: string; text: string; time: number } | null },
  databaseUrl: string | null = null,
): { realtime: Realtime; io: Server } {
  const io = new Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>(app.server, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    serveClient: false,
    cors: { origin: false },
  })
  if (databaseUrl) attachAdapter(app, io, databaseUrl)

  io.use(async (socket, next) => {
    const raw = socket.handshake.query.token ?? (socket.handshake.auth as { token?: unknown } | undefined)?.token
    const token = typeof raw === 'string' ? raw : null
    try {
      const session = await sessions.authenticate(token)
      if (!session) return next(Object.assign(new Error('40101'), { data: { status: 40101 } }))
      socket.data.userId = session.userId
      socket.data.sessionId = session.sessionId
      next()
    } catch (err) {
      app.log.error({ err }, 'socket authentication failed')
      next(new Error('5003'))
    }
  })

  // The players online: distinct users with a socket, sent to a new socket at once and to all
  // at most every ONLINE_EVERY_MS when it changed.
  const online = new Map<bigint, number>()
  let sentCount = -1
  let countTimer: ReturnType<typeof setTimeout> | null = null
  const broadcastCount = () => {
    if (countTimer) return
    countTimer = setTimeout(() => {
      countTimer = null
      if (online.size === sentCount) return
      sentCount = online.size
      // This process's players: with several processes each counts its own sockets.
      io.local.emit('online:count', { count: online.size })
    }, ONLINE_EVERY_MS)
    countTimer.unref?.()
  }

  io.on('connection', (socket) => {
    void socket.join([userRoom(socket.data.userId), sessionRoom(socket.data.sessionId)])
    const userId = socket.data.userId
    online.set(userId, (online.get(userId) ?? 0) + 1)
    socket.emit('online:count', { count: online.size })
    // The operators' latest notice, to a socket that connects while it stands.
    const notice = handlers.notice?.()
    if (notice) socket.emit('notice', notice)
    broadcastCount()
    socket.on('disconnect', () => {
      const left = (online.get(userId) ?? 1) - 1
      if (left > 0) online.set(userId, left)
      else online.delete(userId)
      broadcastCount()
    })
    socket.on('game:join', (payload) => {
      const parsed = gameJoinSchema.safeParse(payload)
      if (parsed.success && isRoundGame(parsed.data.game)) void socket.join(gameRoom(parsed.data.game))
    })
    // A socket watches a few matches at most (a page and its neighbours): more are refused.
    socket.on('sport:watch', (payload) => {
      const parsed = sportWatchSchema.safeParse(payload)
      const watching = [...socket.rooms].filter((r) => r.startsWith('m:')).length
      if (parsed.success && watching < 10) void socket.join(matchRoom(parsed.data.matchId))
    })
    socket.on('sport:unwatch', (payload) => {
      const parsed = sportWatchSchema.safeParse(payload)
      if (parsed.success) void socket.leave(matchRoom(parsed.data.matchId))
    })
    socket.on('offGame', (payload) => {
      const parsed = offGameSchema.safeParse(payload)
      if (!parsed.success) return
      const gameCode = typeof parsed.data === 'string' ? parsed.data : parsed.data.gameCode
      if (isRoundGame(gameCode)) void socket.leave(gameRoom(gameCode))
      handlers.offGame(socket.data.userId, gameCode).catch((err) => app.log.error({ err }, 'offGame failed'))
    })
  })

  // Before fastify closes its server: open websockets would otherwise hold the close up.
  // (io.close() would also close the http server, which fastify does itself.)
  app.addHook('preClose', async () => {
    if (countTimer) clearTimeout(countTimer)
    io.disconnectSockets(true)
    io.engine.close()
  })

  const realtime: Realtime = {
    toUser: (userId, event, payload) => {
      io.to(userRoom(userId)).emit(event, ...([payload] as Parameters<ServerToClientEvents[typeof event]>))
    },
    toAll: (event, payload) => {
      io.emit(event, ...([payload] as Parameters<ServerToClientEvents[typeof event]>))
    },
    toGame: (game, event, payload) => {
      io.to(gameRoom(game)).emit(event, ...([payload] as Parameters<ServerToClientEvents[typeof event]>))
    },
    toMatch: (matchId, event, payload) => {
      io.local.to(matchRoom(matchId)).emit(event, ...([payload] as Parameters<ServerToClientEvents[typeof event]>))
    },
    watchedMatches: () => [...io.of('/').adapter.rooms.keys()].filter((r) => r.startsWith('m:')).map((r) => r.slice(2)),
    disconnectSession: (sessionId) => {
      io.in(sessionRoom(sessionId)).disconnectSockets(true)
    },
  }
  return { realtime, io }
}
