import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { schemaMigrations } from '../../src/store/migrations.ts'
import { openPostgresStore } from '../../src/store/postgres.ts'
import { financing, startTestServer } from '../support/api-server.ts'
import { newVersion } from '../support/new-version.ts'
import { freshDatabaseName, postgresSuite } from '../support/postgres.ts'
import { postgresBinaries } from '../support/postgres-cluster.ts'

/** What only the PostgreSQL store has to get right: migrations shared by many servers, outages, retries. */
const cluster = postgresSuite()

async function query<T extends pg.QueryResultRow>(url: string, statement: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query<T>(statement)).rows
  } finally {
    await client.end()
  }
}

describe('the PostgreSQL schema', () => {
  it('is applied once by four servers starting together, and again by none', async () => {
    const url = await cluster().createDatabase(freshDatabaseName())
    const stores = await Promise.all(Array.from({ length: 4 }, () => openPostgresStore(url)))
    const saved = await Promise.all(stores.map((store) => store.save(newVersion('C-MIGRATED'))))
    expect(saved.map((version) => version.number).sort()).toEqual([1, 2, 3, 4])
    await Promise.all(stores.map((store) => store.close()))

    const applied = await query<{ version: number; name: string }>(
      url,
      'SELECT version, name FROM schema_migrations ORDER BY version',
    )
    expect(applied).toEqual(schemaMigrations('pg').map(({ version, name }) => ({ version, name })))
    const again = await openPostgresStore(url)
    expect((await again.save(newVersion('C-MIGRATED'))).number).toBe(5)
    await again.close()
    expect(await query(url, 'SELECT version FROM schema_migrations')).toHaveLength(applied.length)
  })
})

describe('saving under serializable isolation', () => {
  it('retries the saves that meet a serialization failure: every one succeeds, numbered without gaps', async () => {
    const name = freshDatabaseName()
    const url = await cluster().createDatabase(name)
    // What CockroachDB does by default: concurrent updates of one counter row fail with 40001 and must be run again.
    await query(cluster().url, `ALTER DATABASE ${name} SET default_transaction_isolation = 'serializable'`)
    const store = await openPostgresStore(url, { poolSize: 4 })
    try {
      const saved = await Promise.all(Array.from({ length: 40 }, () => store.save(newVersion('C-SERIAL'))))
      expect(saved.map((version) => version.number).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 40 }, (_, k) => k + 1),
      )
      expect(store.saveRetries).toBeGreaterThan(0)
    } finally {
      await store.close()
    }
  })
})

describe('health on PostgreSQL', () => {
  it('says the database answers while every pooled connection is busy with a save', async () => {
    const url = await cluster().createDatabase(freshDatabaseName())
    const store = await openPostgresStore(url, { poolSize: 1 })
    await store.save(newVersion('C-BUSY'))
    // Another session holds the contract's counter row: the next save waits on it, on the pool's only connection.
    const holder = new pg.Client({ connectionString: url })
    await holder.connect()
    try {
      await holder.query('BEGIN')
      await holder.query("UPDATE version_counters SET last_number = last_number WHERE contract_id = 'C-BUSY'")
      const waiting = store.save(newVersion('C-BUSY'))
      await new Promise((resolve) => setTimeout(resolve, 200))
      const started = Date.now()
      expect(await store.isHealthy()).toBe(true)
      expect(Date.now() - started).toBeLessThan(2_000)
      await holder.query('COMMIT')
      expect((await waiting).number).toBe(2)
    } finally {
      await holder.end()
      await store.close()
    }
  })
})

describe('a save that waits past the statement timeout', () => {
  it('is refused as the database not answering, and is not stored once the row it waited on comes free', async () => {
    const name = freshDatabaseName()
    const url = await cluster().createDatabase(name)
    // A database set to wait forever: the server's own limit still holds on its connections.
    await query(cluster().url, `ALTER DATABASE ${name} SET statement_timeout = 0`)
    const store = await openPostgresStore(url, { statementTimeoutMs: 300 })
    await store.save(newVersion('C-SLOW'))
    const holder = new pg.Client({ connectionString: url })
    await holder.connect()
    try {
      await holder.query('BEGIN')
      await holder.query("SELECT last_number FROM version_counters WHERE contract_id = 'C-SLOW' FOR UPDATE")
      await expect(store.save(newVersion('C-SLOW', 13))).rejects.toThrow(/PostgreSQL does not answer/)
      await holder.query('COMMIT')
      // Had the statement gone on waiting inside PostgreSQL, it would commit now, after its 503.
      await new Promise((resolve) => setTimeout(resolve, 300))
      const stored = await query<{ number: number }>(url, "SELECT number FROM versions WHERE contract_id = 'C-SLOW'")
      expect(stored.map(({ number }) => number)).toEqual([1])
      expect((await store.save(newVersion('C-SLOW', 14))).number).toBe(2)
    } finally {
      await holder.end()
      await store.close()
    }
  })
})

describe('a machine without PostgreSQL', () => {
  it('makes the tests fail with how to install it', () => {
    const given = process.env.PG_BIN
    process.env.PG_BIN = '/nonexistent/postgresql/bin'
    try {
      expect(() => postgresBinaries()).toThrow(/apt-get install -y postgresql/)
    } finally {
      if (given === undefined) delete process.env.PG_BIN
      else process.env.PG_BIN = given
    }
  })
})

describe('a server on PostgreSQL when the database goes away', () => {
  it('answers 503 problems (health, save, load) while it is down, and serves again once it is back', async () => {
    const url = await cluster().createDatabase(freshDatabaseName())
    const server = await startTestServer({ DATABASE_URL: url })
    const post = (body: unknown) =>
      fetch(`${server.api}/Calculator/FrontCalculateFees`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Api-Key': 'test-api-key' },
        body: JSON.stringify(body),
      })
    const load = (hash: string) =>
      fetch(`${server.api}/Calculator/feestable/${hash}`, { headers: { 'X-Api-Key': 'test-api-key' } })
    try {
      const before = (await (await post(financing({ contractId: 'C-OUTAGE', isSavedVersion: true }))).json()) as {
        versionHashCode: string
        versionNumber: number
      }
      expect(before.versionNumber).toBe(1)

      await cluster().stop()
      const health = await fetch(`${server.api}/health`)
      expect(health.status).toBe(503)
      expect(health.headers.get('Content-Type')).toBe('application/problem+json')
      expect(await health.json()).toMatchObject({ status: 503, code: 'database_unavailable' })
      const save = await post(financing({ contractId: 'C-OUTAGE', isSavedVersion: true }))
      expect(save.status).toBe(503)
      expect(save.headers.get('Retry-After')).toBe('1')
      expect(await save.json()).toMatchObject({ code: 'database_unavailable' })
      const loaded = await load(before.versionHashCode)
      expect(loaded.status).toBe(503)
      expect(await loaded.json()).toMatchObject({ code: 'database_unavailable' })
      // What needs no database goes on.
      expect((await post(financing({ contractId: 'C-OUTAGE' }))).status).toBe(200)

      await cluster().start()
      expect((await fetch(`${server.api}/health`)).status).toBe(200)
      expect((await load(before.versionHashCode)).status).toBe(200)
      const after = (await (await post(financing({ contractId: 'C-OUTAGE', isSavedVersion: true }))).json()) as {
        versionNumber: number
      }
      expect(after.versionNumber).toBe(2)
    } finally {
      await server.remove()
    }
  })
})
