/**
 * PostgreSQL's migrations (migrations.ts: the schema's versioned files), applied in order at start, each in its
 * own transaction together with its row in `schema_migrations`. Several servers starting at once do not race:
 * the first to insert a version's row holds it until it commits, the others wait on that row, then see the
 * version applied and skip it.
 */
import type { Pool } from 'pg'
import type { Migration } from './migrations.ts'
import { DatabaseVersionError } from './types.ts'

/** SQLSTATEs of CREATE TABLE IF NOT EXISTS losing a race with another server's identical statement. */
const CREATED_CONCURRENTLY = new Set(['23505', '42P07', '42710'])

/** Applies the files not applied yet; returns the names it applied. Refuses a database from a newer server. */
export async function migrate(pool: Pool, migrations: Migration[]): Promise<string[]> {
  try {
    await pool.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version    INTEGER     PRIMARY KEY,
      name       TEXT        NOT NULL,
      applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
    )`)
  } catch (error) {
    if (!CREATED_CONCURRENTLY.has(sqlState(error))) throw error
  }
  const { rows } = await pool.query<{ latest: number | null }>('SELECT MAX(version) AS latest FROM schema_migrations')
  const latest = rows[0]?.latest ?? 0
  const known = migrations.at(-1)?.version ?? 0
  if (latest > known) {
    throw new DatabaseVersionError(
      `The database has schema version ${latest}, newer than this server knows (${known}): use a newer server or another DATABASE_URL.`,
    )
  }

  const applied: string[] = []
  for (const migration of migrations) {
    if (migration.version <= latest) continue
    const client = await pool.connect()
    try {
      await client.query('BEGIN')
      // The row first: a second server blocks here until the first commits, then fails with a unique violation.
      await client.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
        migration.version,
        migration.name,
      ])
      await client.query(migration.sql)
      await client.query('COMMIT')
      applied.push(migration.name)
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined)
      if (!appliedByAnother(error)) throw error
    } finally {
      client.release()
    }
  }
  return applied
}

/** A unique violation on schema_migrations' key: another server applied the same file first. */
function appliedByAnother(error: unknown): boolean {
  return sqlState(error) === '23505' && (error as { constraint?: unknown }).constraint === 'schema_migrations_pkey'
}

export function sqlState(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' ? code : ''
}
