import { existsSync, readFileSync } from 'node:fs'
import type { AmortizationTable, SavedFeesTable } from '@fees-calculator/contract'
import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openSqliteStore } from '../../src/store/sqlite.ts'
import type { SavedVersion } from '../../src/store/types.ts'
import { bearer, call, financing, refinancing, startTestServer, type TestServer } from '../support/api-server.ts'

/** Saved versions (numbered per contract from 1, immutable, reopened by hash), checked through the API and in the SQLite file itself. */
let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.remove())

const save = (payload: Record<string, unknown>, target = server, headers: Record<string, string> = {}) =>
  call<AmortizationTable>(target, 'POST', '/Calculator/FrontCalculateFees', {
    body: { ...payload, isSavedVersion: true },
    headers,
  })
const load = (hash: string, target = server) =>
  call<SavedFeesTable>(target, 'GET', '/Calculator/feestable/{versionHashCode}', { params: { versionHashCode: hash } })
const numberOf = (hash: string, contractId: string, target = server) =>
  call<number>(target, 'GET', '/Version/Number', { query: { versionHashCode: hash, contractid: contractId } })

function rows(dbPath: string): Record<string, unknown>[] {
  const db = new Database(dbPath, { readonly: true })
  try {
    return db.prepare('SELECT * FROM versions ORDER BY rowid').all() as Record<string, unknown>[]
  } finally {
    db.close()
  }
}

