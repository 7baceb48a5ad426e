import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { standInAmortization, standInFeesTable } from '../../test/support/fixtures.ts'
import { setPageUrl } from '../../test/support/page-url.ts'
import { startRecordingServer } from '../../test/support/recording-server.ts'
import type { TuitionPayload } from '../domain/types.ts'
import { responsesChunk } from './chunks.ts'
import { createApi, createHttp } from './client.ts'
import { toApiError } from './errors.ts'
import { calculatePath, sendEarly } from './request.ts'

/** The response boundary, as the store hands it to the client. */
const boundary = () => responsesChunk.load()

const body: TuitionPayload = { dateOfPayment: '2027-01-05', system: 1, financialType: 0, finalAmount: 6000 }

describe('API client headers', () => {
  let server: Awaited<ReturnType<typeof startRecordingServer>>

  beforeAll(async () => {
    server = await startRecordingServer((request) => {
      if (request.url.includes('fail')) return { status: 422, body: { status: 422, title: 'x', code: 'y' } }
      if (request.url.includes('/login/'))
        return { raw: '<!doctype html><title>Sign in</title>', contentType: 'text/html' }
      if (request.url.includes('/empty/')) return { status: 204, raw: '' }
      if (request.url.includes('/dotnet/'))
        return { body: { ...standInFeesTable(body), firstPaymentDate: '2027-01-05T00:00:00', $id: '1' } }
      if (request.url.startsWith('/api/v1/Version')) return { body: 3 }
      if (request.url.includes('FrontCalculateFees')) return { body: standInAmortization(body) }
      if (request.url.includes('feestable')) return { body: { result: standInFeesTable(body), tuitionInput: body } }
      return { body: standInFeesTable(body) }
    })
    // The page is served by the same origin as the API: a relative root.
    setPageUrl(`${server.origin}/demo/portal.html`)
  })
  afterAll(() => server.close())
  beforeEach(() => {
    server.requests.length = 0
    document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/'
  })

  it('sends Accept, Content-Type and the bearer token in embedded mode, and the token never in the body', async () => {
    const api = createApi(createHttp({ root: `${server.origin}/api/v1`, auth: { bearer: 'tok-123' } }), boundary)
    await api.calculateFeeOptions(body, false)
    const [request] = server.requests
    expect(request?.method).toBe('POST')
    expect(request?.url).toBe('/api/v1/Calculator/CalculateFeeOptions')
    expect(request?.headers.accept).toBe('application/json')
    expect(request?.headers['content-type']).toMatch(/^application\/json/)
    expect(request?.headers.authorization).toBe('Bearer tok-123')
    expect(request?.headers['x-api-key']).toBeUndefined()
    expect(JSON.parse(request?.body ?? '')).toEqual(body)
    expect(request?.body).not.toContain('tok-123')
  })

  it('reads the answer of the calculation sent before it loaded, sent once with the same headers', async () => {
    document.cookie = 'XSRF-TOKEN=xsrf%20value; path=/'
    const options = { root: '/api/v1', auth: { bearer: 'tok-123' } }
    const early = sendEarly(options, calculatePath(false), body, new AbortController().signal)
    const api = createApi(createHttp(options, early), boundary)
    expect(await api.calculateFeeOptions(body, false)).toEqual(standInFeesTable(body))
    const [sent, ...more] = server.requests
    expect(more).toEqual([])
    expect(sent?.method).toBe('POST')
    expect(sent?.url).toBe('/api/v1/Calculator/CalculateFeeOptions')
    expect(sent?.headers.accept).toBe('application/json')
    expect(sent?.headers['content-type']).toMatch(/^application\/json/)
    expect(sent?.headers.authorization).toBe('Bearer tok-123')
    expect(sent?.headers['x-xsrf-token']).toBe('xsrf value')
    expect(JSON.parse(sent?.body ?? '')).toEqual(body)
    // The next call is the client's own.
    await api.calculateFeeOptions(body, false)
    expect(server.requests).toHaveLength(2)
  })

  it('turns an HTTP error of the calculation sent early into the same typed error', async () => {
    const options = { root: `${server.origin}/api/v1/fail`, auth: { apiKey: 'k' } }
    const early = sendEarly(options, calculatePath(false), body, new AbortController().signal)
    const error = await createApi(createHttp(options, early), boundary)
      .calculateFeeOptions(body, false)
      .catch(toApiError)
    expect(error).toMatchObject({ kind: 'http', status: 422, body: { status: 422, code: 'y' } })
    expect(server.requests).toHaveLength(1)
  })

  it('sends X-Api-Key and no Authorization in hash mode, and the version query parameters', async () => {
    const api = createApi(createHttp({ root: `${server.origin}/api/v1`, auth: { apiKey: 'key-1' } }), boundary)
    expect(await api.versionNumber('h a/sh', 'C-1')).toBe(3)
    const [request] = server.requests
    expect(request?.method).toBe('GET')
    expect(request?.url).toBe('/api/v1/Version/Number?versionHashCode=h+a%2Fsh&contractid=C-1')
    expect(request?.headers['x-api-key']).toBe('key-1')
    expect(request?.headers.authorization).toBeUndefined()
    expect(request?.headers['content-type']).toMatch(/^application\/json/)
  })

  it('uses the Anonymous variant when asked', async () => {
    const api = createApi(createHttp({ root: `${server.origin}/api/v1`, auth: { bearer: '' } }), boundary)
    await api.calculateFeeOptions(body, true)
    await api.frontCalculateFees(body, true)
    expect(server.requests.map((r) => r.url)).toEqual([
      '/api/v1/Calculator/CalculateFeeOptionsAnonymous',
      '/api/v1/Calculator/FrontCalculateFeesAnonymous',
    ])
    expect(server.requests[0]?.headers.authorization).toBeUndefined()
  })

  it('sends X-XSRF-TOKEN from the cookie on non-GET requests to a relative root only', async () => {
    document.cookie = 'XSRF-TOKEN=xsrf%20value; path=/'
    const relative = createApi(createHttp({ root: '/api/v1', auth: { apiKey: 'k' } }), boundary)
    await relative.calculateFeeOptions(body, false)
    await relative.feesTable('abc')
    const absolute = createApi(createHttp({ root: `${server.origin}/api/v1`, auth: { apiKey: 'k' } }), boundary)
    await absolute.calculateFeeOptions(body, false)
    const [post, get, absolutePost] = server.requests
    expect(post?.headers['x-xsrf-token']).toBe('xsrf value')
    expect(get?.url).toBe('/api/v1/Calculator/feestable/abc')
    expect(get?.headers['x-xsrf-token']).toBeUndefined()
    expect(absolutePost?.headers['x-xsrf-token']).toBeUndefined()
  })

  it('sends no X-XSRF-TOKEN when there is no cookie', async () => {
    const relative = createApi(createHttp({ root: '/api/v1', auth: { apiKey: 'k' } }), boundary)
    await relative.frontCalculateFees(body, false)
    expect(server.requests[0]?.headers['x-xsrf-token']).toBeUndefined()
  })

  it('turns an HTTP error into a typed error carrying the body', async () => {
    const api = createApi(createHttp({ root: `${server.origin}/api/v1/fail`, auth: { apiKey: 'k' } }), boundary)
    const error = await api.calculateFeeOptions(body, false).catch(toApiError)
    expect(error).toMatchObject({ kind: 'http', status: 422, body: { status: 422, code: 'y' } })
  })

  it('reads a .NET-style answer on the wire: a date-time without a zone taken as UTC, unknown fields dropped', async () => {
    const api = createApi(createHttp({ root: `${server.origin}/api/v1/dotnet`, auth: { apiKey: 'k' } }), boundary)
    expect(await api.calculateFeeOptions(body, false)).toEqual(standInFeesTable(body))
  })

  it('turns an SSO login page answered with 200 into a refused answer, never an exception of JSON.parse', async () => {
    const api = createApi(createHttp({ root: `${server.origin}/api/v1/login`, auth: { apiKey: 'k' } }), boundary)
    const error = await api.calculateFeeOptions(body, false).catch(toApiError)
    expect(error).toMatchObject({ kind: 'response', status: 200, code: 'invalid_response', field: '(body)' })
  })

  it('turns a 204 into a refused answer for each of the four calls, never an empty result', async () => {
    const api = createApi(createHttp({ root: `${server.origin}/api/v1/empty`, auth: { apiKey: 'k' } }), boundary)
    for (const call of [
      () => api.calculateFeeOptions(body, false),
      () => api.frontCalculateFees(body, false),
      () => api.feesTable('h'),
      () => api.versionNumber('h', 'C'),
    ]) {
      expect(await call().catch(toApiError)).toMatchObject({
        kind: 'response',
        status: 204,
        code: 'invalid_response',
        field: '(body)',
      })
    }
  })

  it('turns a refused connection into a network error', async () => {
    const api = createApi(createHttp({ root: 'http://127.0.0.1:9/api/v1', auth: { apiKey: 'k' } }), boundary)
    const error = await api.calculateFeeOptions(body, false).catch(toApiError)
    expect(error).toMatchObject({ kind: 'network' })
  })
})
