/**
 * Saved versions in an SQLite file (`FEES_DB`), the zero-setup default. The
 * database itself refuses updates and deletes; numbers are given inside an
 * IMMEDIATE transaction, so that they count 1, 2, 3 … per contract with no gap
 * or duplicate even when several processes share the file.
 */

import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import Database from 'better-sqlite3'
import { fromRow, toRow, type VersionRow } from './rows.ts'
import {
  DatabaseVersionError,
  type NewVersion,
  newHash,
  replayOf,
  type SavedVersion,
  StoreUnavailableError,
  type VersionStore,
  versionToSave,
} from './types.ts'

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
  `ALTER TABLE versions ADD COLUMN idempotency_key TEXT;
   ALTER TABLE versions ADD COLUMN request_fingerprint TEXT;
   CREATE UNIQUE INDEX versions_idempotency_key ON versions (idempotency_key) WHERE idempotency_key IS NOT NULL;`,
]

/** Opens (creating when missing) the file and brings its schema up to date. `:memory:` is allowed. */
export function openSqliteStore(path: string): VersionStore {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true })
  const db = new Database(path)
  db.pragma('journal_mode = WAL')
  db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`)
  migrate(db, path)

  const nextNumber = db.prepare<[string], { next: number }>(
    'SELECT COALESCE(MAX(number), 0) + 1 AS next FROM versions WHERE contract_id = ?',
  )
  const insert = db.prepare(
    `INSERT INTO versions (hash, contract_id, number, linked_hash, tuition_input, result, amortization, created_at,
                           idempotency_key, request_fingerprint)
     VALUES (@hash, @contract_id, @number, @linked_hash, @tuition_input, @result, @amortization, @created_at,
             @idempotency_key, @request_fingerprint)`,
  )
  const byHash = db.prepare<[string], VersionRow>('SELECT * FROM versions WHERE hash = ?')
  const byIdempotencyKey = db.prepare<[string], VersionRow>('SELECT * FROM versions WHERE idempotency_key = ?')
  const numberByPair = db.prepare<[string, string], { number: number }>(
    'SELECT number FROM versions WHERE hash = ? AND contract_id = ?',
  )
  const ping = db.prepare('SELECT 1')

  const saveOnce = db.transaction((version: NewVersion): SavedVersion => {
    const { idempotency } = version
    // Inside the write lock: a second process with the same key waits for this one and then finds its row.
    const earlier = idempotency ? byIdempotencyKey.get(idempotency.key) : undefined
    if (earlier && idempotency)
      return replayOf(fromRow(earlier), earlier.request_fingerprint ?? null, idempotency.fingerprint)
    const number = nextNumber.get(version.contractId)?.next ?? 1
    const saved = versionToSave(version, newHash(), number, new Date())
    insert.run({
      ...toRow(saved),
      idempotency_key: idempotency?.key ?? null,
      request_fingerprint: idempotency?.fingerprint ?? null,
    })
    return saved
  })

  return {
    kind: 'sqlite',
    location: path,
    async save(version) {
      for (let attempt = 1; ; attempt += 1) {
        try {
          // IMMEDIATE takes the write lock before reading MAX(number): two writers cannot read the same maximum.
          return saveOnce.immediate(version)
        } catch (error) {
          if (isBusy(error)) throw new StoreUnavailableError('The database file stayed locked by another writer.')
          if (attempt >= HASH_ATTEMPTS || !isHashCollision(error)) throw error
        }
      }
    },
    async findByHash(hash) {
      const row = byHash.get(hash)
      return row === undefined ? null : fromRow(row)
    },
    async numberOf(hash, contractId) {
      return numberByPair.get(hash, contractId)?.number ?? null
    },
    async isHealthy() {
      try {
        return ping.get() !== undefined
      } catch {
        return false
      }
    },
    async close() {
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

function isHashCollision(error: unknown): boolean {
  return error instanceof Error && /UNIQUE constraint failed: versions\.hash/.test(error.message)
}

function isBusy(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'SQLITE_BUSY'
}
