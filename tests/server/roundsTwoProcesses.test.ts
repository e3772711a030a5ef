import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { openPostgres } from '../../src/server/db/connection'
import { CAPTCHA, freePort } from './testApp'
import { connect } from 'socket.io-client'
import { SOCKET_PATH } from '../../src/shared/contract/socket'
import { scratchDatabase, ServerProcess, sleep } from './serverProcess'
import { recorder, waitFor, type ClientSocket } from './walletHelpers'

/**
 * Two server processes on one PostgreSQL database: one of them runs the round loops, both answer
 * the same rounds, a player on the other process gets the round events (the socket adapter), and
 * when the owner is killed the other takes the loops over within seconds.
 * (PGlite is one process per data folder: PostgreSQL only.)
 */
const cleanup: (() => Promise<void>)[] = []
afterAll(async () => {
  for (const fn of cleanup.reverse()) await fn().catch(() => undefined)
})

async function playerOn(s: ServerProcess): Promise<string> {
  const codeId = Math.floor(Math.random() * 99_999_999)
  await (await fetch(`${s.base}/api/auth/user/captcha/${codeId}`)).arrayBuffer()
  const r = await s.json('/api/auth/user/restRegister', {
    method: 'POST',
    headers: { 'content-type': 'application/json', lang: 'pt_BR' },
    body: JSON.stringify({ username: `two.${process.pid}.${Date.now()}@example.com`, pwd: 'segredo123', codeId, captCode: CAPTCHA }),
  })
  return r.data.access_token as string
}

describe.runIf(process.env.DATABASE_URL)('shared rounds on two processes', () => {
  it('runs each loop once between them and hands it over when the owner dies', async () => {
    const scratch = await scratchDatabase(process.env.DATABASE_URL!, 'rtwo')
    cleanup.push(() => scratch.drop())
    const url = new URL(scratch.url)
    const servers: ServerProcess[] = []
    for (let i = 0; i < 2; i++) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aposta-rtwo-'))
      cleanup.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }))
      const port = await freePort()
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        DATABASE_URL: url.toString(),
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        CAPTCHA_FIXED_ANSWER: CAPTCHA,
        PAYOUT_SANDBOX_SETTLE_SECONDS: 'off',
        RETENTION_INTERVAL_MINUTES: '0',
        ROUNDS: 'on',
        ROUND_CHAIN_LENGTH: '500',
        ROUND_SALT_WAIT_SECONDS: '0',
        ROUND_CHAIN_CHECKPOINT: '50',
        ROUND_TIMINGS: 'double=1/0.2/0.2,rowDouble=1/0.2/0.2,luckyColor=1/0.2/0.2',
      }
      const server = new ServerProcess(env, `http://127.0.0.1:${port}`)
      cleanup.push(() => server.kill())
      servers.push(server)
      // One after the other, so the first surely holds the loops.
      await server.start()
      if (i === 0) await sleep(1_500)
    }
    const [first, second] = servers as [ServerProcess, ServerProcess]
    const owners = () => servers.filter((s) => s.output.includes('this process runs the round loops'))
    const settledIds = async (s: ServerProcess) => ((await s.json('/api/app/casino/double/rounds?limit=100')).data.rounds as { roundId: string }[]).map((r) => r.roundId)

    await sleep(4_000)
    expect(owners()).toEqual([first])
    // Both answer the same rounds.
    const a = await first.json('/api/app/casino/double/state')
    const b = await second.json('/api/app/casino/double/state')
    expect(b.data.roundId).toBe(a.data.roundId)
    expect(await settledIds(second)).toEqual(await settledIds(first))
    // Each game's rounds: one open at a time, numbered on its chain without a gap or a repeat.
    const check = await openPostgres(url.toString())
    cleanup.push(() => check.close())
    const seqs = async () =>
      (await check.query<{ game: string; seqs: number[] }>(`SELECT game, array_agg(seq ORDER BY seq) AS seqs FROM rounds GROUP BY game`)).rows
    for (const row of await seqs()) expect(row.seqs, row.game).toEqual(row.seqs.map((_, i) => i + 1))

    // A player connected to the process that does not run the loops sees the rounds on the socket.
    const token = await playerOn(second)
    const socket: ClientSocket = connect(second.base, { path: SOCKET_PATH, transports: ['websocket'], query: { token }, reconnection: false, forceNew: true })
    cleanup.push(async () => void socket.close())
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve())
      socket.once('connect_error', reject)
    })
    const got = recorder(socket)
    socket.emit('game:join', { game: 'double' })
    await waitFor(() => (got['round:result']?.length ?? 0) > 0 && (got['round:started']?.length ?? 0) > 0, 8_000)

    // The owner dies: the other takes the loops over and rounds go on.
    const before = (await settledIds(second)).length
    await first.kill()
    const end = Date.now() + 15_000
    while (!second.output.includes('this process runs the round loops') || (await settledIds(second)).length < before + 2) {
      if (Date.now() > end) throw new Error(`no takeover: ${second.output.slice(-2000)}`)
      await sleep(200)
    }
    for (const row of await seqs()) expect(row.seqs, row.game).toEqual(row.seqs.map((_, i) => i + 1))
  }, 90_000)
})
