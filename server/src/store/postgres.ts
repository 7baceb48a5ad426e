/**
 * Saved versions in PostgreSQL (`DATABASE_URL`), shared by any number of
 * servers. A save is one statement, so one transaction and one round trip: the
 * contract's counter row is created or incremented (`INSERT … ON CONFLICT DO
 * UPDATE … RETURNING`), which locks it until commit, and the version is
 * inserted with that number. Concurrent saves
 * of one contract queue on the row, so numbers have no gap and no duplicate;
 * a serialization failure or deadlock (which stricter isolation levels and
 * distributed PostgreSQL-compatible databases report) is retried a bounded
 * number of times.
 */
import pg from 'pg'
import { schemaMigrations } from './migrations.ts'
import { migrate, sqlState } from './pg-migrations.ts'
import { fromRow, replayOfRow, type VersionRow, versionToSave } from './rows.ts'
import { type NewVersion, type SavedVersion, StoreUnavailableError, type VersionStore } from './types.ts'

/** Connections per server: a few saves in flight at once is plenty, and many servers share max_connections. */
const POOL_SIZE = 10
/** How long a request waits for a connection: a database that is down answers 503 after this, not never. */
const CONNECT_TIMEOUT_MS = 3_000
/**
 * A statement that takes longer is cancelled by PostgreSQL itself, and rolled back: the client gets a 503 rather
 * than a hung request, and a save it was told failed is not stored after all when the row it waited on comes free.
 */
const STATEMENT_TIMEOUT_MS = 9_000
/** Past the statement's own limit, the wait for an answer that never comes (a network that hangs) ends here. */
const ANSWER_GRACE_MS = 1_000
/** Attempts of a save that meets a serialization failure, a deadlock or a hash collision. */
const SAVE_ATTEMPTS = 10
/** Backoff before the next attempt, doubled each time, with jitter so that colliding saves spread out. */
const RETRY_BASE_MS = 5
/** SQLSTATEs after which the same transaction may simply be run again. */
const RETRYABLE = new Set(['40001', '40P01'])
/** SQLSTATE classes that mean the database is not there for now (connection, shutdown, resources, timeouts). */
const UNAVAILABLE_CLASSES = ['08', '53', '57']
/** Node socket errors of a database that is down or unreachable. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH'])

export interface PostgresStoreOptions {
  /** Connections in the pool; default POOL_SIZE. */
  poolSize?: number
  /** The schema's files; default the configuration's default, FEES_MIGRATIONS_DIR. */
  migrationsDir?: string
  /** How long PostgreSQL runs a statement before it cancels it; default STATEMENT_TIMEOUT_MS. */
  statementTimeoutMs?: number
}

export interface PostgresStore extends VersionStore {
  /** How many times a save was run again after a serialization failure, a deadlock or a hash collision. */
  readonly saveRetries: number
}

