import type { AmortizationTable } from '@fees-calculator/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openSqliteStore } from '../../src/store/sqlite.ts'
import { StoreUnavailableError, type VersionStore } from '../../src/store/types.ts'
import { bearer, call, financing, startTestServer, type TestServer } from '../support/api-server.ts'
import { documentedStatuses, seen } from '../support/openapi.ts'

/**
 * One request for every status openapi.json documents, each answer checked
 * against the document; at the end, every documented status has been seen
 * (500 aside: no input is meant to cause it, and one is provoked below).
 */
let server: TestServer
let faulty: TestServer
let faultyStore: VersionStore

/** A store whose database fails, as a full disk or a lost file would make it. */
function failingStore(): VersionStore {
  const real = openSqliteStore(':memory:')
  const fail = async () => {
    throw new Error('SQLITE_IOERR: disk I/O error')
  }
  return { ...real, save: fail, findByHash: fail, numberOf: fail, isHealthy: async () => false }
}

beforeAll(async () => {
  server = await startTestServer()
  faultyStore = failingStore()
  faulty = await startTestServer({}, { store: faultyStore })
})

afterAll(async () => {
  await server.remove()
  await faulty.remove()
  await faultyStore.close()
  const missing = documentedStatuses().filter((entry) => !entry.endsWith(' 500') && !seen.has(entry))
  expect(missing, 'documented statuses no test provoked').toEqual([])
})

const POSTS = [
  { path: '/Calculator/CalculateFeeOptions', anonymous: false },
  { path: '/Calculator/CalculateFeeOptionsAnonymous', anonymous: true },
  { path: '/Calculator/RenderFeeOptions', anonymous: false },
  { path: '/Calculator/RenderFeeOptionsAnonymous', anonymous: true },
  { path: '/Calculator/FrontCalculateFees', anonymous: false },
  { path: '/Calculator/FrontCalculateFeesAnonymous', anonymous: true },
]

describe.each(POSTS)('POST $path', ({ path, anonymous }) => {
  const system = anonymous ? 3 : 1
  const post = (body: unknown, headers: Record<string, string> = {}) => call(server, 'POST', path, { body, headers })

  it('200 for a financeable input', async () => {
    expect((await post(financing({ system }))).status).toBe(200)
  })
  it('400 for malformed JSON', async () => {
    expect((await post('{"currency": "EUR",')).body).toMatchObject({ status: 400, code: 'malformed_json' })
  })
  it('400 for a wrong type, listing the field', async () => {
    const answer = await post(financing({ system, numberOfFees: 'twelve' }))
    expect(answer.body).toMatchObject({ status: 400, code: 'validation_failed', errors: [{ field: 'numberOfFees' }] })
  })
  it('403 for an X-XSRF-TOKEN header that differs from its cookie', async () => {
    const answer = await post(financing({ system }), { Cookie: 'XSRF-TOKEN=abc', 'X-XSRF-TOKEN': 'abd' })
    expect(answer.body).toMatchObject({ status: 403, code: 'xsrf_mismatch' })
  })
  it('413 for a body over 16 KiB', async () => {
    const answer = await post(financing({ system, studyIdName: 'x'.repeat(17 * 1024) }))
    expect(answer.body).toMatchObject({ status: 413, code: 'payload_too_large' })
  })
  it('415 for a body that is not JSON', async () => {
    const answer = await post('currency=EUR', { 'Content-Type': 'application/x-www-form-urlencoded' })
    expect(answer.body).toMatchObject({ status: 415, code: 'unsupported_media_type' })
  })
  it('422 for an input that cannot be financed', async () => {
    const answer = await post(financing({ system, numberOfFees: 99 }))
    expect(answer.body).toMatchObject({
      status: 422,
      code: 'fee_count_out_of_range',
      errors: [{ field: 'numberOfFees' }],
    })
  })
  if (anonymous) {
    it('403 for a system other than 3 and 7', async () => {
      expect((await post(financing({ system: 1 }))).body).toMatchObject({ status: 403, code: 'system_not_allowed' })
    })
  } else {
    it('401 without credentials', async () => {
      expect((await post(financing(), { 'X-Api-Key': '' })).body).toMatchObject({
        status: 401,
        code: 'missing_credentials',
      })
    })
  }
})