describe('saving', () => {
  it('numbers 200 concurrent saves of one contract exactly 1..200, with distinct hashes', async () => {
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, index) =>
        save(financing({ contractId: 'C-CONCURRENT', numberOfFees: 12 + (index % 13) })),
      ),
    )
    expect(answers.every((answer) => answer.status === 200)).toBe(true)
    const numbers = answers.map((answer) => answer.body.versionNumber ?? 0).sort((a, b) => a - b)
    expect(numbers).toEqual(Array.from({ length: 200 }, (_, index) => index + 1))
    const hashes = new Set(answers.map((answer) => answer.body.versionHashCode))
    expect(hashes.size).toBe(200)
    const sample = answers[137]?.body
    expect((await numberOf(sample?.versionHashCode ?? '', 'C-CONCURRENT')).body).toBe(sample?.versionNumber)
  })

  describe('with an Idempotency-Key', () => {
    const key = (name: string) => ({ 'Idempotency-Key': `5f0c2a3e-0000-4000-8000-${name.padStart(12, '0')}` })

    it('answers the same save sent again (its answer lost) with the same version, 200, and no new row', async () => {
      const payload = financing({ contractId: 'C-IDEM-HTTP', numberOfFees: 18 })
      const first = await save(payload, server, key('1'))
      const again = await save(payload, server, key('1'))
      expect(first.status).toBe(200)
      expect(again.status).toBe(200)
      expect(again.body).toEqual(first.body)
      // A new press (a new key) of the same plan is a new version.
      const next = await save(payload, server, key('2'))
      expect(next.body.versionNumber).toBe(2)
      expect(rows(server.dbPath).filter((row) => row.contract_id === 'C-IDEM-HTTP')).toHaveLength(2)
    })

    it('stores 20 concurrent sends of one save once', async () => {
      const payload = financing({ contractId: 'C-IDEM-BURST' })
      const answers = await Promise.all(Array.from({ length: 20 }, () => save(payload, server, key('3'))))
      expect(answers.every((answer) => answer.status === 200)).toBe(true)
      expect(new Set(answers.map((answer) => answer.body.versionHashCode)).size).toBe(1)
      expect(rows(server.dbPath).filter((row) => row.contract_id === 'C-IDEM-BURST')).toHaveLength(1)
    })

    it('refuses a key sent again with another plan (422), and a key that is not printable ASCII (400)', async () => {
      await save(financing({ contractId: 'C-IDEM-REUSE', numberOfFees: 12 }), server, key('4'))
      const reused = await save(financing({ contractId: 'C-IDEM-REUSE', numberOfFees: 24 }), server, key('4'))
      expect(reused.status).toBe(422)
      expect(reused.body).toMatchObject({ code: 'idempotency_key_reused' })
      const bad = await save(financing({ contractId: 'C-IDEM-REUSE' }), server, { 'Idempotency-Key': 'ñ' })
      expect(bad.status).toBe(400)
      expect(bad.body).toMatchObject({ code: 'invalid_idempotency_key' })
      expect(rows(server.dbPath).filter((row) => row.contract_id === 'C-IDEM-REUSE')).toHaveLength(1)
    })
  })

  it('counts each contract on its own', async () => {
    const first = await save(financing({ contractId: 'C-A' }))
    const other = await save(financing({ contractId: 'C-B' }))
    const second = await save(financing({ contractId: 'C-A' }))
    expect([first.body.versionNumber, other.body.versionNumber, second.body.versionNumber]).toEqual([1, 1, 2])
  })

  it('gives unguessable URL-safe hashes of at least 128 bits', async () => {
    const { body } = await save(financing({ contractId: 'C-HASH' }))
    const hash = body.versionHashCode ?? ''
    expect(hash).toMatch(/^[A-Za-z0-9_-]+$/)
    expect(Buffer.from(hash, 'base64url').length * 8).toBeGreaterThanOrEqual(128)
  })

  it('returns by hash exactly the input that was saved (no token, no unknown field) and the result', async () => {
    const payload = refinancing({
      contractId: 'C-LOAD',
      linkedVersionIdentifier: 'previous-hash',
      isFrontEndVersionCopy: true,
      language: 'EN',
    })
    const fees = await call(server, 'POST', '/Calculator/CalculateFeeOptions', { body: payload })
    const saved = await save({ ...payload, token: 'a-token-in-the-body', unknownField: 1 })
    const loaded = await load(saved.body.versionHashCode ?? '')
    expect(loaded.body.tuitionInput).toEqual({ ...payload, isSavedVersion: true })
    expect(loaded.body.result).toEqual({ ...(fees.body as object), isModificable: false })
    const row = rows(server.dbPath).find((candidate) => candidate.hash === saved.body.versionHashCode)
    expect(row).toMatchObject({ contract_id: 'C-LOAD', number: 1, linked_hash: 'previous-hash' })
    // The number is its column's, the one source of it (as PostgreSQL keeps it): the table gets it back on load.
    expect(JSON.parse(String(row?.amortization))).toEqual({ ...saved.body, versionNumber: null })
  })

  it('keeps every version of a plan that changes: the chain reads back in order from the newest, by its links', async () => {
    const first = await save(financing({ contractId: 'C-CHAIN', numberOfFees: 24 }))
    const second = await save(
      financing({ contractId: 'C-CHAIN', numberOfFees: 18, linkedVersionIdentifier: first.body.versionHashCode }),
    )
    const third = await save(
      financing({ contractId: 'C-CHAIN', numberOfFees: 12, linkedVersionIdentifier: second.body.versionHashCode }),
    )
    const chain: { hash: string; number: number; fees: number; savedAt: string }[] = []
    for (let hash: string | null | undefined = third.body.versionHashCode; hash; ) {
      const loaded = await load(hash)
      expect(loaded.status).toBe(200)
      const number = await numberOf(hash, 'C-CHAIN')
      chain.push({
        hash,
        number: number.body,
        fees: loaded.body.result.totalFees,
        savedAt: loaded.body.savedAt ?? '',
      })
      hash = loaded.body.tuitionInput.linkedVersionIdentifier
    }
    expect(chain.map(({ number, fees }) => [number, fees])).toEqual([
      [3, 12],
      [2, 18],
      [1, 24],
    ])
    expect(chain.map(({ hash }) => hash)).toEqual([third, second, first].map((saved) => saved.body.versionHashCode))
    // Each says when it was saved, the newest last: what a document naming the version it replaces prints.
    for (const { savedAt } of chain) expect(savedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/)
    const times = chain.map(({ savedAt }) => Date.parse(savedAt))
    expect(times).toEqual([...times].sort((a, b) => b - a))
  })

  it('answers 404 for an unknown hash and for a hash of another contract', async () => {
    const { body } = await save(financing({ contractId: 'C-PAIR' }))
    expect((await load('unknown-hash')).status).toBe(404)
    expect((await load(`${body.versionHashCode}x`)).status).toBe(404)
    expect((await numberOf(body.versionHashCode ?? '', 'C-OTHER')).status).toBe(404)
    expect((await numberOf('unknown-hash', 'C-PAIR')).status).toBe(404)
    expect((await numberOf(body.versionHashCode ?? '', 'C-PAIR')).body).toBe(1)
  })

  it('never stores a token, neither from the body nor from the Authorization header', async () => {
    const bodyToken = 'body-token-that-must-never-be-stored'
    const authorization = await bearer()
    await save(financing({ contractId: 'C-TOKEN', token: bodyToken }), server, {
      'X-Api-Key': '',
      Authorization: authorization,
    })
    const jwt = authorization.replace('Bearer ', '')
    for (const row of rows(server.dbPath)) {
      expect(JSON.stringify(row)).not.toContain(bodyToken)
      expect(JSON.stringify(row)).not.toContain(jwt)
      expect(JSON.parse(String(row.tuition_input))).not.toHaveProperty('token')
    }
    for (const file of [server.dbPath, `${server.dbPath}-wal`]) {
      if (!existsSync(file)) continue
      const bytes = readFileSync(file)
      expect(bytes.includes(bodyToken)).toBe(false)
      expect(bytes.includes(jwt)).toBe(false)
    }
  })

  it('lets a server with FEES_EDITABLE_SAVED=true load versions as editable', async () => {
    const editable = await startTestServer({ FEES_EDITABLE_SAVED: 'true' })
    try {
      const { body } = await save(financing(), editable)
      expect((await load(body.versionHashCode ?? '', editable)).body.result.isModificable).toBe(true)
    } finally {
      await editable.remove()
    }
  })
})

