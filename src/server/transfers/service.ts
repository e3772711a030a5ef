import type { Queryable } from '../db/connection'
import type { Deps } from '../deps'
import { AppError } from '../http/AppError'
import type { WireBalance } from '../../shared/contract'
import { post, userAccountId } from '../wallet/ledger'
import { lockRealUser } from '../wallet/players'
import { recordId } from '../wallet/recordIds'
import { readWireBalance } from '../wallet/walletInfo'

/** The receiver by numeric user id (uId) or e-mail. */
async function findReceiver(q: Queryable, toUser: string): Promise<{ id: bigint; is_test: boolean } | null> {
  const byId = /^\d{1,18}$/.test(toUser) && BigInt(toUser) <= 9_223_372_036_854_775_807n
  const r = await q.query<{ id: bigint; is_test: boolean }>(
    byId ? 'SELECT id, is_test FROM users WHERE id = $1' : 'SELECT id, is_test FROM users WHERE email = $1',
    [byId ? BigInt(toUser) : toUser],
  )
  const row = r.rows[0]
  return row ? { id: BigInt(row.id), is_test: row.is_test } : null
}

/**
 * Moves cash from one player to another, inside the call's transaction. Only cash moves: a
 * bonus still to be wagered is not the player's to give. Test accounts neither send nor receive.
 */
export async function transfer(deps: Deps, q: Queryable, fromUser: bigint, toUser: string, amount: bigint): Promise<{ id: bigint; toUserId: bigint; balance: WireBalance }> {
  await lockRealUser(q, fromUser)
  const receiver = await findReceiver(q, toUser)
  if (!receiver) throw new AppError('TRANSFER_USER_UNKNOWN')
  if (receiver.id === fromUser) throw new AppError('TRANSFER_TO_SELF')
  if (receiver.is_test) throw new AppError('TEST_ACCOUNT_REFUSED')
  const at = new Date(deps.now())
  const txId = await post(
    q,
    {
      kind: 'transfer',
      userId: fromUser,
      meta: { to: receiver.id.toString() },
      entries: [
        { accountId: await userAccountId(q, fromUser, 'cash'), amount: -amount },
        { accountId: await userAccountId(q, receiver.id, 'cash'), amount },
      ],
    },
    at,
  )
  const r = await q.query<{ id: bigint }>(
    'INSERT INTO transfers (from_user, to_user, amount, tx_id, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING id',
    [fromUser, receiver.id, amount, txId, at],
  )
  const id = BigInt(r.rows[0]!.id)
  await q.query('UPDATE ledger_transactions SET ref = $2 WHERE id = $1', [txId, recordId('T', id)])
  return { id, toUserId: receiver.id, balance: await readWireBalance(q, fromUser) }
}
