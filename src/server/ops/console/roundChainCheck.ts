/**
 * A shared-round game's chain as the console shows it (issue 35): the chain in play, its last
 * rounds, and its last played rounds checked as any player's verifier checks one (verifyRound,
 * src/shared/games/rounds/chain.ts): each round's hash leads to the one played before it, and its
 * stored roll is the one the hash, the chain's salt and the game's rules give.
 */
import { chainForward, verifyRound } from '../../../shared/games/rounds/chain'
import { ROUND_GAMES } from '../../../shared/games/rounds/registry'
import type { RoundGameId } from '../../../shared/games/rounds/types'
import type { Queryable } from '../../db/connection'

/** Rounds shown, and rounds checked. */
const SHOWN = 20
const CHECKED = 100

interface RoundRow {
  round_id: string
  seq: number
  hash: string
  roll: number
  settled_at: Date
}

export async function roundChainCheck(q: Queryable, game: RoundGameId) {
  const chain = (
    await q.query<{ id: bigint; length: number; terminating_hash: string; salt: string | null; played: bigint; voided: bigint }>(
      `SELECT c.id, c.length, c.terminating_hash, c.salt,
         (SELECT count(*) FROM rounds r WHERE r.chain_id = c.id AND r.phase = 'settled') AS played,
         (SELECT count(*) FROM rounds r WHERE r.chain_id = c.id AND r.phase = 'void') AS voided
       FROM round_chains c WHERE c.game = $1 AND c.used_up_at IS NULL`,
      [game],
    )
  ).rows[0]
  if (!chain) return { chain: null, rounds: [], verification: { checked: 0, verified: true, firstBad: null } }
  // The last rounds played, newest first, and the one before them: what the oldest checked links to.
  const played = (
    await q.query<RoundRow>(
      `SELECT round_id, seq, hash, roll, settled_at FROM rounds WHERE chain_id = $1 AND phase = 'settled' ORDER BY seq DESC LIMIT ${CHECKED + 1}`,
      [chain.id],
    )
  ).rows.map((r) => ({ ...r, seq: Number(r.seq), roll: Number(r.roll) }))
  const checked = played.slice(0, CHECKED).reverse()
  const before = played[CHECKED]
  const { size } = ROUND_GAMES[game].rules
  let firstBad: { roundId: string; seq: number; problem: 'chain' | 'result'; roll: number; expectedRoll: number } | null = null
  if (chain.salt === null && checked.length > 0) throw new Error(`${game}: chain ${chain.id} played rounds without a salt`)
  for (let i = 0; i < checked.length && !firstBad; i++) {
    const round = checked[i] as (typeof checked)[number]
    // The hash played before it: the previous round's, or the terminating hash before round 1. A
    // voided round between them played no hash of its own but took its link: walk over it.
    const prev = i > 0 ? checked[i - 1] : before
    const previousHash = prev ? prev.hash : chain.terminating_hash
    const gap = round.seq - (prev ? prev.seq : 0) - 1
    const c = verifyRound({ hash: round.hash, roll: round.roll }, previousHash, chain.salt as string, size)
    const linked = gap > 0 ? chainForward(round.hash, gap + 1) === previousHash : c.linked
    if (!linked || !c.rollMatches) firstBad = { roundId: round.round_id, seq: round.seq, problem: linked ? 'result' : 'chain', roll: round.roll, expectedRoll: c.roll }
  }
  return {
    chain: { id: String(chain.id), length: Number(chain.length), terminatingHash: chain.terminating_hash, salt: chain.salt, played: Number(chain.played), voided: Number(chain.voided) },
    rounds: played.slice(0, SHOWN).map((r) => ({ roundId: r.round_id, seq: r.seq, hash: r.hash, roll: r.roll, settledAt: new Date(r.settled_at).getTime() })),
    verification: { checked: checked.length, verified: firstBad === null, firstBad },
  }
}
