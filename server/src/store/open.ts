/**
 * The store the configuration asks for: PostgreSQL when DATABASE_URL is set,
 * else the SQLite file FEES_DB.
 */
import type { Config } from '../config.ts'
import { openPostgresStore } from './postgres.ts'
import { openSqliteStore } from './sqlite.ts'
import type { VersionStore } from './types.ts'

export async function openStore(
  config: Pick<Config, 'databaseUrl' | 'dbPath' | 'migrationsDir'>,
): Promise<VersionStore> {
  if (config.databaseUrl !== null) return openPostgresStore(config.databaseUrl, { migrationsDir: config.migrationsDir })
  return openSqliteStore(config.dbPath, config.migrationsDir)
}
