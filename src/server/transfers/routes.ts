import type { FastifyInstance } from 'fastify'
import { calls } from '../../shared/contract'
import type { Deps } from '../deps'
import { registerCall } from '../http/route'
import { recordId } from '../wallet/recordIds'
import { pushWallet } from '../wallet/walletInfo'
import { transfer } from './service'

export function transferRoutes(app: FastifyInstance, deps: Deps): void {
  registerCall(app, deps, calls.transfer, async ({ body, session, q, setMessage, afterCommit }) => {
    const done = await transfer(deps, q, session.userId, body.toUser, body.amount)
    afterCommit(async () => {
      deps.metrics.money('transfer', body.amount)
      await pushWallet(deps.db, deps.realtime, session.userId)
      await pushWallet(deps.db, deps.realtime, done.toUserId)
    })
    setMessage('messages.transferDone')
    return { id: recordId('T', done.id), ...done.balance }
  })
}
