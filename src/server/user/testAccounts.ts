/**
 * Test accounts: play money for trying the games. One per player: the first request creates and
 * funds it, every later one answers the same account with its balance as it is now.
 */
import type { WireBalance } from '../../shared/contract'
import { createUser } from '../auth/accounts'
import { enforce } from '../auth/limits'
import { DIGITS, randomCode, UNAMBIGUOUS } from '../auth/tokens'
import type { Queryable } from '../db/connection'
import type { Deps } from '../deps'
import { AppError } from '../AppError'
import { post, systemAccountId, userAccountId } from '../wallet/ledger'
import { readWireBalance } from '../wallet/walletInfo'

/** Play money a new test account starts with: 1000.00 reais. */
const TEST_ACCOUNT_FUNDS = 100_000n
/** A reserved top-level domain: test accounts can never receive mail. */
const TEST_DOMAIN = 'demo.aposta.test'

export type TestAccount = { username: string; pwd: string } & WireBalance

interface TestRow {
  id: bigint
  email: string
  test_password: string | null
}

const newPassword = () => randomCode(UNAMBIGUOUS.toLowerCase() + DIGITS.slice(2), 10)

/** The test account a player asked for before, or the caller itself when it is a test account. */
async function findTestAccount(q: Queryable, userId: bigint): Promise<TestRow | null> {
  const r = await q.query<TestRow>(
    `SELECT id, email, test_password FROM users WHERE test_owner_id = $1 OR (id = $1 AND is_test)
     ORDER BY id = $1 DESC LIMIT 1`,
    [userId],
  )
  return r.rows[0] ?? null
}

async function answer(deps: Deps, row: TestRow): Promise<TestAccount> {
  let pwd = row.test_password
  if (pwd === null) {
    // Someone logged into the test account changed its password (so the clear copy was dropped):
    // its owner gets a working one again rather than credentials that cannot log in.
    pwd = newPassword()
    await deps.db.query('UPDATE users SET password_hash = $2, test_password = $3 WHERE id = $1', [row.id, await deps.hasher.hash(pwd), pwd])
  }
  return { username: row.email, pwd, ...(await readWireBalance(deps.db, row.id)) }
}

/**
 * The player's test account, created and funded from the play-money account on the first call.
 * Only a creation counts against the per-address limit. Two concurrent first calls create one
 * account: the owner's row is locked while the second looks again (and a unique index on
 * test_owner_id stands behind the lock).
 */
export async function testAccountOf(deps: Deps, ownerId: bigint, ip: string): Promise<TestAccount> {
  const { db } = deps
  const known = await findTestAccount(db, ownerId)
  if (known) return answer(deps, known)
  enforce(deps.limiter, `testAccount:ip:${ip}`, deps.config.rateLimits.testAccountPerIp)
  const pwd = newPassword()
  // Hashed before the transaction: argon2 takes ~20 ms and PGlite is one connection.
  const passwordHash = await deps.hasher.hash(pwd)
  const row = await db.tx(async (q): Promise<TestRow> => {
    const owner = await q.query('SELECT 1 FROM users WHERE id = $1 FOR NO KEY UPDATE', [ownerId])
    if (!owner.rows.length) throw new AppError('LOGGED_OUT')
    const raced = await findTestAccount(q, ownerId)
    if (raced) return raced
    const email = `demo${randomCode(DIGITS, 8)}@${TEST_DOMAIN}`
    const userId = await createUser(deps, q, { email, passwordHash, testPassword: pwd, isTest: true })
    await q.query('UPDATE users SET test_owner_id = $2 WHERE id = $1', [userId, ownerId])
    const playMoney = await systemAccountId(q, 'play_money')
    const cash = await userAccountId(q, userId, 'cash')
    await post(
      q,
      {
        kind: 'test_funding',
        userId,
        entries: [
          { accountId: playMoney, amount: -TEST_ACCOUNT_FUNDS },
          { accountId: cash, amount: TEST_ACCOUNT_FUNDS },
        ],
      },
      new Date(deps.now()),
    )
    return { id: userId, email, test_password: pwd }
  })
  return answer(deps, row)
}
