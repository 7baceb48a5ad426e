/**
 * The headers every answer carries (security-headers.ts): on every page and every API answer of the server, and
 * the same from `app.fetch` in a process of its own with no Node adapter in it, as another runtime runs the app.
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ALLOWED_ORIGIN, API_KEY, call, financing, startTestServer, type TestServer } from '../support/api-server.ts'

const ENV = { FEES_FRAME_ANCESTORS: 'https://portal.example.edu' }
const SECRET_COOKIE = 'session=cookie-secret-4b1d'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer(ENV)
})
afterAll(() => server.remove())

const expectCommon = (headers: Headers) => {
  expect(headers.get('X-Content-Type-Options')).toBe('nosniff')
  expect(headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin')
}

describe('the security headers', () => {
  it('give every page the strict policy, framed only by FEES_FRAME_ANCESTORS', async () => {
    for (const path of ['/fees', '/demo/strict-csp.html', '/demo/portal.html', '/dist/fees-calculator.js', '/nope']) {
      const answer = await fetch(`${server.url}${path}`)
      expectCommon(answer.headers)
      const csp = answer.headers.get('Content-Security-Policy') ?? ''
      expect(csp, path).toContain("default-src 'self'")
      expect(csp, path).toMatch(/script-src 'self'( 'sha256-[\w+/=]+')*;/)
      expect(csp, path).toContain("connect-src 'self'")
      expect(csp, path).toContain("object-src 'none'")
      expect(csp, path).toContain('frame-ancestors https://portal.example.edu')
      expect(csp, path).not.toMatch(/unsafe-inline|unsafe-eval/)
    }
  })

  it('allow the portal demo’s own inline script and style by their hashes only', async () => {
    const answer = await fetch(`${server.url}/demo/crm.html`)
    const csp = answer.headers.get('Content-Security-Policy') ?? ''
    expect(csp).toMatch(/script-src 'self' 'sha256-[\w+/=]{44}'/)
    expect(csp).toMatch(/style-src 'self' 'sha256-[\w+/=]{44}'/)
  })

  it('are on every API answer, problems included', async () => {
    const calculate = (headers: Record<string, string>) =>
      call(server, 'POST', '/Calculator/CalculateFeeOptions', { body: financing(), headers })
    const answers = [
      await calculate({ Origin: ALLOWED_ORIGIN }),
      await calculate({ Cookie: SECRET_COOKIE }),
      await calculate({ 'X-Api-Key': 'wrong-key-1234' }),
      await call(server, 'GET', '/health'),
    ]
    // A portal's script on another origin may read the id to show or log it.
    expect(answers[0]?.headers.get('Access-Control-Expose-Headers')).toContain('X-Request-Id')
    for (const answer of answers) {
      expectCommon(answer.headers)
      expect(answer.headers.get('Content-Security-Policy')).toBe("default-src 'none'; frame-ancestors 'none'")
      expect(answer.headers.get('X-Request-Id')).not.toBeNull()
    }
  })
})

/** A request both ways: through the server, and to `app.fetch` alone. */
interface Sent {
  method: string
  path: string
  headers?: Record<string, string>
  body?: string
}

/** What an answer says, but for what only HTTP on a socket adds (the date, the connection, the framing). */
interface Said {
  status: number
  headers: Record<string, string>
  body: string
}
const TRANSPORT = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'])
const said = async (answer: Response): Promise<Said> => ({
  status: answer.status,
  headers: Object.fromEntries([...answer.headers].filter(([name]) => !TRANSPORT.has(name))),
  body: await answer.text(),
})

/**
 * The answers `app.fetch` gives in a new Node process in which nothing but the app is loaded (no Node adapter
 * and its web Request and Response), on a store of its own, with the same environment as the server.
 */
