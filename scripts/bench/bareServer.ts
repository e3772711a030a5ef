/**
 * The bench's baseline: the least a server can do per dice bet with the project's own fastify and
 * database, so the app's figures read as a ratio to what this machine allows at that moment.
 * Per bet: one indexed SELECT of the session token, then one transaction that debits the stake
 * under a CHECK (balance >= 0) and takes the next nonce, an HMAC-SHA256 outcome from the
 * player's server seed and that nonce (in Node, between the statements), the win credited, a
 * bet row inserted; the reply is a bet of about the app's size in the app's envelope.
 *
 * Run by scripts/bench.ts as its own process: PORT, and DATABASE_URL (PostgreSQL through `pg`,
 * a pool of 10 like the app's) or DATA_DIR (embedded PGlite on disk, like the app's).
 * POST /bench/players {count} seeds funded players and answers their session tokens.
 *
 * It also gives the baselines of two other figures: a login (POST /bench/account {email, pwd}
 * makes the account; restLogin: the account's row by e-mail, argon2id verify at the app's
 * parameters, a session row) and userInfo (the session, then the player's row).
 */
import { createHash, createHmac, randomBytes } from 'node:crypto'
import path from 'node:path'
import argon2 from 'argon2'
import Fastify from 'fastify'

interface Q {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>
}
interface Db extends Q {
  tx<T>(fn: (q: Q) => Promise<T>): Promise<T>
  close(): Promise<void>
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS players (
  id bigserial PRIMARY KEY,
  email text UNIQUE,
  password_hash text,
  balance bigint NOT NULL CHECK (balance >= 0),
  server_seed text NOT NULL,
  server_seed_hash text NOT NULL,
  client_seed text NOT NULL,
  nonce bigint NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS sessions (token text PRIMARY KEY, player_id bigint NOT NULL REFERENCES players (id));
CREATE TABLE IF NOT EXISTS bets (
  id bigserial PRIMARY KEY,
  player_id bigint NOT NULL REFERENCES players (id),
  idempotency_key text NOT NULL,
  stake bigint NOT NULL,
  target integer NOT NULL,
  roll integer NOT NULL,
  payout bigint NOT NULL,
  nonce bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);`

async function openDb(): Promise<Db> {
  const url = process.env.DATABASE_URL
  if (url) {
    const pg = (await import('pg')).default
    const pool = new pg.Pool({ connectionString: url, max: 10 })
    const wrap = (c: import('pg').Pool | import('pg').PoolClient): Q => ({ query: async <T>(sql: string, params?: unknown[]) => ({ rows: (await c.query(sql, params)).rows as T[] }) })
    return {
      ...wrap(pool),
      async tx(fn) {
        const client = await pool.connect()
        try {
          await client.query('BEGIN')
          const out = await fn(wrap(client))
          await client.query('COMMIT')
          return out
        } catch (err) {
          await client.query('ROLLBACK').catch(() => undefined)
          throw err
        } finally {
          client.release()
        }
      },
      close: () => pool.end(),
    }
  }
  const { PGlite } = await import('@electric-sql/pglite')
  const pg = await PGlite.create(path.join(process.env.DATA_DIR ?? '.', 'pglite'))
  return {
    query: <T>(sql: string, params?: unknown[]) => pg.query<T>(sql, params),
    tx: (fn) => pg.transaction((t) => fn({ query: <T>(sql: string, params?: unknown[]) => t.query<T>(sql, params) })),
    close: () => pg.close(),
  }
}

const db = await openDb()
for (const statement of SCHEMA.split(';').filter((s) => s.trim())) await db.query(statement)

const app = Fastify({ logger: false })
const reais = (centavos: number) => (centavos / 100).toFixed(2)
const fail = (status: number, msg: string) => ({ status, msg, data: null })

app.post<{ Body: { count: number } }>('/bench/players', async (request) => {
  const tokens: string[] = []
  for (let i = 0; i < request.body.count; i++) {
    const seed = randomBytes(32).toString('hex')
    const r = await db.query<{ id: string }>(
      'INSERT INTO players (balance, server_seed, server_seed_hash, client_seed) VALUES (100000, $1, $2, $3) RETURNING id',
      [seed, createHash('sha256').update(seed).digest('hex'), randomBytes(8).toString('hex')],
    )
    const token = randomBytes(24).toString('base64url')
    await db.query('INSERT INTO sessions (token, player_id) VALUES ($1, $2)', [token, r.rows[0]!.id])
    tokens.push(token)
  }
  return { status: 200, data: tokens }
})

/** The app's own argon2id parameters (src/server/config/index.ts, OWASP's). */
const ARGON2 = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const

app.post<{ Body: { email: string; pwd: string } }>('/bench/account', async (request) => {
  const seed = randomBytes(32).toString('hex')
  await db.query(
    'INSERT INTO players (email, password_hash, balance, server_seed, server_seed_hash, client_seed) VALUES ($1, $2, 100000, $3, $4, $5)',
    [request.body.email, await argon2.hash(request.body.pwd, ARGON2), seed, createHash('sha256').update(seed).digest('hex'), randomBytes(8).toString('hex')],
  )
  return { status: 200, msg: '', data: null }
})

// The login figure fetches a captcha before each login, untimed: the bare server has none to check.
app.get('/api/auth/user/captcha/:codeId', async () => ({ status: 200, msg: '', data: null }))

app.post<{ Body: { username: string; pwd: string } }>('/api/auth/user/restLogin', async (request) => {
  const r = await db.query<{ id: string; password_hash: string }>('SELECT id, password_hash FROM players WHERE email = $1', [request.body.username])
  const player = r.rows[0]
  if (!player || !(await argon2.verify(player.password_hash, request.body.pwd))) return fail(400, 'wrong e-mail or password')
  const token = randomBytes(24).toString('base64url')
  await db.query('INSERT INTO sessions (token, player_id) VALUES ($1, $2)', [token, player.id])
  return { status: 200, msg: '', data: { access_token: token } }
})

app.get('/api/app/user/userInfo', async (request) => {
  const token = request.headers.authorization
  const session = await db.query<{ player_id: string }>('SELECT player_id FROM sessions WHERE token = $1', [token ?? ''])
  const playerId = session.rows[0]?.player_id
  if (playerId === undefined) return fail(401, 'logged out')
  const r = await db.query<{ id: string; email: string; balance: string; nonce: string; client_seed: string }>('SELECT id, email, balance, nonce, client_seed FROM players WHERE id = $1', [playerId])
  const p = r.rows[0]!
  return { status: 200, msg: '', data: { uId: Number(p.id), username: p.email, email: p.email, balance: reais(Number(p.balance)), balanceVersion: Number(p.nonce), clientSeed: p.client_seed } }
})

interface DiceBody {
  amount: string
  target: string
  condition: 'over' | 'under'
}

app.post<{ Body: DiceBody }>('/api/app/casino/dice/bet', async (request) => {
  const key = request.headers['idempotency-key']
  const token = request.headers.authorization
  if (typeof key !== 'string' || typeof token !== 'string') return fail(400, 'missing key or token')
  const stake = Math.round(Number(request.body.amount) * 100)
  const target = Math.round(Number(request.body.target) * 100)
  const under = request.body.condition === 'under'
  if (!(stake > 0) || !(target > 0 && target < 10000)) return fail(400, 'bad bet')
  const session = await db.query<{ player_id: string }>('SELECT player_id FROM sessions WHERE token = $1', [token])
  const playerId = session.rows[0]?.player_id
  if (playerId === undefined) return fail(401, 'logged out')
  const multiplier = Math.floor((9900 / (under ? target : 10000 - target)) * 100) / 100
  try {
    return await db.tx(async (q) => {
      const debit = await q.query<{ balance: string; nonce: string; server_seed: string; server_seed_hash: string; client_seed: string }>(
        'UPDATE players SET balance = balance - $2, nonce = nonce + 1 WHERE id = $1 RETURNING balance, nonce, server_seed, server_seed_hash, client_seed',
        [playerId, stake],
      )
      const p = debit.rows[0]!
      const nonce = Number(p.nonce)
      const digest = createHmac('sha256', p.server_seed).update(`${p.client_seed}:${nonce}:0`).digest()
      const roll = Math.floor((digest.readUInt32BE(0) / 2 ** 32) * 10001)
      const won = under ? roll < target : roll > target
      const payout = won ? Math.floor(stake * multiplier) : 0
      let balance = Number(p.balance)
      if (payout > 0) {
        const credit = await q.query<{ balance: string }>('UPDATE players SET balance = balance + $2 WHERE id = $1 RETURNING balance', [playerId, payout])
        balance = Number(credit.rows[0]!.balance)
      }
      const bet = await q.query<{ id: string }>(
        'INSERT INTO bets (player_id, idempotency_key, stake, target, roll, payout, nonce) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id',
        [playerId, key, stake, target, roll, payout, nonce],
      )
      return {
        status: 200,
        msg: '',
        data: {
          betId: String(bet.rows[0]!.id),
          game: 'dice',
          amount: reais(stake),
          serverSeedHash: p.server_seed_hash,
          clientSeed: p.client_seed,
          nonce,
          roll: roll / 100,
          target: target / 100,
          condition: request.body.condition,
          state: won ? 'won' : 'lost',
          multiplier: won ? multiplier : 0,
          payout: reais(payout),
          balance: reais(balance),
          balanceVersion: nonce,
          createdAt: Date.now(),
        },
      }
    })
  } catch (err) {
    // 23514: the CHECK refused the debit (not enough balance).
    return (err as { code?: string }).code === '23514' ? fail(400, 'insufficient balance') : fail(500, String(err))
  }
})

const shutdown = async () => {
  await app.close()
  await db.close()
  process.exit(0)
}
process.on('SIGTERM', () => void shutdown())
process.on('SIGINT', () => void shutdown())
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' })
