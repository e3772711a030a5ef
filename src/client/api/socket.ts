/** The socket transport: websocket only, token in the query, typed events validated with the contract. */
import { io, type Socket } from 'socket.io-client'
import { serverEventSchemas, SOCKET_PATH, type ClientToServerEvents, type ServerToClientEvents } from '../../shared/contract/socket'

export interface SocketClient {
  emit<E extends keyof ClientToServerEvents>(event: E, ...args: Parameters<ClientToServerEvents[E]>): void
  close(): void
}

export function connectSocket(
  token: string,
  handlers: { [E in keyof ServerToClientEvents]: ServerToClientEvents[E] },
  onStatus: (connected: boolean) => void,
): SocketClient {
  const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io({ path: SOCKET_PATH, transports: ['websocket'], query: { token } })
  for (const name of Object.keys(serverEventSchemas) as (keyof ServerToClientEvents)[]) {
    socket.on(name, ((payload: unknown) => {
      const parsed = serverEventSchemas[name].safeParse(payload)
      if (parsed.success) (handlers[name] as (p: unknown) => void)(parsed.data)
    }) as never)
  }
  socket.on('connect', () => onStatus(true))
  socket.on('disconnect', () => onStatus(false))
  return {
    emit: (event, ...args) => socket.emit(event, ...args),
    close: () => socket.close(),
  }
}
