import { request } from 'node:http'
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
  const anonymous = (headers: Record<string, string>, body = financing({ system: 3 })) =>
    call(server, 'POST', '/Calculator/CalculateFeeOptionsAnonymous', { body, headers: { 'X-Api-Key': '', ...headers } })

  it('passes a request that sends no X-XSRF-TOKEN, whatever its cookies: the API trusts no cookie', async () => {
    // An ERP system's anonymous calls from a portal that has the cookie, through an absolute same-origin api-base
    // (to which the widget sends no XSRF header): calculated and answered.
    expect((await anonymous({ Cookie: 'XSRF-TOKEN=abc123' })).status).toBe(200)
    const erpAgent = await call(server, 'POST', '/Calculator/FrontCalculateFeesAnonymous', {
      body: financing({ system: 7, isSavedVersion: true }),
      headers: { 'X-Api-Key': '', Cookie: 'session=1; XSRF-TOKEN=abc123' },
    })
    expect(erpAgent.status).toBe(200)
    // With credentials of its own: a save is stored.
    const saved = await call<{ versionNumber: number | null }>(server, 'POST', '/Calculator/FrontCalculateFees', {
      body: financing({ isSavedVersion: true, contractId: 'C-XSRF-NO-HEADER' }),
      headers: { 'X-Api-Key': '', Authorization: await bearer(), Cookie: 'XSRF-TOKEN=abc123' },
    })
    expect(saved.body.versionNumber).toBe(1)
  })

  it('passes a non-GET request whose header matches its cookie', async () => {
    expect((await anonymous({ Cookie: 'XSRF-TOKEN=abc123', 'X-XSRF-TOKEN': 'abc123' })).status).toBe(200)
    expect((await anonymous({ Cookie: 'other=1; XSRF-TOKEN=a%2Fb%3D', 'X-XSRF-TOKEN': 'a/b=' })).status).toBe(200)
  })

  it('refuses with 403 a header that differs from its cookie, with or without credentials of its own', async () => {
    const refused = { status: 403, code: 'xsrf_mismatch' }
    expect((await anonymous({ Cookie: 'XSRF-TOKEN=abc123', 'X-XSRF-TOKEN': 'abc124' })).body).toMatchObject(refused)
    expect((await anonymous({ Cookie: 'XSRF-TOKEN=abc123', 'X-XSRF-TOKEN': 'ABC123' })).body).toMatchObject(refused)
    const withBearer = await call(server, 'POST', '/Calculator/FrontCalculateFees', {
      body: financing({ isSavedVersion: true, contractId: 'C-XSRF-MISMATCH' }),
      headers: { 'X-Api-Key': '', Authorization: await bearer(), Cookie: 'XSRF-TOKEN=abc123', 'X-XSRF-TOKEN': 'zzz' },
    })
    expect(withBearer.body).toMatchObject(refused)
    const withKey = await call(server, 'POST', CALCULATE, {
      body: financing(),
      headers: { Cookie: 'XSRF-TOKEN=abc123', 'X-XSRF-TOKEN': 'zzz' },
    })
    expect(withKey.body).toMatchObject(refused)
    // The refused save stored nothing: the contract's first save is still number 1.
    const first = await call<{ versionNumber: number | null }>(server, 'POST', '/Calculator/FrontCalculateFees', {
      body: financing({ isSavedVersion: true, contractId: 'C-XSRF-MISMATCH' }),
      headers: {
        'X-Api-Key': '',
        Authorization: await bearer(),
        Cookie: 'XSRF-TOKEN=abc123',
        'X-XSRF-TOKEN': 'abc123',
      },
    })
    expect(first.body.versionNumber).toBe(1)
  })

  it('passes a header with no cookie to compare it with (a cookie scoped to another path of the portal)', async () => {
    expect((await anonymous({ 'X-XSRF-TOKEN': 'abc123' })).status).toBe(200)
  })

  it('leaves GET requests alone', async () => {
    const health = await call(server, 'GET', '/health', {
      headers: { Cookie: 'XSRF-TOKEN=abc123', 'X-XSRF-TOKEN': 'x' },
    })
    expect(health.status).toBe(200)
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

  it('reads a header sent twice as a web Request does, as app.fetch would: two Content-Types are not JSON', async () => {
    // Node keeps the first Content-Type of two, the web joins them: the server answers as the app alone would.
    const status = await new Promise<number>((resolve, reject) => {
      const body = JSON.stringify(financing())
      const sent = request(`${server.api}${CALCULATE}`, {
        method: 'POST',
        headers: { 'Content-Type': ['application/json', 'text/plain'], 'X-Api-Key': API_KEY },
      })
      sent.on('response', (answer) => {
        answer.resume()
        resolve(answer.statusCode ?? 0)
      })
      sent.on('error', reject)
      sent.end(body)
    })
    expect(status).toBe(415)
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
