/**
 * The calculator's POST endpoints are answered in front of Hono
 * (server/src/hot-routes.ts) unless the request is out of the ordinary; a
 * cookie sends the same request through Hono. Both must give the same bytes.
 */
import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API_BASE, API_MIDDLEWARE } from '../../src/api.ts'
import { APP_MIDDLEWARE, createApp } from '../../src/app.ts'
import { CALCULATOR_ROUTES } from '../../src/calculator.ts'
import { loadConfig } from '../../src/config.ts'
import {
  ALLOWED_ORIGIN,
  API_KEY,
  bearer,
  financing,
  refinancing,
  startTestServer,
  type TestServer,
} from '../support/api-server.ts'

let servers: { name: string; server: TestServer }[] = []
beforeAll(async () => {
  servers = [
    { name: 'one allowed origin', server: await startTestServer() },
    { name: 'any origin', server: await startTestServer({ FEES_CORS_ORIGINS: '*' }) },
  ]
})
afterAll(() => Promise.all(servers.map(({ server }) => server.remove())))

/** The whole answer as it came off the socket, its Date header blanked; one request id, so both paths' answers compare. */
function rawCall(
  server: TestServer,
  path: string,
  headers: Record<string, string> | readonly (readonly [string, string])[],
  body: string,
): Promise<string> {
  const { port } = new URL(server.url)
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1')
    let request = `POST /api/v1${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Request-Id: equivalence-1\r\n`
    for (const [name, value] of Array.isArray(headers) ? headers : Object.entries(headers))
      request += `${name}: ${value}\r\n`
    request += `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`
    let answer = ''
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => {
      answer += chunk
    })
    socket.on('end', () => resolve(answer.replace(/^Date: .*\r\n/m, 'Date: -\r\n')))
    socket.on('error', reject)
    socket.write(request)
  })
}

const PATHS = CALCULATOR_ROUTES.map((route) => route.path)
const BODIES = [
  JSON.stringify(financing()),
  JSON.stringify(financing({ system: 3 })),
  JSON.stringify(refinancing()),
  JSON.stringify(financing({ numberOfFees: 99, currency: 'XXQ' })),
  JSON.stringify(financing({ system: 'one', dateOfPayment: '2026-02-30' })),
  JSON.stringify(financing({ finalAmount: 0.05, numberOfFees: 12 })),
  JSON.stringify(financing({ isSavedVersion: true, contractId: ' ' })),
  '[1]',
  '{"currency":',
  '\u00ff',
  '',
]

describe('the hot paths in front of Hono', () => {
  it('answer every calculator POST exactly as the Hono routes do', async () => {
    const token = await bearer()
    const credentials: Record<string, string>[] = [
      { 'X-Api-Key': API_KEY },
      { Authorization: token },
      {},
      { 'X-Api-Key': 'wrong' },
      { Authorization: 'Bearer not.a.token' },
      { Authorization: 'Basic abc' },
    ]
    const origins: Record<string, string>[] = [{}, { Origin: ALLOWED_ORIGIN }, { Origin: 'https://elsewhere.example' }]
    let compared = 0
    for (const { name, server } of servers)
      for (const path of PATHS)
        for (const body of BODIES)
          for (const credential of credentials)
            for (const origin of origins) {
              const headers = { 'Content-Type': 'application/json', ...credential, ...origin }
              const hot = await rawCall(server, path, headers, body)
              // A cookie without XSRF-TOKEN passes the XSRF check, and takes the request through Hono.
              const hono = await rawCall(server, path, { ...headers, Cookie: 'unrelated=1' }, body)
              expect(hot, `${name}: ${path} ${JSON.stringify(headers)} ${body}`).toBe(hono)
              compared += 1
            }
    expect(compared).toBe(servers.length * PATHS.length * BODIES.length * credentials.length * origins.length)
  })
})

