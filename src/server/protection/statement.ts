/**
 * A player's activity statement for one São Paulo calendar month (issue 31): deposits credited,
 * withdrawals paid, and per product (originals, shared rounds, sportsbook, provider slots) what was
 * staked, what came back and the net result, from the ledger (play_sums). As JSON for the page and
 * as a CSV file, its headings in the player's language.
 */
import { RG_PRODUCTS, type RgStatement } from '../../shared/contract/rg'
import { ORDER_STATUS, ORDER_TYPE } from '../../shared/codes'
import type { Locale } from '../../shared/locales'
import { centavosToReais } from '../../shared/money'
import type { Queryable } from '../db/connection'
import { translate } from '../i18n/messages'

/** The instant a São Paulo calendar month (YYYY-MM) starts, and the next one. */
async function monthBounds(q: Queryable, month: string): Promise<{ from: Date; to: Date }> {
  const r = await q.query<{ from: Date; to: Date }>(
    `SELECT ($1::date)::timestamp AT TIME ZONE 'America/Sao_Paulo' AS "from",
            (($1::date) + interval '1 month')::timestamp AT TIME ZONE 'America/Sao_Paulo' AS "to"`,
    [`${month}-01`],
  )
  const row = r.rows[0] as { from: Date; to: Date }
  return { from: new Date(row.from), to: new Date(row.to) }
}

export async function readStatement(q: Queryable, userId: bigint, month: string): Promise<RgStatement> {
  const { from, to } = await monthBounds(q, month)
  const sums = await q.query<{ product: string; staked: bigint; returned: bigint }>('SELECT product, staked, returned FROM play_sums($1, $2, $3)', [userId, from, to])
  const money = await q.query<{ type: number; total: bigint }>(
    `SELECT type, COALESCE(sum(COALESCE(paid_amount, amount)), 0)::bigint AS total FROM orders
      WHERE user_id = $1 AND type = ANY ($2::smallint[]) AND status = $3 AND COALESCE(closed_at, created_at) >= $4 AND COALESCE(closed_at, created_at) < $5
      GROUP BY type`,
    [userId, [ORDER_TYPE.TOP_UP, ORDER_TYPE.WITHDRAWAL], ORDER_STATUS.PAID, from, to],
  )
  const byProduct = new Map(sums.rows.map((r) => [r.product, { staked: BigInt(r.staked), returned: BigInt(r.returned) }]))
  const total = (type: number) => BigInt(money.rows.find((r) => Number(r.type) === type)?.total ?? 0n)
  let staked = 0n
  let returned = 0n
  const products = RG_PRODUCTS.map((product) => {
    const s = byProduct.get(product) ?? { staked: 0n, returned: 0n }
    staked += s.staked
    returned += s.returned
    return { product, staked: centavosToReais(s.staked), returned: centavosToReais(s.returned), net: centavosToReais(s.returned - s.staked) }
  })
  return {
    month,
    deposits: centavosToReais(total(ORDER_TYPE.TOP_UP)),
    withdrawals: centavosToReais(total(ORDER_TYPE.WITHDRAWAL)),
    products,
    staked: centavosToReais(staked),
    returned: centavosToReais(returned),
    net: centavosToReais(returned - staked),
  }
}

/** A CSV field, quoted when it holds a separator, a quote or a line break (RFC 4180). */
const field = (v: string | number) => {
  const text = typeof v === 'number' ? v.toFixed(2) : v
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** The statement as a CSV file (UTF-8 with a byte-order mark, so spreadsheets read the accents). */
export function statementCsv(s: RgStatement, locale: Locale): string {
  const tr = (key: string) => translate(locale, `statement.${key}`)
  const lines: (string | number)[][] = [
    [tr('month'), s.month],
    [],
    [tr('product'), tr('staked'), tr('returned'), tr('net')],
    ...s.products.map((p) => [tr(`products.${p.product}`), p.staked, p.returned, p.net]),
    [tr('total'), s.staked, s.returned, s.net],
    [],
    [tr('deposits'), s.deposits],
    [tr('withdrawals'), s.withdrawals],
  ]
  return `\uFEFF${lines.map((l) => l.map(field).join(',')).join('\r\n')}\r\n`
}
