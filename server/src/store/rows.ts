import type { AmortizationTable, FeesTableResult, TuitionPayload } from '@fees-calculator/contract'
import { type NewVersion, newHash, replayOf, type SavedVersion, savedVersion } from './types.ts'

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

/** A version to be saved: its row, but for its number and time, and the version it is once it has them. */
export interface VersionToSave {
  row: Omit<VersionRow, 'number' | 'created_at'>
  saved(number: number, createdAt: Date): SavedVersion
}

/**
 * A new version as both databases store it, under a hash drawn for it; each database gives its number and time
 * (SQLite after the last number it read in the save's transaction; PostgreSQL in the insert itself). The stored
 * table leaves its number to the number column, the one source of it, and gets it back on load.
 */
export function versionToSave(version: NewVersion): VersionToSave {
  const hash = newHash()
  return {
    row: {
      hash,
      contract_id: version.contractId,
      linked_hash: version.linkedHash,
      tuition_input: JSON.stringify(version.tuitionInput),
      result: JSON.stringify(version.result),
      amortization: JSON.stringify({ ...version.amortization, versionHashCode: hash, versionNumber: null }),
      idempotency_key: version.idempotency?.key ?? null,
      request_fingerprint: version.idempotency?.fingerprint ?? null,
    },
    saved: (number, createdAt) => savedVersion(version, hash, number, createdAt),
  }
}

/**
 * The version stored with a save's Idempotency-Key (`row`, the one holding that key, if any), given back for the
 * save sent again; refused when it came with another request.
 */
export function replayOfRow(
  row: VersionRow<string | Date> | undefined,
  idempotency: NonNullable<NewVersion['idempotency']>,
): SavedVersion | null {
  return row === undefined ? null : replayOf(fromRow(row), row.request_fingerprint ?? null, idempotency.fingerprint)
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
