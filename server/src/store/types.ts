/**
 * Where saved versions live, seen from the routes: one asynchronous interface
 * with two implementations, SQLite (a file, the zero-setup default) and
 * PostgreSQL (`DATABASE_URL`, shared by several servers). A version is written
 * once and never changed; numbers count 1, 2, 3 … per contract with no gap or
 * duplicate, however many saves and servers run at once.
 */
import { randomBytes } from 'node:crypto'
import type { AmortizationTable, FeesTableResult, TuitionPayload } from '@fees-calculator/contract'

/** 18 random bytes: 144 bits, above the 128 a hash that cannot be guessed needs, and 24 base64url characters with no padding. */
const HASH_BYTES = 18

export interface NewVersion {
  contractId: string
  linkedHash: string | null
  /** Already without token. */
  tuitionInput: TuitionPayload
  result: FeesTableResult
  /** Its versionHashCode and versionNumber are filled in by `save`. */
  amortization: AmortizationTable
  /**
   * The client's Idempotency-Key and a fingerprint of the request it came with: a second save with the same
   * key and fingerprint gets the version the first stored (no new row), one with another fingerprint is refused.
   */
  idempotency: { key: string; fingerprint: string } | null
}

export interface SavedVersion {
  hash: string
  contractId: string
  number: number
  linkedHash: string | null
  tuitionInput: TuitionPayload
  result: FeesTableResult
  amortization: AmortizationTable
  createdAt: string
}

export interface VersionStore {
  /** `sqlite` or `postgres`. */
  readonly kind: string
  /** Where the versions are, to print at start (a PostgreSQL URL without its password). */
  readonly location: string
  /** Stores a new version and returns it as stored; throws StoreUnavailableError when the database does not answer. */
  save(version: NewVersion): Promise<SavedVersion>
  findByHash(hash: string): Promise<SavedVersion | null>
  /** The number of the version with this hash, only when it belongs to this contract. */
  numberOf(hash: string, contractId: string): Promise<number | null>
  /** Whether the database answers a query now. */
  isHealthy(): Promise<boolean>
  /** The connection pool's use, where the store has a pool (reported on /metrics). */
  poolUse?(): { total: number; idle: number; waiting: number }
  /** Waits for queries in flight, then lets the connections go. */
  close(): Promise<void>
}

/** An Idempotency-Key already stored with another request: the save is refused (HTTP 422). */
export class IdempotencyKeyReusedError extends Error {
  override name = 'IdempotencyKeyReusedError'
}

/** The stored version of a repeated Idempotency-Key, or the refusal when it came with another request. */
export function replayOf(stored: SavedVersion, storedFingerprint: string | null, fingerprint: string): SavedVersion {
  if (storedFingerprint !== fingerprint)
    throw new IdempotencyKeyReusedError('This Idempotency-Key was used with another request.')
  REPLAYS.add(stored)
  return stored
}

/** The versions a store gave back for a save sent again with its Idempotency-Key (counted on /metrics). */
const REPLAYS = new WeakSet<SavedVersion>()

/** Whether `saved` is an earlier save given back for the same Idempotency-Key rather than a new version. */
export function isReplay(saved: SavedVersion): boolean {
  return REPLAYS.has(saved)
}

/** The database cannot be reached or refuses work for now: the request may be retried later (HTTP 503). */
export class StoreUnavailableError extends Error {
  override name = 'StoreUnavailableError'
}

/** The database was written by a newer server than this one. */
export class DatabaseVersionError extends Error {
  override name = 'DatabaseVersionError'
}

export function newHash(): string {
  return randomBytes(HASH_BYTES).toString('base64url')
}

/** The version as stored: the amortization table carries its own hash and number. */
export function savedVersion(version: NewVersion, hash: string, number: number, createdAt: Date): SavedVersion {
  return {
    hash,
    contractId: version.contractId,
    number,
    linkedHash: version.linkedHash,
    tuitionInput: version.tuitionInput,
    result: version.result,
    amortization: { ...version.amortization, versionHashCode: hash, versionNumber: number },
    createdAt: createdAt.toISOString(),
  }
}
