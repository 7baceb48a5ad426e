/**
 * Saved versions in SQLite (docs/rules.md#saving). A version is written once and
 * never changed: the database itself refuses updates and deletes, numbers are
 * given inside an IMMEDIATE transaction so that they count 1, 2, 3 … per
 * contract with no gap or duplicate even when several processes share the file.
 */
import Database from 'better-sqlite3'
import { randomBytes } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import type { AmortizationTable, FeesTableResult, TuitionPayload } from '../../src/domain/types.ts'

/** 18 random bytes: 144 bits, above the 128 a hash that cannot be guessed needs, and 24 base64url characters with no padding. */
const HASH_BYTES = 18
/** How long a writer waits for another process's lock before giving up. */
const BUSY_TIMEOUT_MS = 5_000
/** A fresh random hash colliding is astronomically unlikely; retrying a few times makes it impossible in practice. */
const HASH_ATTEMPTS = 3

/**
 * The schema, one entry per version of it. `PRAGMA user_version` records how
 * many have been applied; a new version of the schema is a new entry at the end.
 */
const MIGRATIONS: readonly string[] = [
  `CREATE TABLE versions (
     id            INTEGER PRIMARY KEY,
     hash          TEXT    NOT NULL UNIQUE,
     contract_id   TEXT    NOT NULL,
     number        INTEGER NOT NULL CHECK (number >= 1),
     linked_hash   TEXT,
     tuition_input TEXT    NOT NULL,
     result        TEXT    NOT NULL,
     amortization  TEXT    NOT NULL,
     created_at    TEXT    NOT NULL,
     UNIQUE (contract_id, number)
   );
   CREATE TRIGGER versions_are_immutable BEFORE UPDATE ON versions
   BEGIN SELECT RAISE(ABORT, 'versions are immutable'); END;
   CREATE TRIGGER versions_are_kept BEFORE DELETE ON versions
   BEGIN SELECT RAISE(ABORT, 'versions are never deleted'); END;`,
]

export interface NewVersion {
  contractId: string
  linkedHash: string | null
  /** Already without token. */
  tuitionInput: TuitionPayload
  result: FeesTableResult
  /** Its versionHashCode and versionNumber are filled in by `save`. */
  amortization: AmortizationTable
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
  /** Stores a new version and returns it as stored. */
  save(version: NewVersion): SavedVersion
  findByHash(hash: string): SavedVersion | null
  /** The number of the version with this hash, only when it belongs to this contract. */
  numberOf(hash: string, contractId: string): number | null
  /** Whether the database answers a query. */
  isHealthy(): boolean
  close(): void
}

interface VersionRow {
  hash: string
  contract_id: string
  number: number
  linked_hash: string | null
  tuition_input: string
  result: string
  amortization: string
  created_at: string
}

export class DatabaseVersionError extends Error {
  override name = 'DatabaseVersionError'
}

export function openVersionStore(path: string): VersionStore {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true })
  const db = new Database(path)
  db.pragma('journal_mode = WAL')
  db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`)
  migrate(db, path)

  const nextNumber = db.prepare<[string], { next: number }>(
    'SELECT COALESCE(MAX(number), 0) + 1 AS next FROM versions WHERE contract_id = ?',
  )
  const insert = db.prepare(
    `INSERT INTO versions (hash, contract_id, number, linked_hash, tuition_input, result, amortization, created_at)
     VALUES (@hash, @contract_id, @number, @linked_hash, @tuition_input, @result, @amortization, @created_at)`,
  )
  const byHash = db.prepare<[string], VersionRow>('SELECT * FROM versions WHERE hash = ?')
  const numberByPair = db.prepare<[string, string], { number: number }>(
    'SELECT number FROM versions WHERE hash = ? AND contract_id = ?',
  )
  const ping = db.prepare('SELECT 1')

  const saveOnce = db.transaction((version: NewVersion): SavedVersion => {
    const hash = randomBytes(HASH_BYTES).toString('base64url')
    const number = nextNumber.get(version.contractId)?.next ?? 1
    const saved: SavedVersion = {
      hash,
      contractId: version.contractId,
      number,
      linkedHash: version.linkedHash,
      tuitionInput: version.tuitionInput,
      result: version.result,
      amortization: { ...version.amortization, versionHashCode: hash, versionNumber: number },
      createdAt: new Date().toISOString(),
    }
    insert.run(toRow(saved))
    return saved
  })

  return {
    save(version) {
      for (let attempt = 1; ; attempt += 1) {
        try {
          // IMMEDIATE takes the write lock before reading MAX(number): two writers cannot read the same maximum.
          return saveOnce.immediate(version)
        } catch (error) {
          if (attempt >= HASH_ATTEMPTS || !isHashCollision(error)) throw error
        }
      }
    },
    findByHash(hash) {
      const row = byHash.get(hash)
      return row === undefined ? null : fromRow(row)
    },
    numberOf(hash, contractId) {
      return numberByPair.get(hash, contractId)?.number ?? null
    },
    isHealthy() {
      try {
        return ping.get() !== undefined
      } catch {
        return false
      }
    },
    close() {
      db.close()
    },
  }
}

function migrate(db: Database.Database, path: string): void {
  const applied = db.pragma('user_version', { simple: true }) as number
  if (applied > MIGRATIONS.length) {
    throw new DatabaseVersionError(
      `${path} has schema version ${applied}, newer than this server knows (${MIGRATIONS.length}): use a newer server or another FEES_DB.`,
    )
  }
  MIGRATIONS.slice(applied).forEach((sql, index) => {
    db.transaction(() => {
      db.exec(sql)
      db.pragma(`user_version = ${applied + index + 1}`)
    }).immediate()
  })
}

function toRow(version: SavedVersion): VersionRow {
  return {
    hash: version.hash,
    contract_id: version.contractId,
    number: version.number,
    linked_hash: version.linkedHash,
    tuition_input: JSON.stringify(version.tuitionInput),
    result: JSON.stringify(version.result),
    amortization: JSON.stringify(version.amortization),
    created_at: version.createdAt,
  }
}

function fromRow(row: VersionRow): SavedVersion {
  return {
    hash: row.hash,
    contractId: row.contract_id,
    number: row.number,
    linkedHash: row.linked_hash,
    tuitionInput: JSON.parse(row.tuition_input) as TuitionPayload,
    result: JSON.parse(row.result) as FeesTableResult,
    amortization: JSON.parse(row.amortization) as AmortizationTable,
    createdAt: row.created_at,
  }
}

function isHashCollision(error: unknown): boolean {
  return error instanceof Error && /UNIQUE constraint failed: versions\.hash/.test(error.message)
}
