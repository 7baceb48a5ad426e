import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import Database from 'better-sqlite3'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { openPostgresStore } from '../../src/store/postgres.ts'
import { openSqliteStore } from '../../src/store/sqlite.ts'
import { DatabaseVersionError, IdempotencyKeyReusedError, type VersionStore } from '../../src/store/types.ts'
import { newVersion } from '../support/new-version.ts'
import { freshDatabaseName, postgresSuite } from '../support/postgres.ts'

/**
 * The same promises from both stores: SQLite (the default) and PostgreSQL
 * (DATABASE_URL), each on a real database: a file, and a throwaway cluster.
 */
const cluster = postgresSuite()
const dir = mkdtempSync(join(tmpdir(), 'fees-store-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

interface Backend {
  name: string
  /** A new, empty database; `open` opens a store on it (again after a close), `sql` runs a statement on it directly. */
  fresh(): Promise<{ open(): Promise<VersionStore>; sql(statement: string): Promise<unknown>; end(): Promise<void> }>
}

const BACKENDS: Backend[] = [
  {
    name: 'SQLite',
    async fresh() {
      const file = join(dir, `${freshDatabaseName()}.sqlite`)
      return {
        open: async () => openSqliteStore(file),
        async sql(statement) {
          const db = new Database(file)
          try {
            return db.prepare(statement).run()
          } finally {
            db.close()
          }
        },
        end: async () => undefined,
      }
    },
  },
  {
    name: 'PostgreSQL',
    async fresh() {
      const url = await cluster().createDatabase(freshDatabaseName())
      const client = new pg.Client({ connectionString: url })
      await client.connect()
      return {
        open: () => openPostgresStore(url),
        sql: (statement) => client.query(statement),
        end: () => client.end(),
      }
    },
  },
]

describe.each(BACKENDS)('the $name store', (backend) => {
  /** A store on a fresh database, closed after `use`. */
  async function withStore(
    use: (store: VersionStore, database: Awaited<ReturnType<Backend['fresh']>>) => Promise<void>,
  ) {
    const database = await backend.fresh()
    const store = await database.open()
    try {
      await use(store, database)
    } finally {
      await store.close()
      await database.end()
    }
  }

  it('saves a version with its hash and number in the table, and loads exactly what it saved', async () => {
    await withStore(async (store) => {
      const saved = await store.save({ ...newVersion('C-1'), linkedHash: 'earlier-hash' })
      expect(saved.amortization).toMatchObject({ versionHashCode: saved.hash, versionNumber: 1 })
      expect(saved.hash).toMatch(/^[A-Za-z0-9_-]{24}$/)
      expect(await store.findByHash(saved.hash)).toEqual(saved)
      expect(await store.numberOf(saved.hash, 'C-1')).toBe(1)
      expect(await store.numberOf(saved.hash, 'C-2')).toBeNull()
      expect(await store.findByHash('no-such-hash')).toBeNull()
    })
  })

  it('counts each contract on its own, from 1', async () => {
    await withStore(async (store) => {
      const numbers = []
      for (const contract of ['C-A', 'C-B', 'C-A', 'C-A', 'C-B'])
        numbers.push((await store.save(newVersion(contract))).number)
      expect(numbers).toEqual([1, 1, 2, 3, 2])
    })
  })

  it('numbers 200 concurrent saves of one contract 1..200 with no gap or duplicate, each loadable', async () => {
    await withStore(async (store) => {
      const saved = await Promise.all(
        Array.from({ length: 200 }, (_, k) => store.save(newVersion('C-BURST', 12 + (k % 13)))),
      )
      expect(saved.map((version) => version.number).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 200 }, (_, k) => k + 1),
      )
      expect(new Set(saved.map((version) => version.hash)).size).toBe(200)
      for (const version of saved.slice(0, 20)) expect(await store.findByHash(version.hash)).toEqual(version)
    })
  })

  it('keeps versions and goes on counting after it is closed and opened again', async () => {
    const database = await backend.fresh()
    try {
      const first = await database.open()
      const saved = await first.save(newVersion('C-REOPEN'))
      await first.close()
      const second = await database.open()
      try {
        expect(await second.findByHash(saved.hash)).toEqual(saved)
        expect((await second.save(newVersion('C-REOPEN'))).number).toBe(2)
      } finally {
        await second.close()
      }
    } finally {
      await database.end()
    }
  })

  it('has a database that refuses to change or delete a stored version, whoever connects', async () => {
    await withStore(async (store, database) => {
      const saved = await store.save(newVersion('C-IMMUTABLE'))
      await expect(database.sql(`UPDATE versions SET number = 7 WHERE hash = '${saved.hash}'`)).rejects.toThrow(
        /immutable/,
      )
      await expect(database.sql(`DELETE FROM versions WHERE hash = '${saved.hash}'`)).rejects.toThrow(
        /immutable|never deleted/,
      )
      expect(await store.findByHash(saved.hash)).toEqual(saved)
    })
  })

  it('stores a save repeated with its Idempotency-Key once, and refuses the key with another request', async () => {
    await withStore(async (store) => {
      const key = { key: 'c5a4b9e2-1f7d-4d3a-9a51-0e8f2b6d7c10', fingerprint: 'request-A' }
      const first = await store.save(newVersion('C-IDEM', 12, key))
      const again = await store.save(newVersion('C-IDEM', 12, key))
      expect(again).toEqual(first)
      // No second row: the next save of the contract is number 2.
      expect((await store.save(newVersion('C-IDEM', 13))).number).toBe(2)
      await expect(store.save(newVersion('C-IDEM', 14, { ...key, fingerprint: 'request-B' }))).rejects.toThrow(
        IdempotencyKeyReusedError,
      )
    })
  })

  it('stores one version for 20 concurrent saves with one Idempotency-Key', async () => {
    await withStore(async (store) => {
      const key = { key: 'one-press', fingerprint: 'request-A' }
      const saved = await Promise.all(Array.from({ length: 20 }, () => store.save(newVersion('C-IDEM-BURST', 12, key))))
      expect(new Set(saved.map((version) => version.hash)).size).toBe(1)
      expect(saved.every((version) => version.number === 1)).toBe(true)
      expect((await store.save(newVersion('C-IDEM-BURST'))).number).toBe(2)
    })
  })

  it('says whether the database answers: yes while open, no once closed', async () => {
    const database = await backend.fresh()
    const store = await database.open()
    expect(await store.isHealthy()).toBe(true)
    await store.close()
    expect(await store.isHealthy()).toBe(false)
    await database.end()
  })

  it('refuses a database written by a newer server', async () => {
    const database = await backend.fresh()
    try {
      await (await database.open()).close()
      await database.sql(
        backend.name === 'SQLite'
          ? 'PRAGMA user_version = 99'
          : "INSERT INTO schema_migrations (version, name) VALUES (99, '099_future.sql')",
      )
      await expect(database.open()).rejects.toThrow(DatabaseVersionError)
      await expect(database.open()).rejects.toThrow(/schema version 99, newer than this server knows/)
    } finally {
      await database.end()
    }
  })
})

