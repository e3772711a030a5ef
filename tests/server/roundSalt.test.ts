import fs from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../src/server/config'
import { liveChain } from '../../src/server/rounds/RoundChain'
import * as rounds from '../../src/shared/contract/rounds'
import { followsInChain, roundRoll, saltOf } from '../../src/shared/games/rounds/chain'
import * as outside from '../verifier/standard'
import { call, startTestApp, type TestApp } from './testApp'
import { listen, newPlayer, recorder, socketFor, waitFor } from './walletHelpers'

// Issue 29, L7: a chain's salt is fixed after its terminating hash is published, from values the
// server cannot choose: the first players' seeds (or none by a deadline), or a public value the
// commitment named in advance, given by the operators once it exists.
const BASE = { ROUNDS: 'on', ROUND_CHAIN_LENGTH: '300', ROUND_CHAIN_CHECKPOINT: '25', ROUND_TIMINGS: 'double=0.6/0.1/0.1,rowDouble=0.6/0.1/0.1,luckyColor=0.9/0.1/0.2' }

interface Commitment {
  terminatingHash: string
  salt: string | null
  saltFrom: { method: string; seeds: number | null; deadline: number | null; source: string | null; inputs: string[] | null; fixedAt: number | null }
}
type History = { commitment: Commitment | null; rounds: { roundId: string; hash: string; roll: number | null }[] }

const apps: TestApp[] = []
afterAll(async () => {
  for (const t of apps) await t.close()
})
async function app(env: Record<string, string>): Promise<TestApp> {
  const t = await startTestApp({}, { ...BASE, ...env })
  apps.push(t)
  return t
}

const history = async (t: TestApp, game = 'double') => (await call<History>(t, rounds.roundHistory, { params: { game }, query: { limit: '100' } })).body.data

