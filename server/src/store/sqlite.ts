/**
 * Saved versions in an SQLite file (`FEES_DB`), the zero-setup default. The
 * database itself refuses updates and deletes; numbers are given inside an
 * IMMEDIATE transaction, so that they count 1, 2, 3 … per contract with no gap
 * or duplicate even when several processes share the file.
 */

import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import Database from 'better-sqlite3'
import { type Migration, schemaMigrations } from './migrations.ts'
import { fromRow, replayOfRow, type VersionRow, versionToSave } from './rows.ts'
import {
  DatabaseVersionError,
  type NewVersion,
  type SavedVersion,
  StoreUnavailableError,
  type VersionStore,
} from './types.ts'

/** How long a writer waits for another process's lock before giving up. */
const BUSY_TIMEOUT_MS = 5_000
/** A fresh random hash colliding is astronomically unlikely; retrying a few times makes it impossible in practice. */
const HASH_ATTEMPTS = 3

/**
 * Opens (creating when missing) the file and brings its schema up to date from the schema's files in
 * `migrationsDir` (migrations.ts; default the configuration's default, FEES_MIGRATIONS_DIR). `:memory:` is allowed.
 */
export function openSqliteStore(path: string, migrationsDir?: string): VersionStore {
  const migrations = schemaMigrations('sqlite', migrationsDir)
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true })
  const db = new Database(path)
  db.pragma('journal_mode = WAL')
  db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`)
  migrate(db, path, migrations)

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
    const earlier = idempotency ? replayOfRow(byIdempotencyKey.get(idempotency.key), idempotency) : null
    if (earlier) return earlier
    const number = nextNumber.get(version.contractId)?.next ?? 1
    const { row, saved } = versionToSave(version)
    const stored = saved(number, new Date())
    insert.run({ ...row, number, created_at: stored.createdAt })
    return stored
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

/** Applies the versions after the file's `user_version`, each with its number in one transaction. */
function migrate(db: Database.Database, path: string, migrations: Migration[]): void {
  const applied = db.pragma('user_version', { simple: true }) as number
  const known = migrations.at(-1)?.version ?? 0
  if (applied > known) {
    throw new DatabaseVersionError(
      `${path} has schema version ${applied}, newer than this server knows (${known}): use a newer server or another FEES_DB.`,
    )
  }
  for (const migration of migrations) {
    if (migration.version <= applied) continue
    db.transaction(() => {
      db.exec(migration.sql)
      db.pragma(`user_version = ${migration.version}`)
    }).immediate()
  }
}

function isHashCollision(error: unknown): boolean {
  return error instanceof Error && /UNIQUE constraint failed: versions\.hash/.test(error.message)
}

function isBusy(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'SQLITE_BUSY'
}
