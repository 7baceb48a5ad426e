import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_BODY_BYTES } from '../../src/guards.ts'
import {
  ALLOWED_ORIGIN,
  API_KEY,
  bearer,
  call,
  financing,
  startTestServer,
  type TestServer,
} from '../support/api-server.ts'
import { expectDocumented, expectProblem } from '../support/openapi.ts'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.remove())

const CALCULATE = '/Calculator/CalculateFeeOptions'

/** A request the `call` helper cannot make (streams, raw bytes, preflights); its answer is still checked against the document. */
async function raw(path: string, init: RequestInit & { duplex?: 'half' }, target = server) {
  const response = await fetch(`${target.api}${path}`, init)
  const text = await response.text()
  const body = text === '' ? undefined : (JSON.parse(text) as { code?: string })
  if (init.method !== 'OPTIONS')
    expectDocumented(path, init.method ?? 'GET', response.status, response.headers.get('Content-Type'), body)
  return { status: response.status, headers: response.headers, body }
}

const preflight = (origin: string, target = server) =>
  fetch(`${target.api}${CALCULATE}`, {
    method: 'OPTIONS',
    headers: {
      Origin: origin,
      'Access-Control-Request-Method': 'POST',
      'Access-Control-Request-Headers': 'authorization, content-type, x-xsrf-token',
    },
  })

describe('CORS', () => {
  it('answers a preflight from an allowed origin with every header the client sends', async () => {
    const answer = await preflight(ALLOWED_ORIGIN)
    expect(answer.status).toBe(204)
    expect(answer.headers.get('Access-Control-Allow-Origin')).toBe(ALLOWED_ORIGIN)
    expect(answer.headers.get('Access-Control-Allow-Credentials')).toBe('true')
    expect(answer.headers.get('Access-Control-Allow-Methods')).toContain('POST')
    const allowed = (answer.headers.get('Access-Control-Allow-Headers') ?? '').toLowerCase()
    for (const header of ['authorization', 'x-api-key', 'x-xsrf-token', 'content-type'])
      expect(allowed).toContain(header)
    expect(answer.headers.get('Vary')).toContain('Origin')
  })

  it('gives no Access-Control headers to another origin', async () => {
    const answer = await preflight('https://evil.example')
    expect(answer.headers.get('Access-Control-Allow-Origin')).toBeNull()
    expect(answer.headers.get('Access-Control-Allow-Headers')).toBeNull()
    const actual = await call(server, 'POST', CALCULATE, {
      body: financing(),
      headers: { Origin: 'https://evil.example' },
    })
    expect(actual.headers.get('Access-Control-Allow-Origin')).toBeNull()
  })

  it('lets an allowed origin read answers, errors included', async () => {
    const ok = await call(server, 'POST', CALCULATE, { body: financing(), headers: { Origin: ALLOWED_ORIGIN } })
    const refused = await call(server, 'POST', CALCULATE, {
      body: financing(),
      headers: { Origin: ALLOWED_ORIGIN, 'X-Api-Key': '' },
    })
    expect(ok.headers.get('Access-Control-Allow-Origin')).toBe(ALLOWED_ORIGIN)
    expect(refused.headers.get('Access-Control-Allow-Origin')).toBe(ALLOWED_ORIGIN)
    expect(refused.headers.get('Access-Control-Expose-Headers')).toContain('WWW-Authenticate')
  })

  it('allows only its own origin when FEES_CORS_ORIGINS is not set', async () => {
    const own = await startTestServer({ FEES_CORS_ORIGINS: '' })
    try {
      expect((await preflight(own.url, own)).headers.get('Access-Control-Allow-Origin')).toBe(own.url)
      expect((await preflight(ALLOWED_ORIGIN, own)).headers.get('Access-Control-Allow-Origin')).toBeNull()
    } finally {
      await own.remove()
    }
  })

  it('allows any origin, without credentials, when FEES_CORS_ORIGINS is *', async () => {
    const open = await startTestServer({ FEES_CORS_ORIGINS: '*' })
    try {
      const answer = await preflight('https://anywhere.example', open)
      expect(answer.headers.get('Access-Control-Allow-Origin')).toBe('*')
      expect(answer.headers.get('Access-Control-Allow-Credentials')).toBeNull()
    } finally {
      await open.remove()
    }
  })
})

