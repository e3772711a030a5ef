/**
 * The fan-out baseline: a bare socket.io server (the project's socket.io, the app's path,
 * websocket only, no sign-in) that sends a round:result-sized event to one room every
 * BARE_EVERY_MS, stamped with the time it was sent. Run by scripts/bench.ts on PORT.
 */
import http from 'node:http'
import { Server } from 'socket.io'
import { SOCKET_PATH } from '../../src/shared/contract/socket'

const server = http.createServer((req, res) => {
  res.writeHead(req.url === '/api/app/main/appInfo' ? 200 : 404, { 'content-type': 'application/json' })
  res.end('{"status":200,"msg":"","data":{"mode":"demo"}}')
})
const io = new Server(server, { path: SOCKET_PATH, transports: ['websocket'], serveClient: false })
io.on('connection', (socket) => {
  socket.on('game:join', (p: { game?: unknown }) => {
    if (typeof p?.game === 'string') void socket.join(`g:${p.game}`)
  })
})
let n = 0
setInterval(() => {
  n++
  io.to('g:double').emit('round:result', { game: 'double', roundId: String(n), roll: n % 15, hash: 'f'.repeat(64), at: Date.now() })
}, Number(process.env.BARE_EVERY_MS || 3000))
server.listen(Number(process.env.PORT), '127.0.0.1')