describe('stored versions', () => {
  it('survive a restart of the server', async () => {
    const first = await startTestServer()
    const { body } = await save(financing({ contractId: 'C-RESTART' }), first)
    const hash = body.versionHashCode ?? ''
    const before = await load(hash, first)
    await first.close()
    const second = await startTestServer({}, { dir: first.dir })
    try {
      const after = await load(hash, second)
      expect(after.body).toEqual(before.body)
      expect((await numberOf(hash, 'C-RESTART', second)).body).toBe(1)
      expect((await save(financing({ contractId: 'C-RESTART' }), second)).body.versionNumber).toBe(2)
    } finally {
      await second.remove()
    }
  })

  it('are unchanged by a barrage of bad requests', async () => {
    const { body } = await save(financing({ contractId: 'C-BARRAGE' }))
    const hash = body.versionHashCode ?? ''
    const before = await load(hash)
    const rowBefore = rows(server.dbPath).find((row) => row.hash === hash)
    const count = rows(server.dbPath).length

    const attacks: Promise<unknown>[] = []
    const post = (path: string, payload: unknown, headers: Record<string, string> = {}) =>
      attacks.push(call(server, 'POST', path, { body: payload, headers }))
    for (const path of ['/Calculator/FrontCalculateFees', '/Calculator/FrontCalculateFeesAnonymous']) {
      post(path, `{"versionHashCode": "${hash}"`)
      post(path, { ...financing({ contractId: 'C-BARRAGE', isSavedVersion: true }), finalAmount: 'NaN' })
      post(path, { ...financing({ contractId: 'C-BARRAGE', isSavedVersion: true }), finalAmount: 1e12 })
      post(path, { ...financing({ contractId: 'C-BARRAGE', isSavedVersion: true, system: 3 }), numberOfFees: 99 })
      post(path, {
        ...financing({ contractId: "C-BARRAGE'; DROP TABLE versions; --", isSavedVersion: true }),
        currency: 'XYZ',
      })
      post(path, {
        ...financing({ contractId: 'C-BARRAGE', isSavedVersion: true, linkedVersionIdentifier: hash }),
        versionHashCode: hash,
        versionNumber: 1,
        result: {},
      })
      post(path, financing({ contractId: 'C-BARRAGE', isSavedVersion: true, system: 3 }), { 'X-Api-Key': 'wrong' })
      post(path, financing({ contractId: 'C-BARRAGE', isSavedVersion: true }), {
        'X-Api-Key': '',
        Authorization: await bearer(-60),
      })
      post(path, { ...financing({ contractId: 'C-BARRAGE', isSavedVersion: true }), padding: 'x'.repeat(20_000) })
    }
    attacks.push(
      call(server, 'GET', '/Calculator/feestable/{versionHashCode}', {
        params: { versionHashCode: `${hash}' OR '1'='1` },
      }),
    )
    await Promise.all(attacks)

    expect((await load(hash)).body).toEqual(before.body)
    expect(rows(server.dbPath).find((row) => row.hash === hash)).toEqual(rowBefore)
    // The one valid authenticated save that named the hash in its body made a new version linked to it, not a change.
    const added = rows(server.dbPath).slice(count)
    expect(added).toHaveLength(1)
    expect(added[0]).toMatchObject({ contract_id: 'C-BARRAGE', number: 2, linked_hash: hash })
    expect(added[0]?.hash).not.toBe(hash)
  })

  it('cannot be updated or deleted, even from SQL', () => {
    const db = new Database(server.dbPath)
    try {
      expect(() => db.prepare("UPDATE versions SET result = '{}'").run()).toThrow(/immutable/)
      expect(() => db.prepare('DELETE FROM versions').run()).toThrow(/never deleted/)
    } finally {
      db.close()
    }
  })
})

