import type { IncomingMessage } from 'node:http'
import type { FastifyInstance } from 'fastify'
import { createAdapter } from '@socket.io/postgres-adapter'
import pg from 'pg'
import { Server } from 'socket.io'
import type { ClientToServerEvents, ServerToClientEvents } from '../../shared/contract/socket'
import { gameJoinSchema, offGameSchema, SOCKET_PATH, sportWatchSchema } from '../../shared/contract/socket'
import { ROUND_GAME_IDS } from '../../shared/games/rounds/types'
import type { SessionStore } from '../auth/sessions'
import { clientAddress, type RealtimeLimits, type TrustProxy } from '../config'
import type { OddsFeed } from '../sport/OddsFeed'

type Emit = <E extends keyof ServerToClientEvents>(event: E, payload: Parameters<ServerToClientEvents[E]>[0]) => void

export interface Realtime {
  toUser<E extends keyof ServerToClientEvents>(userId: bigint, event: E, payload: Parameters<ServerToClientEvents[E]>[0]): void
  toAll: Emit
  /** To everyone but these players (a marketing notice skips the players paused or self-excluded). */
  toAllExcept<E extends keyof ServerToClientEvents>(userIds: bigint[], event: E, payload: Parameters<ServerToClientEvents[E]>[0]): void
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

/** What the socket's edge needs: its limits, who may speak for a client's address, and which matches exist (null: no sportsbook). */
export interface RealtimeEdge {
  limits: RealtimeLimits
  trustProxy: TrustProxy
  feed: Pick<OddsFeed, 'match'> | null
}

/**
 * A socket's allowance of events: `burst` at once, refilled at `perSecond`. Events past it are
 * dropped; the dropped ones drain at the same rate, and a socket whose drops pile up past
 * FLOOD_BURSTS bursts keeps flooding: it is cut.
 */
class EventBucket {
  private tokens: number
  private dropped = 0
  private at: number

  constructor(
    private readonly burst: number,
    private readonly perSecond: number,
    now: number,
  ) {
    this.tokens = burst
    this.at = now
  }

  /** 'take' the event, 'drop' it, or 'cut' the socket. */
  take(now: number): 'take' | 'drop' | 'cut' {
    const refill = ((now - this.at) / 1000) * this.perSecond
    this.at = now
    this.tokens = Math.min(this.burst, this.tokens + refill)
    this.dropped = Math.max(0, this.dropped - refill)
    if (this.tokens >= 1) {
      this.tokens -= 1
      return 'take'
    }
    this.dropped += 1
    return this.dropped > FLOOD_BURSTS * this.burst ? 'cut' : 'drop'
  }
}

const FLOOD_BURSTS = 5

/** Why a socket was refused at the handshake (its connect_error carries 1429 and this reason). */
type Refusal = 'sockets_per_player' | 'sockets_per_address'

const refused = (reason: Refusal) => Object.assign(new Error('1429'), { data: { status: 1429, reason } })

/** Counts per key that give back what they took once. */
class Counts<K> {
  private readonly map = new Map<K, number>()

  get(key: K): number {
    return this.map.get(key) ?? 0
  }