function appFetchAlone(requests: Sent[], env: Record<string, string>): Said[] {
  const module = (path: string) => JSON.stringify(new URL(path, import.meta.url).href)
  const script = `
    import { mkdtempSync } from 'node:fs'
    import { tmpdir } from 'node:os'
    import { join } from 'node:path'
    import { createApp } from ${module('../../src/app.ts')}
    import { loadConfig } from ${module('../../src/config.ts')}
    const env = ${JSON.stringify(env)}
    const config = loadConfig({ ...env, FEES_DB: join(mkdtempSync(join(tmpdir(), 'fees-app-fetch-')), 'fees.sqlite') })
    const { app, close } = createApp(config)
    const answers = []
    for (const sent of ${JSON.stringify(requests)}) {
      const answer = await app.fetch(new Request('http://127.0.0.1' + sent.path, sent))
      answers.push({ status: answer.status, headers: Object.fromEntries(answer.headers), body: await answer.text() })
    }
    await close()
    process.stdout.write(JSON.stringify(answers))
  `
  const ran = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    encoding: 'utf8',
    cwd: new URL('../../..', import.meta.url),
  })
  if (ran.status !== 0) throw new Error(ran.stderr)
  const answers = JSON.parse(ran.stdout) as Said[]
  return answers.map((answer) => ({
    ...answer,
    headers: Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !TRANSPORT.has(name))),
  }))
}

describe('app.fetch alone', () => {
  const json = { 'Content-Type': 'application/json' }
  const requests: Sent[] = (
    [
      {
        method: 'POST',
        path: '/api/v1/Calculator/CalculateFeeOptions',
        headers: { ...json, 'X-Api-Key': API_KEY, Origin: ALLOWED_ORIGIN },
        body: JSON.stringify(financing()),
      },
      {
        method: 'POST',
        path: '/api/v1/Calculator/CalculateFeeOptions',
        headers: { ...json, 'X-Api-Key': 'wrong-key-1234' },
        body: JSON.stringify(financing()),
      },
      {
        method: 'OPTIONS',
        path: '/api/v1/Calculator/CalculateFeeOptions',
        headers: { Origin: ALLOWED_ORIGIN, 'Access-Control-Request-Method': 'POST' },
      },
      { method: 'GET', path: '/api/v1/health' },
      { method: 'GET', path: '/api/v1/nowhere' },
      { method: 'GET', path: '/demo/strict-csp.html' },
      { method: 'GET', path: '/fees' },
      { method: 'GET', path: '/' },
      { method: 'GET', path: '/nope' },
    ] as Sent[]
  )
    // The same encoding asked for both ways (fetch would ask for its own).
    .map((sent, k) => ({
      ...sent,
      headers: { ...sent.headers, 'Accept-Encoding': 'gzip', 'X-Request-Id': `same-request-${k}` },
    }))

  it('answers every request with the headers the server gives it, security headers and all', async () => {
    // The bodies may differ (the server's clock, the demo page's token), the statuses and headers may not.
    const server = await startTestServer({ ...ENV, FEES_CORS_ORIGINS: ALLOWED_ORIGIN })
    try {
      const alone = appFetchAlone(requests, { ...ENV, FEES_API_KEY: API_KEY, FEES_CORS_ORIGINS: ALLOWED_ORIGIN })
      const served: Said[] = []
      for (const { path, ...init } of requests)
        served.push(await said(await fetch(`${server.url}${path}`, { ...init, redirect: 'manual' })))
      // The single-page app is there once the widget is built.
      const app = existsSync(join(server.config.distDir, 'app', 'index.html')) ? 200 : 404
      expect(served.map(({ status }) => status)).toEqual([200, 401, 204, 200, 404, 200, app, 302, 404])
      const heads = (answers: Said[]) => answers.map(({ status, headers }) => ({ status, headers }))
      expect(heads(alone)).toEqual(heads(served))
      for (const [k, answer] of alone.entries()) {
        expect(answer.headers['x-request-id']).toBe(`same-request-${k}`)
        expect(answer.headers['x-content-type-options']).toBe('nosniff')
        expect(answer.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
        expect(answer.headers['content-security-policy']).toMatch(/frame-ancestors/)
      }
    } finally {
      await server.remove()
    }
  })

  it('names the request by one id, in the header and in a problem’s body, when the client sends none', () => {
    const [answer] = appFetchAlone([{ method: 'GET', path: '/api/v1/nowhere' }], ENV)
    const id = answer?.headers['x-request-id']
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(JSON.parse(answer?.body ?? '{}')).toMatchObject({ code: 'not_found', requestId: id })
  })
})
