import type { AmortizationTable, FeesTableResult, TuitionPayload } from '@fees-calculator/contract'
import type { SavedVersion } from './types.ts'

/**
 * A stored version as both databases keep it: the JSON columns as text, the
 * time as the driver gives it back (SQLite: the ISO text; PostgreSQL: a Date).
 */
export interface VersionRow<Time extends string | Date = string> {
  hash: string
  contract_id: string
  number: number
  linked_hash: string | null
  tuition_input: string
  result: string
  amortization: string
  created_at: Time
  /** The Idempotency-Key the version was saved with, and its request's fingerprint (null for saves without one). */
  idempotency_key?: string | null
  request_fingerprint?: string | null
}

export function toRow(version: SavedVersion): VersionRow {
  return {
    hash: version.hash,
    contract_id: version.contractId,
    number: version.number,
    linked_hash: version.linkedHash,
    tuition_input: JSON.stringify(version.tuitionInput),
    result: JSON.stringify(version.result),
    amortization: JSON.stringify(version.amortization),
    created_at: version.createdAt,
    idempotency_key: null,
    request_fingerprint: null,
  }
}

/** The version a row holds; its schedule carries the row's number (the stored one may predate it). */
export function fromRow(row: VersionRow<string | Date>): SavedVersion {
  return {
    hash: row.hash,
    contractId: row.contract_id,
    number: row.number,
    linkedHash: row.linked_hash,
    tuitionInput: JSON.parse(row.tuition_input) as TuitionPayload,
    result: JSON.parse(row.result) as FeesTableResult,
    amortization: { ...(JSON.parse(row.amortization) as AmortizationTable), versionNumber: row.number },
    createdAt: typeof row.created_at === 'string' ? row.created_at : row.created_at.toISOString(),
  }
}