describe('GET /Calculator/feestable/{versionHashCode}', () => {
  const path = '/Calculator/feestable/{versionHashCode}'
  it('200 for a saved version, 401 without credentials, 404 for an unknown hash', async () => {
    const saved = await call<AmortizationTable>(server, 'POST', '/Calculator/FrontCalculateFees', {
      body: financing({ isSavedVersion: true }),
    })
    const hash = saved.body.versionHashCode ?? ''
    expect((await call(server, 'GET', path, { params: { versionHashCode: hash } })).status).toBe(200)
    expect(
      (await call(server, 'GET', path, { params: { versionHashCode: hash }, headers: { 'X-Api-Key': '' } })).status,
    ).toBe(401)
    expect(
      (await call(server, 'GET', path, { params: { versionHashCode: 'AAAAAAAAAAAAAAAAAAAAAAAA' } })).body,
    ).toMatchObject({ code: 'version_not_found' })
  })
})

describe('GET /Version/Number', () => {
  const path = '/Version/Number'
  it('200, 400 without parameters, 401 without credentials, 404 for a wrong pair', async () => {
    const saved = await call<AmortizationTable>(server, 'POST', '/Calculator/FrontCalculateFees', {
      body: financing({ contractId: 'C-STATUS', isSavedVersion: true }),
    })
    const query = { versionHashCode: saved.body.versionHashCode ?? '', contractid: 'C-STATUS' }
    expect((await call(server, 'GET', path, { query })).body).toBe(1)
    expect((await call(server, 'GET', path, { query: { contractid: 'C-STATUS' } })).body).toMatchObject({
      code: 'validation_failed',
    })
    expect((await call(server, 'GET', path, { query, headers: { 'X-Api-Key': '' } })).status).toBe(401)
    expect((await call(server, 'GET', path, { query: { ...query, contractid: 'C-OTHER' } })).body).toMatchObject({
      code: 'version_not_found',
    })
  })
})

describe('service endpoints', () => {
  it('GET /health answers ok, and 503 when the database does not answer', async () => {
    expect((await call(server, 'GET', '/health', { headers: { 'X-Api-Key': '' } })).body).toEqual({ status: 'ok' })
    expect((await call(faulty, 'GET', '/health')).body).toMatchObject({ status: 503, code: 'database_unavailable' })
  })
  it('GET /openapi.json serves the document', async () => {
    expect((await call(server, 'GET', '/openapi.json', { headers: { 'X-Api-Key': '' } })).body).toMatchObject({
      openapi: '3.1.0',
    })
  })
})

describe('when the database fails', () => {
  it('answers 503 with Retry-After on a save', async () => {
    const answer = await call(faulty, 'POST', '/Calculator/FrontCalculateFees', {
      body: financing({ isSavedVersion: true }),
    })
    expect(answer.body).toMatchObject({ status: 503, code: 'database_unavailable' })
    expect(answer.headers.get('Retry-After')).toBe('1')
  })
  it('answers 503 with Retry-After on a load when the database is out of reach', async () => {
    const unreachable = openSqliteStore(':memory:')
    const outage = async () => {
      throw new StoreUnavailableError('connect ECONNREFUSED 127.0.0.1:5432')
    }
    const down = await startTestServer({}, { store: { ...unreachable, findByHash: outage, numberOf: outage } })
    try {
      const loaded = await call(down, 'GET', '/Calculator/feestable/{versionHashCode}', {
        params: { versionHashCode: 'x' },
      })
      expect(loaded.body).toMatchObject({ status: 503, code: 'database_unavailable' })
      expect(loaded.headers.get('Retry-After')).toBe('1')
      const query = { versionHashCode: 'x', contractid: 'C-1' }
      const number = await call(down, 'GET', '/Version/Number', { query })
      expect(number.body).toMatchObject({ status: 503, code: 'database_unavailable' })
      expect(JSON.stringify(number.body)).not.toMatch(/ECONNREFUSED|5432/)
    } finally {
      await down.remove()
      await unreachable.close()
    }
  })
  it('turns an unexpected exception into a 500 problem, and the server goes on', async () => {
    const answer = await call(faulty, 'GET', '/Calculator/feestable/{versionHashCode}', {
      params: { versionHashCode: 'x' },
      headers: { Authorization: await bearer() },
    })
    expect(answer.body).toMatchObject({ status: 500, code: 'internal_error' })
    expect(JSON.stringify(answer.body)).not.toMatch(/SQLITE|disk/)
    expect((await call(faulty, 'POST', '/Calculator/CalculateFeeOptions', { body: financing() })).status).toBe(200)
  })
})