  add(key: K): () => void {
    this.map.set(key, this.get(key) + 1)
    let released = false
    return () => {
      if (released) return
      released = true
      const left = this.get(key) - 1
      if (left > 0) this.map.set(key, left)
      else this.map.delete(key)
    }
  }
}

/** The socket adapter's connections: one LISTENs, the rest send NOTIFYs. */
const ADAPTER_CONNECTIONS = 6
/** Events waiting for an adapter connection past which a new one is dropped. */
const ADAPTER_MAX_WAITING = 2000
/** The refusal of a dropped event: the adapter hands it to its errorHandler, which does not log it. */
const DROPPED = 'socket adapter: too many events waiting'

/**
 * Several server processes on one PostgreSQL: events to a user, a session or a game's room reach
 * the sockets on every process (@socket.io/postgres-adapter: NOTIFY, and a table for big ones).
 */
function attachAdapter(app: FastifyInstance, io: Server, databaseUrl: string): void {
  // One connection LISTENs; the others send each event's NOTIFY, one statement each. With one
  // sender (max 2) the 30-minute soak on PostgreSQL (about 900 bets a second, two events each)
  // queued NOTIFYs faster than they left: the server's heap grew from 240 MiB to 1.2 GB in 7
  // minutes, all of it events waiting for the pool (a sampling heap profile of the running server).
  const pool = new pg.Pool({ connectionString: databaseUrl, max: ADAPTER_CONNECTIONS })
  pool.on('error', (err) => app.log.warn({ err }, 'socket adapter connection lost'))
  // Past ADAPTER_MAX_WAITING events waiting for a connection, an event is dropped rather than queued:
  // a socket event is a nudge (every answer carries the balance it shows), and memory must not
  // grow with a backlog. Drops are counted and logged at most once a minute.
  let dropped = 0
  let loggedAt = 0
  const bounded = new Proxy(pool, {
    get(target, prop) {
      if (prop === 'query') {
        return (...args: Parameters<pg.Pool['query']>) => {
          if (target.waitingCount < ADAPTER_MAX_WAITING) return (target.query as (...a: unknown[]) => unknown)(...args)
          dropped++
          if (Date.now() - loggedAt > 60_000) {
            loggedAt = Date.now()
            app.log.warn({ dropped, waiting: target.waitingCount }, 'socket adapter: events dropped, its connections are behind')
          }
          return Promise.reject(new Error(DROPPED))
        }
      }
      const value: unknown = Reflect.get(target, prop, target)
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value
    },
  })
  const quiet = (err: unknown) => {
    if (!(err instanceof Error && err.message === DROPPED)) app.log.warn({ err }, 'socket adapter error')
  }
  io.adapter(createAdapter(bounded, { errorHandler: quiet }))
  app.addHook('onClose', async () => {
    // The adapter keeps a LISTEN connection of the pool checked out: given back first, or the
    // pool's end waits for it forever (a SIGTERM then ended in main.ts's 10 s timeout, exit 1).
    await io.of('/').adapter.close()
    await pool.end().catch(() => undefined)
  })
}

const userRoom = (id: bigint) => `u:${id}`
const sessionRoom = (id: bigint) => `s:${id}`
const matchRoom = (matchId: string) => `m:${matchId}`
const gameRoom = (game: string) => `g:${game}`
const isRoundGame = (game: string) => (ROUND_GAME_IDS as readonly string[]).includes(game)

/** The online count goes out to everyone at most this often. */
const ONLINE_EVERY_MS = 5000

/** A client event is a few ids: a bigger message is cut (socket.io's default allows 1 MB). */
const MAX_MESSAGE_BYTES = 16 * 1024

/** A connection whose handshake was refused is closed after this (socket.io's default waits 45 s). */
const CONNECT_TIMEOUT_MS = 10_000

/**
 * Connections per address, with or without a session: twice the sockets allowed, room for the
 * handshakes under way and the refused ones waiting to be closed, and no more.
 */
const CONNECTIONS_PER_SOCKET_ALLOWED = 2

/**
 * socket.io on fastify's own server and port, websocket only. The handshake must carry a live
 * session token in the `token` query parameter; each socket joins its user's and its session's room.
 * The edge (this process's counts): so many sockets per player and per address, so many matches
 * watched per socket and only matches the feed knows, and a token bucket on every event a socket sends.
 */
export function attachRealtime(
  app: FastifyInstance,
  sessions: SessionStore,
  handlers: { offGame(userId: bigint, gameCode: string): Promise<void>; notice?(userId: bigint): Promise<{ id: string; text: string; time: number } | null> },
  databaseUrl: string | null,
  edge: RealtimeEdge,
  now: () => number = Date.now,
): { realtime: Realtime; io: Server } {
  const { limits } = edge
  const addressOf = (req: IncomingMessage) => clientAddress(edge.trustProxy, req.socket.remoteAddress ?? '', req.headers['x-forwarded-for'])
  const connections = new Counts<string>()
  const io = new Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>(app.server, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    serveClient: false,
    cors: { origin: false },
    maxHttpBufferSize: MAX_MESSAGE_BYTES,
    connectTimeout: CONNECT_TIMEOUT_MS,
    allowRequest: (req, callback) => callback(null, connections.get(addressOf(req)) < CONNECTIONS_PER_SOCKET_ALLOWED * limits.socketsPerAddress),
  })
  io.engine.on('connection', (conn: { request: IncomingMessage; once(event: 'close', listener: () => void): void }) => {
    conn.once('close', connections.add(addressOf(conn.request)))
  })
  if (databaseUrl) attachAdapter(app, io, databaseUrl)

  const perPlayer = new Counts<bigint>()
  const perAddress = new Counts<string>()
  io.use(async (socket, next) => {
    const raw = socket.handshake.query.token ?? (socket.handshake.auth as { token?: unknown } | undefined)?.token
    const token = typeof raw === 'string' ? raw : null
    try {
      const session = await sessions.authenticate(token)
      if (!session) return next(Object.assign(new Error('40101'), { data: { status: 40101 } }))
      // Counted here, after the last await, so that sockets racing through their handshakes cannot
      // all pass; given back when the connection closes, whether or not it got as far as connecting.
      const address = addressOf(socket.request)
      if (perPlayer.get(session.userId) >= limits.socketsPerPlayer) return next(refused('sockets_per_player'))
      if (perAddress.get(address) >= limits.socketsPerAddress) return next(refused('sockets_per_address'))
      const releases = [perPlayer.add(session.userId), perAddress.add(address)]
      socket.conn.once('close', () => releases.forEach((release) => release()))
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
    void handlers.notice?.(userId).then(
      (notice) => {
        if (notice && socket.connected) socket.emit('notice', notice)
      },
      () => undefined,
    )
    broadcastCount()
    // Every event the socket sends, known or not, spends a token first.
    const bucket = new EventBucket(limits.eventBurst, limits.eventsPerSecond, now())
    socket.use((_packet, next) => {
      // Packets already read when the socket was cut arrive after it.
      if (!socket.connected) return
      const verdict = bucket.take(now())
      if (verdict === 'take') return next()
      if (verdict === 'cut') {
        app.log.warn({ userId: String(userId) }, 'socket cut: it kept flooding events past its allowance')
        socket.disconnect(true)
      }
      // Dropped: neither handled nor answered.
    })
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
    // A socket watches a few matches at most (a page and its neighbours), and only ones the feed
    // has: a room per invented id would be priced and pushed for nobody.
    socket.on('sport:watch', (payload) => {
      const parsed = sportWatchSchema.safeParse(payload)
      if (!parsed.success) return
      const room = matchRoom(parsed.data.matchId)
      const watching = [...socket.rooms].filter((r) => r.startsWith('m:')).length
      if (socket.rooms.has(room) || watching >= limits.watchPerSocket || !edge.feed?.match(parsed.data.matchId)) return
      void socket.join(room)
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
    toAllExcept: (userIds, event, payload) => {
      io.except(userIds.map(userRoom)).emit(event, ...([payload] as Parameters<ServerToClientEvents[typeof event]>))
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