describe('header names in any case, and headers sent twice', () => {
  it('are answered as the Hono routes answer them', async () => {
    const server = servers[0]?.server as TestServer
    const body = JSON.stringify(financing())
    const lists: [string, string][][] = [
      [
        ['content-type', 'application/json'],
        ['x-api-key', API_KEY],
      ],
      [
        ['CONTENT-TYPE', 'application/json; charset=utf-8'],
        ['X-API-KEY', API_KEY],
        ['ORIGIN', ALLOWED_ORIGIN],
      ],
      [
        ['Content-Type', 'application/json'],
        ['X-Api-Key', API_KEY],
        ['X-Api-Key', 'wrong'],
      ],
      [
        ['Content-Type', 'application/json'],
        ['X-Api-Key', 'wrong'],
        ['x-api-key', API_KEY],
      ],
      [
        ['Content-Type', 'application/json'],
        ['Content-Type', 'text/plain'],
        ['X-Api-Key', API_KEY],
      ],
      [
        ['Content-Type', 'application/json'],
        ['X-Api-Key', API_KEY],
        ['Origin', ALLOWED_ORIGIN],
        ['origin', 'https://elsewhere.example'],
      ],
      [
        ['Content-Type', 'application/json'],
        ['X-Api-Key', API_KEY],
        ['Accept', 'application/json'],
        ['Accept', 'text/html'],
      ],
      [
        ['Content-Type', 'application/json'],
        ['Authorization', 'Bearer a'],
        ['authorization', 'Bearer b'],
      ],
      [
        ['Content-Type', 'application/vnd.api+json'],
        ['X-Api-Key', API_KEY],
      ],
      [
        ['Content-Type', 'text/plain'],
        ['X-Api-Key', API_KEY],
      ],
    ]
    for (const path of PATHS)
      for (const headers of lists) {
        const hot = await rawCall(server, path, headers, body)
        const hono = await rawCall(server, path, [...headers, ['Cookie', 'unrelated=1']], body)
        expect(hot, `${path} ${JSON.stringify(headers)}`).toBe(hono)
      }
    // The ordinary ones were answered, not refused: a key in any case is the key.
    const answered = await rawCall(server, PATHS[0] as string, lists[1] as [string, string][], body)
    expect(answered).toMatch(/^HTTP\/1\.1 200 OK\r\n/)
  })
})

describe('a client that goes away before its body is sent', () => {
  it('leaves the server answering the next requests', async () => {
    const server = servers[0]?.server as TestServer
    const { port } = new URL(server.url)
    for (let k = 0; k < 20; k += 1) {
      await new Promise<void>((resolve, reject) => {
        const socket = connect(Number(port), '127.0.0.1', () => {
          socket.write(
            `POST /api/v1/Calculator/CalculateFeeOptions HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
              `Content-Type: application/json\r\nX-Api-Key: ${API_KEY}\r\nContent-Length: 500\r\n\r\n{"currency":`,
            () => socket.destroy(),
          )
        })
        socket.on('close', () => resolve())
        socket.on('error', reject)
      })
    }
    const answer = await rawCall(
      server,
      '/Calculator/CalculateFeeOptions',
      { 'Content-Type': 'application/json', 'X-Api-Key': API_KEY },
      JSON.stringify(financing()),
    )
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK\r\n/)
  })
})

describe('what the hot paths stand in for', () => {
  it('is every middleware of the app and of the API, each named with what the hot paths do in its place', async () => {
    const { app, close } = createApp(loadConfig({ FEES_DB: ':memory:', PORT: '0' }))
    try {
      // A middleware is a handler of every method that takes `next`.
      const middlewareOn = (path: string) =>
        app.routes.filter((route) => route.method === 'ALL' && route.path === path && route.handler.length === 2)
      expect(middlewareOn('/*')).toHaveLength(Object.keys(APP_MIDDLEWARE).length)
      expect(middlewareOn(`${API_BASE}/*`)).toHaveLength(Object.keys(API_MIDDLEWARE).length)
      // Hono's POST routes are the table's, each with its guards: credentials (when authenticated), then the body.
      const posts = app.routes.filter((route) => route.method === 'POST')
      expect([...new Set(posts.map((route) => route.path))]).toEqual(
        CALCULATOR_ROUTES.map((route) => `${API_BASE}${route.path}`),
      )
      for (const route of CALCULATOR_ROUTES) {
        const handlers = posts.filter((post) => post.path === `${API_BASE}${route.path}`)
        expect(handlers, route.path).toHaveLength(route.access === 'authenticated' ? 3 : 2)
      }
    } finally {
      await close()
    }
  })
})
