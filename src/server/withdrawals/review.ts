/**
 * Why a withdrawal waits for an operator's review (issue 35) before any payout: the reasons are
 * kept on the order (review_reasons) and shown in the console's queue; none, and it goes to the
 * payout provider at once.
 */
import type { REVIEW_REASONS } from '../../shared/contract/opsConsole'
import type { Config } from '../config'
import type { Queryable } from '../db/connection'

export type ReviewReason = (typeof REVIEW_REASONS)[number]

const DAY = 86_400_000
/** The rules' windows: an identity verified, a harm marker seen, deposits refused for another payer. */
const KYC_RECENT_MS = 7 * DAY
const MARKERS_MS = 7 * DAY
const FOREIGN_PAYERS_MS = 30 * DAY
const FOREIGN_PAYERS_MIN = 2

export async function reviewReasons(q: Queryable, wallet: Config['wallet'], w: { userId: bigint; amount: bigint; type: string; at: Date }): Promise<ReviewReason[]> {
  const reasons: ReviewReason[] = []
  // A CNPJ's holder is checked by a person (WITHDRAW_CNPJ).
  if (w.type === 'CNPJ') reasons.push('cnpj')
  if (wallet.withdrawReviewOver > 0n && w.amount > wallet.withdrawReviewOver) reasons.push('over')
  if (!wallet.withdrawReview) return reasons
  const at = w.at.getTime()
  const r = await q.query<{ paid_before: boolean; kyc_recent: boolean; markers: boolean; foreign: string }>(
    `SELECT EXISTS (SELECT 1 FROM orders WHERE user_id = $1 AND type = 11 AND status = '10') AS paid_before,
            EXISTS (SELECT 1 FROM kyc_tax_ids WHERE user_id = $1 AND verified_at > $2) AS kyc_recent,
            EXISTS (SELECT 1 FROM rg_markers WHERE user_id = $1 AND day >= $3::date) AS markers,
            (SELECT count(*) FROM orders WHERE user_id = $1 AND type = 10 AND close_reason = 'payer_not_owner' AND created_at > $4) AS foreign`,
    [w.userId, new Date(at - KYC_RECENT_MS), new Date(at - MARKERS_MS).toISOString().slice(0, 10), new Date(at - FOREIGN_PAYERS_MS)],
  )
  const f = r.rows[0]
  if (!f) return reasons
  if (!f.paid_before) reasons.push('first')
  if (f.kyc_recent) reasons.push('kycRecent')
  if (f.markers) reasons.push('harmMarkers')
  if (Number(f.foreign) >= FOREIGN_PAYERS_MIN) reasons.push('foreignPayers')
  return reasons
}
