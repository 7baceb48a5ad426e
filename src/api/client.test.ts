import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { standInAmortization, standInFeesTable } from '../../test/support/fixtures.ts'
import { setPageUrl } from '../../test/support/page-url.ts'
import { startRecordingServer } from '../../test/support/recording-server.ts'
import type { TuitionPayload } from '../domain/types.ts'
import { httpChunk } from './chunks.ts'
import { createApi, type Wire } from './client.ts'
import { toApiError } from './errors.ts'

/** The client of a fixed root and credentials. */
const client = (root: string, auth: Wire['auth']) => createApi(() => ({ root, auth }))

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

  it('sends a call before ky has arrived with the same headers, reads a success without it, and an error status with it', async () => {
    expect(httpChunk.loaded()).toBeUndefined()
    document.cookie = 'XSRF-TOKEN=xsrf%20value; path=/'
    const api = client('/api/v1', { bearer: 'tok-123' })
    expect(await api.calculateFeeOptions(body, false)).toEqual(standInFeesTable(body))
    expect(httpChunk.loaded()).toBeUndefined()
    const [sent, ...more] = server.requests
    expect(more).toEqual([])
    expect(sent?.method).toBe('POST')
    expect(sent?.url).toBe('/api/v1/Calculator/CalculateFeeOptions')
    expect(sent?.headers.accept).toBe('application/json')
    expect(sent?.headers['content-type']).toMatch(/^application\/json/)
    expect(sent?.headers.authorization).toBe('Bearer tok-123')
    expect(sent?.headers['x-xsrf-token']).toBe('xsrf value')
    expect(JSON.parse(sent?.body ?? '')).toEqual(body)

    // An error status answered before ky arrived goes to ky, which reads it as it reads every other.
    server.requests.length = 0
    const before = await client(`${server.origin}/api/v1/fail`, { apiKey: 'k' })
      .calculateFeeOptions(body, false)
      .catch(toApiError)
    expect(server.requests).toHaveLength(1)
    expect(httpChunk.loaded()).toBeDefined()
    const after = await client(`${server.origin}/api/v1/fail`, { apiKey: 'k' })
      .calculateFeeOptions(body, false)
      .catch(toApiError)
    expect(before).toMatchObject({ kind: 'http', status: 422, body: { status: 422, code: 'y' } })
    expect(before).toEqual(after)
    expect(server.requests).toHaveLength(2)
  })

  it('sends Accept, Content-Type and the bearer token in embedded mode, and the token never in the body', async () => {
    const api = client(`${server.origin}/api/v1`, { bearer: 'tok-123' })
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

  it('sends X-Api-Key and no Authorization in hash mode, and the version query parameters', async () => {
    const api = client(`${server.origin}/api/v1`, { apiKey: 'key-1' })
    expect(await api.versionNumber('h a/sh', 'C-1')).toBe(3)
    const [request] = server.requests
    expect(request?.method).toBe('GET')
    expect(request?.url).toBe('/api/v1/Version/Number?versionHashCode=h+a%2Fsh&contractid=C-1')
    expect(request?.headers['x-api-key']).toBe('key-1')
    expect(request?.headers.authorization).toBeUndefined()
    expect(request?.headers['content-type']).toMatch(/^application\/json/)
  })

  it('uses the Anonymous variant when asked', async () => {
    const api = client(`${server.origin}/api/v1`, { bearer: '' })
    await api.calculateFeeOptions(body, true)
    await api.frontCalculateFees(body, true, undefined)
    expect(server.requests.map((r) => r.url)).toEqual([
      '/api/v1/Calculator/CalculateFeeOptionsAnonymous',
      '/api/v1/Calculator/FrontCalculateFeesAnonymous',
    ])
    expect(server.requests[0]?.headers.authorization).toBeUndefined()
  })

  it('sends X-XSRF-TOKEN from the cookie on non-GET requests to a relative root only', async () => {
    document.cookie = 'XSRF-TOKEN=xsrf%20value; path=/'
    const relative = client('/api/v1', { apiKey: 'k' })
    await relative.calculateFeeOptions(body, false)
    await relative.feesTable('abc')
    const absolute = client(`${server.origin}/api/v1`, { apiKey: 'k' })
    await absolute.calculateFeeOptions(body, false)
    const [post, get, absolutePost] = server.requests
    expect(post?.headers['x-xsrf-token']).toBe('xsrf value')
    expect(get?.url).toBe('/api/v1/Calculator/feestable/abc')
    expect(get?.headers['x-xsrf-token']).toBeUndefined()
    expect(absolutePost?.headers['x-xsrf-token']).toBeUndefined()
  })

  it('sends no X-XSRF-TOKEN when there is no cookie', async () => {
    const relative = client('/api/v1', { apiKey: 'k' })
    await relative.frontCalculateFees(body, false, undefined)
    expect(server.requests[0]?.headers['x-xsrf-token']).toBeUndefined()
  })

  it('turns an HTTP error into a typed error carrying the body', async () => {
    const api = client(`${server.origin}/api/v1/fail`, { apiKey: 'k' })
    const error = await api.calculateFeeOptions(body, false).catch(toApiError)
    expect(error).toMatchObject({ kind: 'http', status: 422, body: { status: 422, code: 'y' } })
  })

  it('reads a .NET-style answer on the wire: a date-time without a zone taken as UTC, unknown fields dropped', async () => {
    const api = client(`${server.origin}/api/v1/dotnet`, { apiKey: 'k' })
    expect(await api.calculateFeeOptions(body, false)).toEqual(standInFeesTable(body))
  })

  it('turns an SSO login page answered with 200 into a refused answer, never an exception of JSON.parse', async () => {
    const api = client(`${server.origin}/api/v1/login`, { apiKey: 'k' })
    const error = await api.calculateFeeOptions(body, false).catch(toApiError)
    expect(error).toMatchObject({ kind: 'response', status: 200, code: 'invalid_response', field: '(body)' })
  })

  it('turns a 204 into a refused answer for each of the four calls, never an empty result', async () => {
    const api = client(`${server.origin}/api/v1/empty`, { apiKey: 'k' })
    for (const call of [
      () => api.calculateFeeOptions(body, false),
      () => api.frontCalculateFees(body, false, undefined),
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
    const api = client('http://127.0.0.1:9/api/v1', { apiKey: 'k' })
    const error = await api.calculateFeeOptions(body, false).catch(toApiError)
    expect(error).toMatchObject({ kind: 'network' })
  })
})