/** Connects, applies the migrations not applied yet, and returns the store. */
export async function openPostgresStore(url: string, options: PostgresStoreOptions = {}): Promise<PostgresStore> {
  const statementTimeout = options.statementTimeoutMs ?? STATEMENT_TIMEOUT_MS
  const connect = (max: number) => {
    const created = new pg.Pool({
      connectionString: url,
      max,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      // The database's limit first: a query abandoned by the client alone would go on waiting inside PostgreSQL,
      // and commit if what it waited for came free.
      statement_timeout: statementTimeout,
      query_timeout: statementTimeout + ANSWER_GRACE_MS,
      // Which server a connection belongs to, in pg_stat_activity: the process id tells the servers of one database apart.
      application_name: `fees-calculator ${process.pid}`,
    })
    // An idle connection cut by a restart of the database must not take the server down; the next query reconnects.
    created.on('error', () => undefined)
    return created
  }
  const pool = connect(options.poolSize ?? POOL_SIZE)
  // Health has a connection of its own: a pool busy with saves is not a database that does not answer.
  const healthPool = connect(1)
  try {
    await migrate(pool, schemaMigrations('pg', options.migrationsDir))
  } catch (error) {
    await Promise.all([pool.end(), healthPool.end()])
    throw error
  }

  // One statement, one round trip: the counter row is created or incremented (and locked until the statement
  // commits) and the version inserted with its number, atomically.
  const saveOnce = async (version: NewVersion): Promise<SavedVersion> => {
    const { row, saved } = versionToSave(version)
    const { rows } = await pool.query<{ number: number; created_at: Date }>(
      `WITH counted AS (
         INSERT INTO version_counters (contract_id, last_number) VALUES ($2, 1)
         ON CONFLICT (contract_id) DO UPDATE SET last_number = version_counters.last_number + 1
         RETURNING last_number
       )
       INSERT INTO versions (hash, contract_id, number, linked_hash, tuition_input, result, amortization, created_at,
                             idempotency_key, request_fingerprint)
       SELECT $1, $2, last_number, $3, $4, $5, $6, now(), $7, $8 FROM counted
       RETURNING number, created_at`,
      [
        row.hash,
        row.contract_id,
        row.linked_hash,
        row.tuition_input,
        row.result,
        row.amortization,
        row.idempotency_key,
        row.request_fingerprint,
      ],
    )
    const stored = rows[0]
    if (stored === undefined) throw new Error('Saving a version returned no row.')
    return saved(stored.number, stored.created_at)
  }

  /** The version stored with this save's Idempotency-Key, if any (refused when it came with another request). */
  const replay = async ({ idempotency }: NewVersion): Promise<SavedVersion | null> => {
    if (!idempotency) return null
    const { rows } = await pool.query<VersionRow<Date>>('SELECT * FROM versions WHERE idempotency_key = $1', [
      idempotency.key,
    ])
    return replayOfRow(rows[0], idempotency)
  }

  let saveRetries = 0
  return {
    kind: 'postgres',
    location: withoutPassword(url),
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async save(version) {
      return unavailableOnOutage(async () => {
        const earlier = await replay(version)
        if (earlier) return earlier
        for (let attempt = 1; ; attempt += 1) {
          try {
            return await saveOnce(version)
          } catch (error) {
            // The same key saved at the same moment by another request (or server): its version is this one's.
            if (isIdempotencyKeyTaken(error)) {
              const winner = await replay(version)
              if (winner) return winner
            }
            if (attempt >= SAVE_ATTEMPTS || !isRetryable(error)) throw error
            saveRetries += 1
            await sleep(RETRY_BASE_MS * 2 ** (attempt - 1) * (0.5 + Math.random()))
          }
        }
      })
    },
    async findByHash(hash) {
      const { rows } = await unavailableOnOutage(() =>
        pool.query<VersionRow<Date>>('SELECT * FROM versions WHERE hash = $1', [hash]),
      )
      const row = rows[0]
      return row === undefined ? null : fromRow(row)
    },
    async numberOf(hash, contractId) {
      const { rows } = await unavailableOnOutage(() =>
        pool.query<{ number: number }>('SELECT number FROM versions WHERE hash = $1 AND contract_id = $2', [
          hash,
          contractId,
        ]),
      )
      return rows[0]?.number ?? null
    },
    async isHealthy() {
      try {
        await healthPool.query('SELECT 1')
        return true
      } catch {
        return false
      }
    },
    async close() {
      await Promise.all([pool.end(), healthPool.end()])
    },
    get saveRetries() {
      return saveRetries
    },
  }
}

function isIdempotencyKeyTaken(error: unknown): boolean {
  return sqlState(error) === '23505' && (error as { constraint?: unknown }).constraint === 'versions_idempotency_key'
}

function isRetryable(error: unknown): boolean {
  const state = sqlState(error)
  if (RETRYABLE.has(state)) return true
  // A fresh random hash colliding with a stored one: draw another.
  return state === '23505' && (error as { constraint?: unknown }).constraint === 'versions_pkey'
}

function isUnavailable(error: unknown): boolean {
  if (error instanceof StoreUnavailableError) return true
  const code = sqlState(error)
  if (NETWORK_CODES.has(code) || UNAVAILABLE_CLASSES.some((prefix) => code.startsWith(prefix))) return true
  const message = error instanceof Error ? error.message : ''
  // What pg says when the socket closes under it or a connection or query times out.
  return /Connection terminated|connection timeout|Query read timeout|not queryable|Client has encountered a connection error/i.test(
    message,
  )
}

/** Runs `work`; an outage of the database becomes a StoreUnavailableError (HTTP 503), anything else goes on as is. */
async function unavailableOnOutage<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (isUnavailable(error))
      throw new StoreUnavailableError(`PostgreSQL does not answer: ${(error as Error).message}`, { cause: error })
    throw error
  }
}

/** The URL to print: a password never reaches a log. */
export function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url)
    if (parsed.password !== '') parsed.password = '***'
    return parsed.toString()
  } catch {
    return 'postgres://…'
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}
