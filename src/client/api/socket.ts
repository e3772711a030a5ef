/** The socket transport: websocket only, token in the query, typed events validated with the contract. */
import { io, type Socket } from 'socket.io-client'
import { serverEventSchemas, SOCKET_PATH, type ClientToServerEvents, type ServerToClientEvents } from '../../shared/contract/socket'

export interface SocketClient {
  emit<E extends keyof ClientToServerEvents>(event: E, ...args: Parameters<ClientToServerEvents[E]>): void
  /** Connects again after the server closed it (socket.io does not, by design, after a server-side close). */
  reconnect(): void
  close(): void
}

export interface SocketWatch {
  status(connected: boolean): void
  /**
   * The server ended the connection: `refused` when it turned the session down at the handshake
   * (40101), otherwise it closed a connected socket (the session ended, or the server is going
   * down). socket.io retries neither by itself.
   */
  ended(refused: boolean): void
}

/** The handshake's refusal of a session that is no longer valid (server/realtime: the error's message and data). */
export const isSessionRefused = (err: { message?: string; data?: unknown }): boolean =>
  err.message === '40101' || (err.data as { status?: unknown } | undefined)?.status === 40101

export function connectSocket(token: string, handlers: { [E in keyof ServerToClientEvents]: ServerToClientEvents[E] }, watch: SocketWatch): SocketClient {
  const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io({ path: SOCKET_PATH, transports: ['websocket'], query: { token } })
  for (const name of Object.keys(serverEventSchemas) as (keyof ServerToClientEvents)[]) {
    socket.on(name, ((payload: unknown) => {
      const parsed = serverEventSchemas[name].safeParse(payload)
      if (parsed.success) (handlers[name] as (p: unknown) => void)(parsed.data)
    }) as never)
  }
  socket.on('connect', () => watch.status(true))
  socket.on('disconnect', (reason) => {
    watch.status(false)
    if (reason === 'io server disconnect') watch.ended(false)
  })
  socket.on('connect_error', (err) => {
    if (isSessionRefused(err as Error & { data?: unknown })) watch.ended(true)
  })
  return {
    emit: (event, ...args) => socket.emit(event, ...args),
    reconnect: () => void socket.connect(),
    close: () => socket.close(),
  }
}
