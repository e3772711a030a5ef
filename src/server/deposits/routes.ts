import type { FastifyInstance } from 'fastify'
import { calls, type PricePackage } from '../../shared/contract'
import { WAGER_MIN_MULTIPLIER4 } from '../../shared/contract/wallet'
import { multiplierToNumber } from '../../shared/games/payout'
import { centavosToReais } from '../../shared/money'
import type { Deps } from '../deps'
import { registerCall } from '../http/route'
import { depositBonusesOffered, PLAIN_CURRENCIES } from '../protection/brazil'
import { listPackages } from './repository'
import { cancelDeposit, createDeposit, depositStatus, discardCharge, pendingDeposit, prepareDeposit, type NewDeposit, type PreparedCharge } from './service'

/** Without a query: the normal deposit's packages (BRL, EXTPAY, empty) and the main-data ones (BTBRL, FCBRL). */
const DEFAULT_CURRENCIES = ['BRL', 'EXTPAY', 'BTBRL', 'FCBRL', '']

export function depositRoutes(app: FastifyInstance, deps: Deps): void {
  registerCall(app, deps, calls.getPrices, async ({ query }) => {
    const rows = await listPackages(deps.db, query.curreny ? [query.curreny] : DEFAULT_CURRENCIES)
    // The BR profile offers no deposit-linked bonus: the plain amounts (BRL, or none named), no
    // gift, no offer or first-deposit package (EXTPAY, BTBRL, FCBRL, INSBRL, EXPPAY).
    const bonuses = depositBonusesOffered(deps.config)
    return rows.filter((p) => bonuses || PLAIN_CURRENCIES.includes(p.currency)).map((p) => ({
      pkgId: p.id,
      price: centavosToReais(p.price),
      gift: bonuses ? centavosToReais(p.gift) : 0,
      curreny: p.currency as PricePackage['curreny'],
      sort: p.sort,
      wagerX: p.gift_wager_x,
      turnoverX: p.turnover_x ?? deps.config.wallet.depositTurnover,
    }))
  })

  registerCall(app, deps, calls.bonusTerms, async () => {
    const w = deps.config.wallet
    return {
      maxStake: centavosToReais(w.bonusMaxStake),
      minMultiplier: multiplierToNumber(WAGER_MIN_MULTIPLIER4),
      contribution: w.wagerContribution,
      otherGames: 100,
      depositTurnover: w.depositTurnover,
      giftCap: centavosToReais(w.giftCap),
    }
  })

  // The path names the package; a form's pkgId, when sent, must agree with it.
  const ask = (params: { pkgId: number }, body: { pkgId?: number; gift: 0 | 1; isapp?: 0 | 1 }, locale: string): NewDeposit => ({
    pkgId: body.pkgId !== undefined && body.pkgId !== params.pkgId ? -1 : params.pkgId,
    gift: body.gift,
    isapp: body.isapp ?? 0,
    locale,
  })
  registerCall(
    app,
    deps,
    calls.prePay,
    async ({ params, body, session, q, ctx, prepared }) => createDeposit(deps, q, session.userId, ask(params, body, ctx.locale), prepared as PreparedCharge),
    {
      // The charge is opened at the PSP first, outside the order's transaction.
      prepare: async (input) =>
        prepareDeposit(deps, input.session.userId, ask(input.params as { pkgId: number }, input.body as { pkgId?: number; gift: 0 | 1; isapp?: 0 | 1 }, input.ctx.locale), input.request.log),
      discard: (prepared) => discardCharge(deps, prepared as PreparedCharge),
    },
  )

  registerCall(app, deps, calls.getStatus, async ({ params, session }) => {
    const order = await depositStatus(deps, session.userId, params.orderId)
    return { status: order.status }
  })

  registerCall(app, deps, calls.pendingPay, async ({ session }) => pendingDeposit(deps, session.userId))

  registerCall(app, deps, calls.cancelPay, async ({ params, session, setMessage }) => {
    const status = await cancelDeposit(deps, session.userId, params.orderId)
    setMessage('messages.orderCancelled')
    return { status }
  })
}