describe('the schema', () => {
  it('records its version in user_version and refuses a database from a newer server', async () => {
    const db = new Database(server.dbPath, { readonly: true })
    expect(db.pragma('user_version', { simple: true })).toBe(2)
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal')
    db.close()

    const newer = `${server.dir}/newer.sqlite`
    const future = new Database(newer)
    future.pragma('user_version = 99')
    future.close()
    expect(() => openSqliteStore(newer)).toThrow(/schema version 99, newer than this server knows/)
  })

  it('keeps a file made before the schema was kept in files: its versions load, and new ones are numbered after them', async () => {
    // That schema's table, as files of version 2 have it: a row id, and the time as text.
    const earlier = `${server.dir}/earlier.sqlite`
    const db = new Database(earlier)
    db.exec(`CREATE TABLE versions (id INTEGER PRIMARY KEY, hash TEXT NOT NULL UNIQUE, contract_id TEXT NOT NULL,
      number INTEGER NOT NULL CHECK (number >= 1), linked_hash TEXT, tuition_input TEXT NOT NULL, result TEXT NOT NULL,
      amortization TEXT NOT NULL, created_at TEXT NOT NULL, idempotency_key TEXT, request_fingerprint TEXT,
      UNIQUE (contract_id, number))`)
    const saved = (await save(financing({ contractId: 'C-EARLIER' }))).body
    db.prepare(
      `INSERT INTO versions (hash, contract_id, number, tuition_input, result, amortization, created_at)
       VALUES (?, 'C-EARLIER', 1, '{}', '{}', ?, '2026-01-02T03:04:05.000Z')`,
    ).run(saved.versionHashCode, JSON.stringify(saved))
    db.pragma('user_version = 2')
    db.close()
    const store = openSqliteStore(earlier)
    try {
      const loaded = await store.findByHash(saved.versionHashCode ?? '')
      expect(loaded?.amortization).toEqual(saved)
      const { contractId, linkedHash, tuitionInput, result, amortization } = loaded as SavedVersion
      const next = await store.save({ contractId, linkedHash, tuitionInput, result, amortization, idempotency: null })
      expect(next.number).toBe(2)
      expect(await store.findByHash(next.hash)).toEqual(next)
    } finally {
      await store.close()
    }
  })
})
