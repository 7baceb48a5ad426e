/**
 * The schema of both stores, as versioned SQL files in `migrations/` (the server finds them through
 * FEES_MIGRATIONS_DIR): `NNN_name.sql` at the top holds what both databases keep, in SQL both read, and each
 * database adds its own under the same number in its folder (`pg/`, `sqlite/`). Version NNN is the shared file
 * and then the database's own, applied together in one transaction; a new version of the schema is a new
 * number. Each store records what it has applied (PostgreSQL: pg-migrations.ts; SQLite: `user_version`).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { DEFAULT_MIGRATIONS_DIR } from '../config.ts'

export interface Migration {
  version: number
  /** The shared file's name, or the database's own when there is no shared one. */
  name: string
  sql: string
}

export type Database = 'pg' | 'sqlite'

const MIGRATION_FILE = /^(\d+)_.+\.sql$/

/** The versioned files of one folder by version; an absent folder has none. */
function filesOf(dir: string): Map<number, string> {
  const files = new Map<number, string>()
  if (!existsSync(dir)) return files
  for (const file of readdirSync(dir)) {
    const version = MIGRATION_FILE.exec(file)?.[1]
    if (version !== undefined) files.set(Number(version), file)
  }
  return files
}

/** The migrations of `database`, in order. */
export function schemaMigrations(database: Database, dir = DEFAULT_MIGRATIONS_DIR): Migration[] {
  if (!existsSync(dir)) throw new Error(`The schema's files are not in ${dir}: set FEES_MIGRATIONS_DIR.`)
  const ownDir = join(dir, database)
  const shared = filesOf(dir)
  const own = filesOf(ownDir)
  const versions = [...new Set([...shared.keys(), ...own.keys()])].sort((a, b) => a - b)
  return versions.map((version) => {
    const sharedFile = shared.get(version)
    const ownFile = own.get(version)
    const parts = [
      ...(sharedFile === undefined ? [] : [readFileSync(join(dir, sharedFile), 'utf8')]),
      ...(ownFile === undefined ? [] : [readFileSync(join(ownDir, ownFile), 'utf8')]),
    ]
    return { version, name: (sharedFile ?? ownFile) as string, sql: parts.join('\n') }
  })
}