describe('the SQLite store', () => {
  it('numbers without gaps or duplicates when several processes save to one file at once', async () => {
    const file = join(dir, 'shared.sqlite')
    await openSqliteStore(file).close()
    const PROCESSES = 4
    const SAVES_EACH = 50
    const module = new URL('../../src/store/sqlite.ts', import.meta.url).pathname
    const script = `
      const { openSqliteStore } = await import(${JSON.stringify(module)})
      const store = openSqliteStore(${JSON.stringify(file)})
      const numbers = []
      for (let i = 0; i < ${SAVES_EACH}; i++) numbers.push((await store.save(${JSON.stringify(newVersion('C-SHARED'))})).number)
      await store.close()
      console.log(JSON.stringify(numbers))`
    const run = promisify(execFile)
    const outputs = await Promise.all(
      Array.from({ length: PROCESSES }, () =>
        run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script]),
      ),
    )
    const numbers = outputs.flatMap(({ stdout }) => JSON.parse(stdout.trim().split('\n').at(-1) ?? '[]') as number[])
    expect(numbers.sort((a, b) => a - b)).toEqual(Array.from({ length: PROCESSES * SAVES_EACH }, (_, k) => k + 1))
  })

  it('stores a save sent with one Idempotency-Key by several processes at once once', async () => {
    const file = join(dir, 'shared-idempotent.sqlite')
    await openSqliteStore(file).close()
    const module = new URL('../../src/store/sqlite.ts', import.meta.url).pathname
    const version = newVersion('C-SHARED-KEY', 12, { key: 'the-same-press', fingerprint: 'request-A' })
    const script = `
      const { openSqliteStore } = await import(${JSON.stringify(module)})
      const store = openSqliteStore(${JSON.stringify(file)})
      const saved = await store.save(${JSON.stringify(version)})
      await store.close()
      console.log(JSON.stringify([saved.hash, saved.number]))`
    const run = promisify(execFile)
    const outputs = await Promise.all(
      Array.from({ length: 4 }, () => run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script])),
    )
    const answers = outputs.map(({ stdout }) => stdout.trim().split('\n').at(-1))
    expect(new Set(answers).size).toBe(1)
    const db = new Database(file)
    try {
      expect(db.prepare("SELECT COUNT(*) AS n FROM versions WHERE contract_id = 'C-SHARED-KEY'").get()).toEqual({
        n: 1,
      })
    } finally {
      db.close()
    }
  })
})
