import type { WalletRecord, WalletRecordDetail } from '../../../shared/contract'
import { record, records as recordsCall } from '../../../shared/contract/wallet'
import { api } from './session'

export interface RecordsPage {
  records: WalletRecord[]
  total: number
  page: number
  size: number
}

export interface RecordsQuery {
  /** Comma-separated order types, or '' for all. */
  type: string
  from: string
  to: string
  page: number
}

/** One page of the player's wallet records (the page keeps the list it shows). */
export function loadRecords(q: RecordsQuery): Promise<RecordsPage> {
  const query: Record<string, string | number> = { page: q.page, size: 20 }
  if (q.type) query.type = q.type
  if (q.from) query.from = q.from
  if (q.to) query.to = q.to
  return api<RecordsPage>(recordsCall, { query })
}

export function loadRecord(id: string): Promise<WalletRecordDetail> {
  return api<WalletRecordDetail>(record, { params: { id } })
}
