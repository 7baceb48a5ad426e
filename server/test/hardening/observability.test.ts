/**
 * What the server's operators rely on: one JSON log line per request with no secret in it, a request id that
 * round-trips (header and problem body), /metrics counters that move, and slow clients cut off within the
 * configured time. The security headers every answer carries: security-headers.test.ts.
 */
import { spawnSync } from 'node:child_process'
import { connect } from 'node:net'
import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accessLine, createObservability, gatheredLines } from '../../src/observability.ts'
import { openSqliteStore } from '../../src/store/sqlite.ts'
import type { VersionStore } from '../../src/store/types.ts'
import { API_KEY, bearer, financing, startTestServer, type TestServer } from '../support/api-server.ts'

const SECRET_COOKIE = 'session=cookie-secret-4b1d'
const BODY_MARKER = 'Contract-Body-Marker-77e1'

/** The server's log lines, as pino writes them. */
const lines: string[] = []
const destination = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(
      ...chunk
        .toString('utf8')
        .split('\n')
        .filter((line) => line !== ''),
    )
    done()
  },
})

const observability = createObservability({
  accessLog: true,
  metrics: true,
  metricsToken: null,
  logDestination: destination,
})
let server: TestServer
beforeAll(async () => {
  server = await startTestServer({ FEES_FRAME_ANCESTORS: 'https://portal.example.edu' }, { observability })
})
afterAll(() => server.remove())

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.api}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Api-Key': API_KEY, ...headers },
    body: JSON.stringify(body),
  })

