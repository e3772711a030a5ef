import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import { calls, type WalletRecordDetail } from '../../shared/contract'
import { BET_RESULT } from '../../shared/codes'
import { multiplierToNumber } from '../../shared/games/payout'
import { centavosToReais } from '../../shared/money'
import type { Deps } from '../deps'
import { AppError } from '../AppError'
import { registerCall } from '../http/route'
import { dayStart, nextDay } from '../wallet/days'
import { parseRecordId } from '../wallet/recordIds'
import { roundBetView } from '../rounds/roundBets'
import { one } from '../db/one'
import type { GameProvider } from '../providers/registry'
import { findRecord, listRecords, type ProviderRound, type RecordRow } from './repository'

const DEFAULT_SIZE = 20

const wire = (r: RecordRow, names: ReadonlyMap<string, string> = new Map()) => ({
  id: r.id,
  type: Number(r.type),
  status: r.status,
  amount: centavosToReais(r.amount),
  time: new Date(r.created_at).toISOString(),
  ...(r.game ? { game: r.game } : {}),
  ...(r.game && names.has(r.game) ? { gameName: names.get(r.game) } : {}),
})

/**
 * The names of the provider games among `rows` ('PG:code' -> the catalogue's name, a product name
 * not translated), one catalogue read per provider; a game the catalogue no longer lists keeps its code.
 */
async function providerGameNames(deps: Deps, rows: readonly RecordRow[]): Promise<Map<string, string>> {
  const names = new Map<string, string>()
  const byProvider = new Map<string, Set<string>>()
  for (const r of rows) {
    const m = r.game ? /^([A-Z0-9]{2,16}):(.+)$/s.exec(r.game) : null
    if (m?.[1] && m[2]) byProvider.set(m[1], (byProvider.get(m[1]) ?? new Set()).add(m[2]))
  }
  for (const [provider, codes] of byProvider) {
    const games = await deps.providers.get(provider)?.listGames().catch(() => [])
    for (const g of games ?? []) if (codes.has(g.code)) names.set(`${provider}:${g.code}`, g.name)
  }
  return names
}

/** An e-mail shown to another player: enough to recognise, not enough to harvest. */
function maskEmail(email: string): string {
  const [name = '', domain = ''] = email.split('@')
  const shown = name.length <= 2 ? name.slice(0, 1) : `${name.slice(0, 2)}`
  return `${shown}***@${domain}`
}

/** Keeps the last four characters of an account number. */
const maskAccount = (s: string) => (s.length <= 4 ? s : `${'*'.repeat(Math.min(s.length - 4, 8))}${s.slice(-4)}`)

/**
 * A provider round's details address at its aggregator (Hub88's game/round, asked for the player's
 * public number, the round and its bet): null when the aggregator does not answer (the record shows
 * without it; the failure is logged).
 */
async function roundDetails(deps: Deps, provider: GameProvider, userId: bigint, round: ProviderRound, log: FastifyBaseLogger): Promise<string | null> {
  try {
    const uid = one((await deps.db.query<{ uid: string }>('SELECT uid::text AS uid FROM users WHERE id = $1', [userId])).rows, 'round details').uid
    return (await provider.roundDetails?.({ user: uid, transactionId: round.betTransactionId, round: round.roundId })) ?? null
  } catch (err) {
    log.warn({ err, provider: provider.code, round: round.roundId }, "a provider round's details address could not be had")
    return null
  }
}

export function recordRoutes(app: FastifyInstance, deps: Deps): void {
  registerCall(app, deps, calls.records, async ({ query, session }) => {
    const page = query.page ?? 1
    const size = query.size ?? DEFAULT_SIZE
    const { rows, total } = await listRecords(deps.db, session.userId, {
      types: query.type ?? null,
      from: query.from ? dayStart(query.from) : null,
      to: query.to ? dayStart(nextDay(query.to)) : null,
      limit: size,
      offset: (page - 1) * size,
    })
    const names = await providerGameNames(deps, rows)
    return { records: rows.map((r) => wire(r, names)), total, page, size }
  })

  registerCall(app, deps, calls.record, async ({ params, session, request }) => {
    const parsed = parseRecordId(params.id)
    if (!parsed) throw new AppError('RECORD_NOT_FOUND')
    const found = await findRecord(deps.db, session.userId, parsed.source, parsed.id)
    if (!found) throw new AppError('RECORD_NOT_FOUND')
    const out: WalletRecordDetail = wire(found.row)
    if (found.kind === 'order') {
      const o = found.order
      if (parsed.source === 'D') Object.assign(out, { gift: centavosToReais(o.gift), payNo: o.pay_no ?? '' })
      else Object.assign(out, { payCardBank: o.pay_card_bank ?? '', payCardNo: maskAccount(o.pay_card_no ?? '') })
      out.closedAt = o.closed_at ? new Date(o.closed_at).toISOString() : null
    } else if (found.kind === 'transfer') {
      out.counterpart = { uId: Number(found.counterpart.other), email: maskEmail(found.counterpart.email) }
    } else {
      out.ref = found.ref
      const bet = found.bet
      if (bet) {
        out.bet = {
          betId: String(bet.id),
          game: bet.game,
          result: bet.state === 'won' ? BET_RESULT.WIN : bet.state === 'lost' ? BET_RESULT.LOSE : BET_RESULT.BETTING,
          stake: centavosToReais(bet.amount),
          multiplier: multiplierToNumber(BigInt(bet.multiplier)),
          payout: centavosToReais(bet.payout),
          nonce: bet.nonce,
        }
      }
      const rb = found.roundBet
      if (rb) {
        const view = roundBetView(rb)
        out.bet = { betId: view.betId, game: view.game, result: view.resultCode, stake: view.amount, multiplier: view.multiplier, payout: view.payout, roundId: view.roundId, choice: view.choice }
      }
      const pr = found.providerRound
      if (pr) {
        // The provider's game by its name, with the provider's code (a product name: not translated).
        const provider = deps.providers.get(pr.provider)
        const name = (await provider?.listGames())?.find((g) => g.code === pr.game)?.name ?? pr.game
        const detailsUrl = provider?.roundDetails ? await roundDetails(deps, provider, session.userId, pr, request.log) : null
        out.bet = {
          betId: pr.betTransactionId,
          game: `${name} (${pr.provider})`,
          result: pr.state === 'rolled_back' ? BET_RESULT.PRINCIPAL_REFUND : pr.state === 'open' ? BET_RESULT.BETTING : pr.payout > 0n ? BET_RESULT.WIN : BET_RESULT.LOSE,
          stake: centavosToReais(pr.stake),
          multiplier: pr.stake > 0n ? Number((pr.payout * 10_000n) / pr.stake) / 10_000 : 0,
          payout: centavosToReais(pr.payout),
          roundId: pr.roundId,
          ...(detailsUrl ? { detailsUrl } : {}),
        }
      }
    }
    return out
  })
}
