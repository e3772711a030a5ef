/**
 * Games and books in the operators' console (issue 35): the books per day and product (and as
 * CSV), the sportsbook's open liability, a shared-round game's chain and its check. Role: payments.
 */
import * as ops from '../../../shared/contract/opsConsole'
import type { RoundGameId } from '../../../shared/games/rounds/types'
import { centavosToReais, centavosToText } from '../../../shared/money'
import type { Deps } from '../../deps'
import type { OddsFeed } from '../../sport/OddsFeed'
import { csvField } from './auditTrail'
import { bookDays, type BookFigures } from './bookDays'
import type { OpsRouter } from './opsRoute'
import { roundChainCheck } from './roundChainCheck'
import { sportLiability } from './sportLiability'

/** Returns over stakes, to six places; null without stakes. */
const rtpOf = (stakes: bigint, returns: bigint) => (stakes > 0n ? Math.round((Number(returns) / Number(stakes)) * 1e6) / 1e6 : null)
const rounded = (rtp: number | null) => (rtp === null ? null : Math.round(rtp * 1e6) / 1e6)

function wire(f: BookFigures) {
  return {
    stakes: centavosToReais(f.stakes),
    bonusStakes: centavosToReais(f.bonusStakes),
    returns: centavosToReais(f.returns),
    ggr: centavosToReais(f.stakes - f.returns),
    bets: f.bets,
    players: f.players,
    rtpObserved: rtpOf(f.stakes, f.returns),
    rtpTheoretical: rounded(f.rtpTheoretical),
  }
}

const CSV_HEAD = ['day', 'product', 'stakes', 'bonus_stakes', 'returns', 'ggr', 'bets', 'players', 'rtp_observed', 'rtp_theoretical']

export function booksRoutes(route: OpsRouter, deps: Deps, sportFeed: () => OddsFeed | null): void {
  const { db } = deps
  const days = (query: { from: string; to: string }) => bookDays(db, query.from, query.to, deps.providers)

  route(ops.opsBooks, async ({ query }) => (await days(query)).map((d) => ({ day: d.day, products: d.products.map((p) => ({ product: p.product, ...wire(p) })), totals: wire(d.totals) })))

  route(ops.opsBooksCsv, async ({ query, reply, audit }) => {
    const found = await days(query)
    await audit(db, { action: 'books.export', after: query })
    // Amounts as plain decimals (a dot, two places), the way a spreadsheet reads a number.
    const num = (v: number | null) => (v === null ? '' : String(v))
    const lines = found.flatMap((d) =>
      d.products.map((p) => {
        const w = wire(p)
        return [csvField(d.day), csvField(p.product), centavosToText(p.stakes), centavosToText(p.bonusStakes), centavosToText(p.returns), centavosToText(p.stakes - p.returns), String(w.bets), String(w.players), num(w.rtpObserved), num(w.rtpTheoretical)].join(',')
      }),
    )
    const csv = [CSV_HEAD.join(','), ...lines].join('\r\n') + '\r\n'
    return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="books-${query.from}-${query.to}.csv"`).send(csv)
  })

  route(ops.opsBooksLiability, async () =>
    (await sportLiability(db, sportFeed())).map((m) => ({ ...m, openStakes: centavosToReais(m.openStakes), worstCase: centavosToReais(m.worstCase) })),
  )

  route(ops.opsRoundChain, async ({ params }) => roundChainCheck(db, params.game as RoundGameId))
}