/** The game's commitment once its chain is made (the loop makes it in the background). */
async function published(t: TestApp, game = 'double'): Promise<Commitment> {
  const end = Date.now() + 15_000
  for (;;) {
    const c = (await history(t, game)).commitment
    if (c) return c
    if (Date.now() > end) throw new Error(`${game}: no chain published`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

async function until<T>(what: string, fn: () => Promise<T | null | undefined | false>, ms = 10_000): Promise<T> {
  const end = Date.now() + ms
  for (;;) {
    const v = await fn()
    if (v) return v
    if (Date.now() > end) throw new Error(`never: ${what}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

const sendSeed = (t: TestApp, token: string, seed: string, game = 'double') => call<{ seed: string; position: number }>(t, rounds.roundSeed, { token, params: { game }, body: { seed } })
const roundCount = async (t: TestApp, game = 'double') => Number((await t.db.query<{ n: bigint }>('SELECT count(*)::bigint AS n FROM rounds WHERE game = $1', [game])).rows[0]!.n)

describe("the round chain's salt", () => {
  it('is published empty with the terminating hash, fixed from the first players\' seeds, and no round plays before; results depend on the seeds', async () => {
    const t = await app({ ROUND_SALT_SEEDS: '2', ROUND_SALT_WAIT_SECONDS: '3600' })
    const c = await published(t)
    // The commitment is out, the salt does not exist yet: no one, the server included, knows a result.
    expect(c.salt).toBeNull()
    expect(c.saltFrom).toMatchObject({ method: 'seeds', seeds: 2, source: null, inputs: null, fixedAt: null })
    expect(c.saltFrom.deadline).toBeGreaterThan(Date.now() + 3_000_000)
    const stored = await t.db.query<{ salt: string | null }>(`SELECT salt FROM round_chains WHERE game = 'double'`)
    expect(stored.rows).toEqual([{ salt: null }])
    await new Promise((r) => setTimeout(r, 1_500))
    expect(await roundCount(t)).toBe(0)
    const state = await call(t, rounds.roundState, { params: { game: 'double' } })
    expect(state.body.data).toBeNull()

    const a = await newPlayer(t)
    const b = await newPlayer(t)
    const late = await newPlayer(t)
    expect((await sendSeed(t, a.token, 'alice-lucky-7')).body.data).toEqual({ seed: 'alice-lucky-7', position: 1 })
    // A second seed of the same player: the first stands.
    expect((await sendSeed(t, a.token, 'alice-again')).body.data).toEqual({ seed: 'alice-lucky-7', position: 1 })
    // A seed that would break the ':' joining is refused.
    const bad = await sendSeed(t, b.token, 'a:b')
    expect(bad.http).toBe(400)
    expect(bad.body.msg).toBe("A semente do cliente deve ter de 1 a 64 caracteres, sem ':'")
    expect((await history(t)).commitment?.salt).toBeNull()
    expect((await sendSeed(t, b.token, 'bob 42')).body.data).toEqual({ seed: 'bob 42', position: 2 })
    // The second seed fixed it: SHA-256 of the seeds joined by ':', as the outside verifier computes it.
    const fixed = (await history(t)).commitment!
    expect(fixed.salt).toBe(outside.roundSaltOf(['alice-lucky-7', 'bob 42']))
    expect(fixed.salt).toBe(saltOf(['alice-lucky-7', 'bob 42']))
    expect(fixed.saltFrom.inputs).toEqual(['alice-lucky-7', 'bob 42'])
    expect(fixed.saltFrom.fixedAt).toBeGreaterThan(0)
    expect(fixed.terminatingHash).toBe(c.terminatingHash)
    const third = await sendSeed(t, late.token, 'too late')
    expect([third.http, third.body.status]).toEqual([409, 4105])
    expect(third.body.msg).toBe('O sal desta cadeia já foi definido; sua semente não é mais necessária')

    // Rounds now play, each verifiable with the salt from the seeds, and each result depends on them.
    const h = await until('six settled rounds', async () => {
      const x = await history(t)
      return x.rounds.filter((r) => r.roll !== null).length >= 6 && x
    })
    const played = h.rounds.filter((r) => r.roll !== null)
    for (const r of played) {
      expect(r.roll).toBe(outside.roundRollOf(r.hash, fixed.salt!, 15))
      expect(outside.sha256Hex(r.hash) === c.terminatingHash || h.rounds.some((x) => outside.sha256Hex(r.hash) === x.hash)).toBe(true)
    }
    expect(followsInChain(h.rounds[h.rounds.length - 1]!.hash, c.terminatingHash)).toBe(true)
    // Another player's seed would have made other results from the same committed hashes.
    const other = saltOf(['alice-lucky-7', 'bob 43'])
    expect(played.some((r) => roundRoll(r.hash, other, 15) !== r.roll)).toBe(true)
  })

  it('players racing their seeds in: exactly the first ROUND_SALT_SEEDS make the salt, in the order they came; the rest are refused', async () => {
    const t = await app({ ROUND_SALT_SEEDS: '3', ROUND_SALT_WAIT_SECONDS: '3600' })
    await published(t)
    const players = await Promise.all(Array.from({ length: 8 }, () => newPlayer(t)))
    const replies = await Promise.all(players.map((p, i) => sendSeed(t, p.token, `seed-${i}`)))
    const taken = replies.filter((r) => r.http === 200).map((r) => r.body.data)
    expect(taken.map((x) => x.position).sort()).toEqual([1, 2, 3])
    for (const r of replies.filter((x) => x.http !== 200)) expect(r.body.status).toBe(4105)
    const c = (await history(t)).commitment!
    const inOrder = [...taken].sort((a, b) => a.position - b.position).map((x) => x.seed)
    expect(c.saltFrom.inputs).toEqual(inOrder)
    expect(c.salt).toBe(outside.roundSaltOf(inOrder))
    const n = await t.db.query<{ n: bigint }>('SELECT count(*)::bigint AS n FROM round_chain_seeds')
    expect(n.rows[0]!.n).toBe(3n)
  })

  it("the game's room is asked for seeds while the salt waits; a player's seed sent then fixes it", async () => {
    const t = await app({ ROUND_SALT_SEEDS: '1', ROUND_SALT_WAIT_SECONDS: '3600' })
    await published(t, 'rowDouble')
    const p = await newPlayer(t)
    const socket = await socketFor(await listen(t), p.token)
    const heard = recorder(socket)
    socket.emit('game:join', { game: 'rowDouble' })
    await waitFor(() => (heard['round:seedWanted'] ?? []).length > 0, 8_000)
    expect(heard['round:seedWanted']?.[0]).toEqual({ game: 'rowDouble' })
    expect((await sendSeed(t, p.token, 'from-the-room', 'rowDouble')).body.data).toEqual({ seed: 'from-the-room', position: 1 })
    expect((await history(t, 'rowDouble')).commitment?.salt).toBe(outside.roundSaltOf(['from-the-room']))
    await until('a round plays', async () => (await roundCount(t, 'rowDouble')) > 0)
    socket.close()
  })

  it('with no seed by the deadline, the salt is SHA-256 of the empty text (documented), and rounds begin', async () => {
    const t = await app({ ROUND_SALT_SEEDS: '3', ROUND_SALT_WAIT_SECONDS: '2' })
    const c = await published(t, 'rowDouble')
    expect(c.salt).toBeNull()
    expect(await roundCount(t, 'rowDouble')).toBe(0)
    const fixed = await until('the salt fixed at the deadline', async () => {
      const now = (await history(t, 'rowDouble')).commitment
      return now?.salt ? now : null
    })
    expect(fixed.salt).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855')
    expect(fixed.saltFrom).toMatchObject({ method: 'seeds', seeds: 3, inputs: [] })
    expect(fixed.saltFrom.fixedAt).toBeGreaterThanOrEqual(fixed.saltFrom.deadline!)
    await until('a round plays', async () => (await roundCount(t, 'rowDouble')) > 0)
  })

  it("'public': the commitment names the value; rounds wait for the operators to give it, once", async () => {
    const source = 'hash of Bitcoin block 950000'
    const t = await app({ ROUND_SALT: 'public', ROUND_SALT_SOURCE: source })
    const c = await published(t, 'luckyColor')
    expect(c.salt).toBeNull()
    expect(c.saltFrom).toMatchObject({ method: 'public', seeds: null, deadline: null, source, inputs: null, fixedAt: null })
    // Players' seeds do not count toward a public salt.
    const p = await newPlayer(t)
    expect((await sendSeed(t, p.token, 'mine', 'luckyColor')).body.status).toBe(4105)
    await new Promise((r) => setTimeout(r, 1_500))
    expect(await roundCount(t, 'luckyColor')).toBe(0)
    const token = fs.readFileSync(path.join(t.config.dataDir, 'ops-token'), 'utf8').trim()
    const value = '00000000000000000001a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f7'
    // Without the operators' token: refused.
    expect((await call(t, rounds.opsRoundSalt, { params: { game: 'luckyColor' }, body: { value }, headers: { 'x-ops-token': 'x'.repeat(32) } })).http).toBe(403)
    const given = await call<{ salt: string }>(t, rounds.opsRoundSalt, { params: { game: 'luckyColor' }, body: { value }, headers: { 'x-ops-token': token } })
    expect(given.body.data).toEqual({ salt: outside.roundSaltOf([value]) })
    const again = await call(t, rounds.opsRoundSalt, { params: { game: 'luckyColor' }, body: { value: 'another' }, headers: { 'x-ops-token': token } })
    expect(again.body.status).toBe(4105)
    expect((await history(t, 'luckyColor')).commitment).toMatchObject({ salt: saltOf([value]), saltFrom: { method: 'public', source, inputs: [value] } })
    await until('a round plays', async () => (await roundCount(t, 'luckyColor')) > 0)
    // The next chain cannot name the same value: it is known now.
    await t.db.query(`UPDATE round_chains SET used_up_at = now() WHERE game = 'double'`)
    await expect(liveChain(t.db, 'double', { length: 20, every: 5, salt: { method: 'public', source } })).rejects.toThrow(/named an earlier chain's salt/)
    const next = await liveChain(t.db, 'double', { length: 20, every: 5, salt: { method: 'public', source: 'hash of Bitcoin block 960000' } })
    expect(next.salt).toBeNull()
  })

  it('the configuration: seeds by default (3 seeds, 30 s); nonsense refused; production refuses a wait too short for seeds to come', () => {
    expect(loadConfig({}).rounds.salt).toEqual({ method: 'seeds', seeds: 3, waitMs: 30_000 })
    for (const env of [{ ROUND_SALT: 'server' }, { ROUND_SALT: 'public' }, { ROUND_SALT_SEEDS: '0' }, { ROUND_SALT_SEEDS: 'x' }, { ROUND_SALT_WAIT_SECONDS: '-1' }, { ROUND_SALT_WAIT_SECONDS: '90000' }]) {
      expect(() => loadConfig(env), JSON.stringify(env)).toThrow()
    }
    expect(loadConfig({ ROUND_SALT: 'public', ROUND_SALT_SOURCE: 'hash of Bitcoin block 950000' }).rounds.salt).toEqual({ method: 'public', source: 'hash of Bitcoin block 950000' })
    const production = { APP_MODE: 'production', PAYMENT_WEBHOOK_SECRET: 'x'.repeat(32), GAME_PROVIDERS: '' }
    expect(() => loadConfig({ ...production, ROUND_SALT_WAIT_SECONDS: '5' })).toThrow(/ROUND_SALT_WAIT_SECONDS is under 10/)
    expect(() => loadConfig(production)).not.toThrow(/ROUND_SALT/)
  })
})
