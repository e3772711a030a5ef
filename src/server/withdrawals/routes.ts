import type { FastifyInstance } from 'fastify'
import { calls } from '../../shared/contract'
import type { Deps } from '../deps'
import { registerCall } from '../http/route'
import { recordId } from '../wallet/recordIds'
import { pushWallet } from '../wallet/walletInfo'
import { requestWithdrawal, withdrawLimits } from './service'

export function withdrawalRoutes(app: FastifyInstance, deps: Deps): void {
  registerCall(app, deps, calls.getWithdraw, ({ session }) => withdrawLimits(deps, session.userId))

  registerCall(app, deps, calls.withdraw, async ({ body, session, q, setMessage, afterCommit }) => {
    const id = await requestWithdrawal(deps, q, session.userId, body)
    afterCommit(async () => {
      deps.payouts?.submit(id)
      await pushWallet(deps.db, deps.realtime, session.userId)
    })
    setMessage('messages.withdrawRequested')
    return { orderId: recordId('W', id) }
  })
}
