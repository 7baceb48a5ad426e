/**
 * A real PostgreSQL cluster for a test file: started before its tests, stopped
 * and removed after them (postgres-cluster.ts). Without the server
 * binaries the tests fail and say how to install them.
 */
import type pg from 'pg'
import { afterAll, beforeAll } from 'vitest'
import { type PostgresCluster, startPostgresCluster } from './postgres-cluster.ts'

/** The cluster of this file's tests; read it inside a test or hook, not at import time. */
export function postgresSuite(): () => PostgresCluster {
  let cluster: PostgresCluster | undefined
  beforeAll(async () => {
    cluster = await startPostgresCluster()
  })
  afterAll(async () => {
    await cluster?.remove()
  })
  return () => {
    if (cluster === undefined) throw new Error('The PostgreSQL cluster has not started (see the error of beforeAll).')
    return cluster
  }
}

let databases = 0
/** A fresh database name, unique in this process. */
export function freshDatabaseName(prefix = 'fees'): string {
  databases += 1
  return `${prefix}_${process.pid}_${databases}`
}

/**
 * `statement` (a read of pg_stat_activity) as the database is now. Inside a transaction PostgreSQL reads that
 * view's rows once and keeps them to its end: a test that holds a row and looks again and again for a server
 * waiting on it would never see a connection opened after its first look. The snapshot is cleared first.
 */
export async function currentActivity<T extends pg.QueryResultRow>(client: pg.Client, statement: string): Promise<T[]> {
  await client.query('SELECT pg_stat_clear_snapshot()')
  return (await client.query<T>(statement)).rows
}
