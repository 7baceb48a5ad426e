/**
 * A real PostgreSQL cluster for a test file: started before its tests, stopped
 * and removed after them (server/tools/postgres-cluster.ts). Without the server
 * binaries the tests fail and say how to install them.
 */
import { afterAll, beforeAll } from 'vitest'
import { type PostgresCluster, startPostgresCluster } from '../../tools/postgres-cluster.ts'

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