describe('the XSRF check', () => {
  // A request that carries no credentials of its own: only the page's cookies vouch for it.
  const withCookie = (cookie: string, header?: string) =>
    call(server, 'POST', '/Calculator/CalculateFeeOptionsAnonymous', {
      body: financing({ system: 3 }),
      headers: { 'X-Api-Key': '', Cookie: cookie, ...(header === undefined ? {} : { 'X-XSRF-TOKEN': header }) },
    })

  it('leaves alone a request with its own credentials (bearer or API key): another site cannot forge it', async () => {
    const bearerOnly = await call(server, 'POST', CALCULATE, {
      body: financing(),
      headers: { 'X-Api-Key': '', Authorization: await bearer(), Cookie: 'XSRF-TOKEN=abc123' },
    })
    expect(bearerOnly.status).toBe(200)
    const keyOnly = await call(server, 'POST', CALCULATE, {
      body: financing(),
      headers: { 'X-Api-Key': API_KEY, Cookie: 'XSRF-TOKEN=abc123' },
    })
    expect(keyOnly.status).toBe(200)
  })

  it('passes a non-GET request whose header matches its cookie', async () => {
    expect((await withCookie('XSRF-TOKEN=abc123', 'abc123')).status).toBe(200)
    expect((await withCookie('other=1; XSRF-TOKEN=a%2Fb%3D', 'a/b=')).status).toBe(200)
  })

  it('refuses a missing or different header with 403', async () => {
    expect((await withCookie('XSRF-TOKEN=abc123')).body).toMatchObject({ status: 403, code: 'xsrf_mismatch' })
    expect((await withCookie('XSRF-TOKEN=abc123', 'abc124')).body).toMatchObject({ status: 403, code: 'xsrf_mismatch' })
    expect((await withCookie('XSRF-TOKEN=abc123', '')).status).toBe(403)
  })

  it('checks a request without credentials on an authenticated endpoint before it is refused for them', async () => {
    const answer = await call(server, 'POST', CALCULATE, {
      body: financing(),
      headers: { 'X-Api-Key': '', Cookie: 'XSRF-TOKEN=abc123' },
    })
    expect(answer.body).toMatchObject({ code: 'xsrf_mismatch' })
  })

  it('leaves GET requests and requests without the cookie alone', async () => {
    expect((await call(server, 'GET', '/health', { headers: { Cookie: 'XSRF-TOKEN=abc123' } })).status).toBe(200)
    expect(
      (await call(server, 'POST', CALCULATE, { body: financing(), headers: { Cookie: 'session=1' } })).status,
    ).toBe(200)
  })
})

describe('the body limit', () => {
  const padded = (bytes: number) => {
    const base = Buffer.byteLength(JSON.stringify({ ...financing(), padding: '' }))
    return JSON.stringify({ ...financing(), padding: 'x'.repeat(bytes - base) })
  }
  const headers = { 'Content-Type': 'application/json', 'X-Api-Key': API_KEY }

  it('accepts a body of exactly 16 KiB and refuses one byte more with 413', async () => {
    expect(Buffer.byteLength(padded(MAX_BODY_BYTES))).toBe(MAX_BODY_BYTES)
    expect((await raw(CALCULATE, { method: 'POST', headers, body: padded(MAX_BODY_BYTES) })).status).toBe(200)
    expect((await raw(CALCULATE, { method: 'POST', headers, body: padded(MAX_BODY_BYTES + 1) })).body).toMatchObject({
      code: 'payload_too_large',
    })
  })

  it('refuses 17 KiB sent in chunks, without a Content-Length', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(1024))
    let sent = 0
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(new TextEncoder().encode('{"padding":"'))
        if (sent++ < 17) controller.enqueue(chunk)
        else controller.close()
      },
    })
    const answer = await raw(CALCULATE, { method: 'POST', headers, body: stream, duplex: 'half' })
    expect(answer.body).toMatchObject({ code: 'payload_too_large' })
  })

  it('refuses bytes that are not UTF-8 as malformed', async () => {
    const bytes = new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d])
    expect((await raw(CALCULATE, { method: 'POST', headers, body: bytes })).body).toMatchObject({
      code: 'malformed_json',
    })
  })
})

describe('the media type', () => {
  it('refuses a body that is not declared as JSON with 415', async () => {
    const body = JSON.stringify(financing())
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const answer = await raw(CALCULATE, {
        method: 'POST',
        headers: { 'Content-Type': type, 'X-Api-Key': API_KEY },
        body,
      })
      expect(answer.body).toMatchObject({ code: 'unsupported_media_type' })
    }
  })

  it('accepts application/json with a charset', async () => {
    const headers = { 'Content-Type': 'application/json; charset=utf-8', 'X-Api-Key': API_KEY }
    expect((await raw(CALCULATE, { method: 'POST', headers, body: JSON.stringify(financing()) })).status).toBe(200)
  })
})

describe('every API answer', () => {
  it('is never cached and never sniffed', async () => {
    const answer = await call(server, 'POST', CALCULATE, { body: financing() })
    expect(answer.headers.get('Cache-Control')).toBe('no-store')
    expect(answer.headers.get('X-Content-Type-Options')).toBe('nosniff')
  })

  it('is a 404 problem for a route or a method nothing answers', async () => {
    for (const [method, path] of [
      ['GET', '/nothing'],
      ['GET', CALCULATE],
      ['DELETE', '/Calculator/feestable/abc'],
      ['POST', '/health'],
    ] as const) {
      const response = await fetch(`${server.api}${path}`, { method, headers: { 'X-Api-Key': API_KEY } })
      const body = (await response.json()) as { code: string }
      expectProblem(body, response.headers.get('Content-Type'))
      expect([response.status, body.code]).toEqual([404, 'not_found'])
    }
  })
})