/** A counter's value on /metrics, 0 when the series is not there yet. */
async function metric(text: string, name: string, labels: Record<string, string> = {}): Promise<number> {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`)
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue
    if (wanted.every((pair) => line.includes(pair))) return Number(line.slice(line.lastIndexOf(' ') + 1))
  }
  return 0
}
const metricsText = async () => (await fetch(`${server.url}/metrics`)).text()

/** Waits until the close listeners that gather the log lines have run, then has the gathered lines written. */
const settle = async () => {
  await new Promise((resolve) => setTimeout(resolve, 50))
  observability.flush()
}

describe('the access log', () => {
  it('writes one JSON line per request, with method, route, status, duration and request id, and no secret', async () => {
    const token = await bearer()
    const before = lines.length
    const secrets = [token.slice('Bearer '.length), API_KEY, 'cookie-secret-4b1d', BODY_MARKER]
    // A calculation with and without a cookie, a save, a problem, a page and a path nothing answers.
    await post('/Calculator/CalculateFeeOptions', financing({ studyIdName: BODY_MARKER }), { Authorization: token })
    await post('/Calculator/CalculateFeeOptions', financing({ studyIdName: BODY_MARKER }), {
      Authorization: token,
      Cookie: SECRET_COOKIE,
      'X-Request-Id': 'log-check-1',
    })
    await post('/Calculator/FrontCalculateFees', financing({ isSavedVersion: true, contractId: BODY_MARKER }))
    await post('/Calculator/CalculateFeeOptions', { currency: BODY_MARKER }, { 'X-Api-Key': 'wrong-key-9f8e7d' })
    await fetch(`${server.url}/demo/portal.html?lang=en`, { headers: { Cookie: SECRET_COOKIE } })
    await fetch(`${server.api}/Calculator/feestable/${BODY_MARKER}`, { headers: { 'X-Api-Key': API_KEY } })
    await fetch(`${server.url}/no/such/${BODY_MARKER}`)
    await settle()
    const written = lines.slice(before)
    expect(written).toHaveLength(7)
    for (const line of written) for (const secret of secrets) expect(line).not.toContain(secret)
    expect(written.join('\n')).not.toContain('wrong-key-9f8e7d')
    const entries = written.map((line) => JSON.parse(line) as Record<string, unknown>)
    for (const entry of entries) {
      expect(entry).toMatchObject({ level: 30, method: expect.any(String), status: expect.any(Number) })
      expect(entry.durationMs).toBeGreaterThanOrEqual(0)
      expect(entry.requestId).toMatch(/^[\w.:-]{1,64}$/)
      expect(entry.time).toBeGreaterThan(Date.now() - 60_000)
    }
    expect(entries.map(({ route, status }) => [route, status])).toEqual([
      ['/api/v1/Calculator/CalculateFeeOptions', 200],
      ['/api/v1/Calculator/CalculateFeeOptions', 200],
      ['/api/v1/Calculator/FrontCalculateFees', 200],
      ['/api/v1/Calculator/CalculateFeeOptions', 401],
      // The route that answered, as the app declares it: a path's ids never become a label.
      ['/demo/portal.html', 200],
      ['/api/v1/Calculator/feestable/:versionHashCode', 404],
      ['/*', 404],
    ])
    expect(entries[1]?.requestId).toBe('log-check-1')
  })

  it('writes the lines it gathers together, a tenth of a second late at most, before any line pino writes after them', async () => {
    const writes: string[] = []
    const gathered = gatheredLines({ write: (text: string) => writes.push(text) }, 20)
    const waited = () => new Promise((resolve) => setTimeout(resolve, 40))
    gathered.add('{"n":1}\n')
    gathered.add('{"n":2}\n')
    expect(writes).toEqual([])
    await waited()
    expect(writes).toEqual(['{"n":1}\n{"n":2}\n'])
    // A line pino writes itself (an error) takes what is gathered in front of it, and it is not written again.
    gathered.add('{"n":3}\n')
    expect(gathered.before('{"level":50}\n')).toBe('{"n":3}\n{"level":50}\n')
    await waited()
    expect(writes).toHaveLength(1)
    // Under load no more than 16 KiB is held; closing the server writes what is left at once.
    const line = accessLine('busy', 'POST', '/api/v1/health', 200, 0.1)
    const fill = Math.ceil((16 * 1024) / line.length)
    for (let k = 0; k < fill; k++) gathered.add(line)
    expect(writes).toHaveLength(2)
    gathered.add(line)
    gathered.write()
    expect(writes).toHaveLength(3)
    expect(writes.join('').split('\n').filter(Boolean)).toHaveLength(2 + fill + 1)
  })

  it('writes what it holds when the process ends on an uncaught exception', () => {
    const module = JSON.stringify(new URL('../../src/observability.ts', import.meta.url).href)
    const script = `
      import pino from 'pino'
      import { accessLine, gatheredLines } from ${module}
      const lines = gatheredLines(pino.destination({ dest: 1, sync: true }))
      lines.add(accessLine('before-the-crash', 'POST', '/api/v1/health', 200, 1))
      setTimeout(() => { throw new Error('an unexpected failure') }, 5)
    `
    const ended = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
      cwd: new URL('.', import.meta.url),
    })
    expect(ended.status).toBe(1)
    expect(ended.stderr).toContain('an unexpected failure')
    expect(JSON.parse(ended.stdout)).toMatchObject({ requestId: 'before-the-crash', status: 200 })
  })

  it('escapes what the client chose in a line: the method', () => {
    const entry = JSON.parse(accessLine('id-1', 'PO"ST\\', '/api/v1 unmatched', 404, 1.2345)) as Record<string, unknown>
    expect(entry).toMatchObject({ level: 30, requestId: 'id-1', method: 'PO"ST\\', status: 404, durationMs: 1.23 })
  })
})

describe('the request id', () => {
  it('is the client’s X-Request-Id when it is safe, in the header and in the problem', async () => {
    for (const cookie of [{}, { Cookie: SECRET_COOKIE }] as Record<string, string>[]) {
      const answer = await post('/Calculator/CalculateFeeOptions', financing({ numberOfFees: 99 }), {
        'X-Request-Id': 'portal-7f3a.2026:01_x',
        ...cookie,
      })
      expect(answer.status).toBe(422)
      expect(answer.headers.get('X-Request-Id')).toBe('portal-7f3a.2026:01_x')
      expect(await answer.json()).toMatchObject({ code: 'fee_count_out_of_range', requestId: 'portal-7f3a.2026:01_x' })
    }
  })

  it('is made anew when the client sends none or an unsafe one, and is the same in header and body', async () => {
    for (const sent of [undefined, 'has spaces in it', 'x'.repeat(65), '<script>']) {
      const answer = await fetch(`${server.api}/nowhere`, { headers: sent ? { 'X-Request-Id': sent } : {} })
      const id = answer.headers.get('X-Request-Id')
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
      expect(await answer.json()).toMatchObject({ code: 'not_found', requestId: id })
    }
  })
})

describe('/metrics', () => {
  it('counts requests by route and status, saves, and idempotent replays', async () => {
    const before = await metricsText()
    const route = { route: '/api/v1/Calculator/FrontCalculateFees', status: '200' }
    const hotRoute = { route: '/api/v1/Calculator/CalculateFeeOptions', status: '200' }
    await post('/Calculator/CalculateFeeOptions', financing())
    const key = { 'Idempotency-Key': `metrics-${Date.now()}` }
    const save = financing({ isSavedVersion: true, contractId: 'C-METRICS' })
    expect((await post('/Calculator/FrontCalculateFees', save, key)).status).toBe(200)
    expect((await post('/Calculator/FrontCalculateFees', save, key)).status).toBe(200)
    await settle()
    const after = await metricsText()
    const moved = async (name: string, labels: Record<string, string>) =>
      (await metric(after, name, labels)) - (await metric(before, name, labels))
    expect(await moved('fees_http_requests_total', hotRoute)).toBe(1)
    expect(await moved('fees_http_requests_total', route)).toBe(2)
    expect(await moved('fees_http_request_duration_seconds_count', route)).toBe(2)
    expect(await moved('fees_saves_total', { outcome: 'stored' })).toBe(1)
    expect(await moved('fees_saves_total', { outcome: 'replayed' })).toBe(1)
    expect(after).toContain('# TYPE fees_database_errors_total counter')
    // The histogram as Prometheus reads one: buckets that only grow, up to +Inf, which is the count.
    const buckets = after
      .split('\n')
      .filter((line) => line.startsWith('fees_http_request_duration_seconds_bucket{') && line.includes(route.route))
      .map((line) => Number(line.slice(line.lastIndexOf(' ') + 1)))
    expect(buckets).toHaveLength(13)
    expect(buckets).toEqual([...buckets].sort((a, b) => a - b))
    expect(buckets.at(-1)).toBe(await metric(after, 'fees_http_request_duration_seconds_count', route))
    expect(after).toContain('# TYPE fees_http_request_duration_seconds histogram')
  })

  it('wants the token of FEES_METRICS_TOKEN when one is set, and is not there with FEES_METRICS=false', async () => {
    const guarded = await startTestServer({ FEES_METRICS_TOKEN: 'scrape-token-123' })
    const off = await startTestServer({ FEES_METRICS: 'false' })
    try {
      expect((await fetch(`${guarded.url}/metrics`)).status).toBe(401)
      const wrong = await fetch(`${guarded.url}/metrics`, { headers: { Authorization: 'Bearer nope' } })
      expect(wrong.status).toBe(401)
      const right = await fetch(`${guarded.url}/metrics`, { headers: { Authorization: 'Bearer scrape-token-123' } })
      expect(right.status).toBe(200)
      expect(await right.text()).toContain('fees_http_requests_total')
      expect((await fetch(`${off.url}/metrics`)).status).toBe(404)
    } finally {
      await Promise.all([guarded.remove(), off.remove()])
    }
  })
})

describe('slow clients', () => {
  let slow: TestServer
  beforeAll(async () => {
    slow = await startTestServer({ FEES_HEADERS_TIMEOUT_S: '1', FEES_IDLE_TIMEOUT_S: '1', FEES_REQUEST_TIMEOUT_S: '2' })
  })
  afterAll(() => slow.remove())

  /** Sends `text` on a raw socket, then nothing; resolves with what came back when the server closed it. */
  const stall = (text: string) =>
    new Promise<{ answer: string; ms: number }>((resolve, reject) => {
      const started = Date.now()
      const socket = connect(Number(new URL(slow.url).port), '127.0.0.1')
      let answer = ''
      socket.setEncoding('utf8')
      socket.on('data', (chunk: string) => {
        answer += chunk
      })
      socket.on('close', () => resolve({ answer, ms: Date.now() - started }))
      socket.on('error', reject)
      socket.write(text)
    })

  it('are cut off when they send half their headers and then nothing', async () => {
    const { ms } = await stall('POST /api/v1/Calculator/CalculateFeeOptions HTTP/1.1\r\nHost: x\r\nX-Api')
    // The configured second, checked every second: well before Node's own minute.
    expect(ms).toBeLessThan(5_000)
  }, 10_000)

  it('are answered 408 and cut off when they trickle their headers past FEES_HEADERS_TIMEOUT_S', async () => {
    const socket = connect(Number(new URL(slow.url).port), '127.0.0.1')
    let answer = ''
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => {
      answer += chunk
    })
    const started = Date.now()
    // A byte every 300 ms keeps the connection from being idle: only the headers' deadline stops it.
    const trickle = setInterval(() => socket.write('X'), 300)
    socket.write('GET /api/v1/health HTTP/1.1\r\nHost: x\r\nX-Slow: ')
    await new Promise((resolve) => socket.on('close', resolve))
    clearInterval(trickle)
    expect(answer).toMatch(/^HTTP\/1\.1 408 /)
    expect(Date.now() - started).toBeLessThan(5_000)
  }, 10_000)

  it('are cut off when their body stops half-way', async () => {
    const body = JSON.stringify(financing())
    const { ms } = await stall(
      `POST /api/v1/Calculator/CalculateFeeOptions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nX-Api-Key: ${API_KEY}\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 40)}`,
    )
    expect(ms).toBeLessThan(5_000)
  }, 10_000)

  it('are cut off when they connect and send nothing', async () => {
    const { ms } = await stall('')
    expect(ms).toBeLessThan(5_000)
  }, 10_000)

  it('are not: a request sent in pieces within the time is answered', async () => {
    const { port } = new URL(slow.url)
    const socket = connect(Number(port), '127.0.0.1')
    let answer = ''
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => {
      answer += chunk
    })
    const closed = new Promise((resolve) => socket.on('close', resolve))
    socket.write('GET /api/v1/health HTTP/1.1\r\nHost: x\r\n')
    await new Promise((resolve) => setTimeout(resolve, 300))
    socket.write('Connection: close\r\n\r\n')
    await closed
    expect(answer).toMatch(/^HTTP\/1\.1 200 /)
  })

  it('are not: a request the server itself works on past FEES_IDLE_TIMEOUT_S (a slow database) is answered', async () => {
    // The database takes twice the idle timeout to answer the health check and a save: the server sends nothing
    // meanwhile, and the connection must stay.
    const real = openSqliteStore(':memory:')
    const later = <T>(value: () => Promise<T>) => new Promise<T>((resolve) => setTimeout(() => resolve(value()), 2_000))
    const store: VersionStore = Object.assign(Object.create(real) as VersionStore, {
      isHealthy: () => later(() => real.isHealthy()),
      save: (version: Parameters<VersionStore['save']>[0]) => later(() => real.save(version)),
    })
    const server = await startTestServer({ FEES_IDLE_TIMEOUT_S: '1' }, { store })
    try {
      const health = await fetch(`${server.url}/api/v1/health`)
      expect(health.status).toBe(200)
      const save = await fetch(`${server.url}/api/v1/Calculator/FrontCalculateFees`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: await bearer(), 'Idempotency-Key': 'slow-1' },
        body: JSON.stringify(financing({ isSavedVersion: true, isFrontEndVersionCopy: true, contractId: 'C-SLOW' })),
      })
      expect(save.status).toBe(200)
      expect(((await save.json()) as { versionNumber: number }).versionNumber).toBe(1)
    } finally {
      await server.remove()
      await real.close()
    }
  }, 15_000)
})
