/**
 * Everything `npm run serve`'s server writes is a JSON line an operator's collector can read: the start, its
 * warnings, every request, and the causes of a 500 and a 503 with the id of the request that met them; and none
 * carries a secret of its configuration, a credential of a request or a student's data.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { once } from 'node:events'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, describe, expect, it } from 'vitest'
import { mintToken } from '../../src/auth.ts'
import { SERVER_BUILD } from '../../tools/build.ts'
import { financing } from '../support/api-server.ts'
import { freePort, waitUntilAnswering } from '../support/server-process.ts'

const dir = mkdtempSync(join(tmpdir(), 'fees-log-lines-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const API_KEY = 'log-lines-api-key-5e2c'
const JWT_SECRET = 'log-lines-jwt-secret-0123456789abcdef-77'
const METRICS_TOKEN = 'log-lines-metrics-token-a9d3'
const COOKIE_SECRET = 'cookie-secret-c0ffee'
const BODY_MARKER = 'Body-Marker-Student-Ana-4411'

/** The built server in a process of its own, its stdout and stderr kept whole. */
function serve(env: Record<string, string>): { child: ChildProcess; out: () => string; err: () => string } {
  const { DATABASE_URL: _, ...inherited } = process.env
  const child = spawn(process.execPath, [SERVER_BUILD], { env: { ...inherited, HOST: '127.0.0.1', ...env } })
  let out = ''
  let err = ''
  child.stdout?.setEncoding('utf8').on('data', (text: string) => {
    out += text
  })
  child.stderr?.setEncoding('utf8').on('data', (text: string) => {
    err += text
  })
  return { child, out: () => out, err: () => err }
}

/** Every line of `text` parsed, failing on the first that is not a JSON object in pino's form. */
function parsedLines(text: string): Record<string, unknown>[] {
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => {
      let entry: Record<string, unknown>
      try {
        entry = JSON.parse(line) as Record<string, unknown>
      } catch {
        throw new Error(`not a JSON line: ${line}`)
      }
      expect(entry, line).toMatchObject({ level: expect.any(Number), time: expect.any(Number) })
      return entry
    })
}

describe('what the server writes', () => {
  it('is JSON lines, the 500 and the 503 with their request ids, and no secret, credential or body', async () => {
    const port = await freePort()
    const dbPath = join(dir, 'fees.sqlite')
    const emptyDist = join(dir, 'no-build')
    mkdirSync(emptyDist)
    const server = serve({
      PORT: String(port),
      FEES_DB: dbPath,
      FEES_API_KEY: API_KEY,
      FEES_JWT_SECRET: JWT_SECRET,
      FEES_METRICS_TOKEN: METRICS_TOKEN,
      // A folder with no build: the start warns of it.
      FEES_DIST_DIR: emptyDist,
    })
    const api = `http://127.0.0.1:${port}/api/v1`
    let holder: Database.Database | undefined
    try {
      await waitUntilAnswering(`${api}/health`, server.child)
      holder = new Database(dbPath)
      const token = `Bearer ${await mintToken(JWT_SECRET, 600)}`
      const headers = { 'Content-Type': 'application/json', Cookie: `session=${COOKIE_SECRET}` }
      const save = (requestId: string) =>
        fetch(`${api}/Calculator/FrontCalculateFees`, {
          method: 'POST',
          headers: { ...headers, Authorization: token, 'X-Request-Id': requestId },
          body: JSON.stringify(financing({ isSavedVersion: true, contractId: BODY_MARKER, studyIdName: BODY_MARKER })),
        })

      const saved = await save('log-200')
      expect(saved.status).toBe(200)
      const { versionHashCode } = (await saved.json()) as { versionHashCode: string }
      const calculated = await fetch(`${api}/Calculator/CalculateFeeOptions`, {
        method: 'POST',
        headers: { ...headers, 'X-Api-Key': API_KEY },
        body: JSON.stringify(financing({ studyIdName: BODY_MARKER })),
      })
      expect(calculated.status).toBe(200)
      const metrics = await fetch(`http://127.0.0.1:${port}/metrics`, {
        headers: { Authorization: `Bearer ${METRICS_TOKEN}` },
      })
      expect(metrics.status).toBe(200)

      // Another process holds the file's write lock past the server's wait for it: the save is answered 503.
      holder.exec('BEGIN IMMEDIATE')
      const unavailable = await save('log-503')
      holder.exec('ROLLBACK')
      expect(unavailable.status).toBe(503)
      expect(await unavailable.json()).toMatchObject({ code: 'database_unavailable', requestId: 'log-503' })

      // Someone dropped the table under the running server: loading a version is an error nobody foresaw, 500.
      holder.exec('DROP TABLE versions')
      const failed = await fetch(`${api}/Calculator/feestable/${versionHashCode}`, {
        headers: { ...headers, 'X-Api-Key': API_KEY, 'X-Request-Id': 'log-500' },
      })
      expect(failed.status).toBe(500)
      expect(await failed.json()).toMatchObject({ code: 'internal_error', requestId: 'log-500' })

      const exited = once(server.child, 'exit')
      server.child.kill('SIGTERM')
      expect(await exited).toEqual([0, null])
    } finally {
      holder?.close()
      if (server.child.exitCode === null) server.child.kill('SIGKILL')
    }

    // Nothing goes to stderr: a collector reading both streams gets only JSON lines.
    expect(server.err()).toBe('')
    const written = server.out()
    for (const secret of [API_KEY, JWT_SECRET, METRICS_TOKEN, COOKIE_SECRET, BODY_MARKER, 'Bearer '])
      expect(written).not.toContain(secret)
    const entries = parsedLines(written)

    const [start, ...rest] = entries.filter((entry) => entry.requestId === undefined)
    expect(start).toMatchObject({ level: 40, distDir: emptyDist, msg: expect.stringContaining('no build') })
    expect(rest).toEqual([
      expect.objectContaining({ level: 30, url: `http://127.0.0.1:${port}`, health: `${api}/health` }),
      expect.objectContaining({ level: 30, msg: 'stopped' }),
    ])
    expect(rest[0]?.msg).toContain(`http://127.0.0.1:${port}`)

    // The failures' causes, each with the id its answer carried, before the request's own access line.
    const byId = (id: string) => entries.filter((entry) => entry.requestId === id)
    expect(byId('log-503')).toEqual([
      expect.objectContaining({ level: 50, cause: expect.stringContaining('locked') }),
      expect.objectContaining({ level: 30, route: '/api/v1/Calculator/FrontCalculateFees', status: 503 }),
    ])
    expect(byId('log-500')).toEqual([
      expect.objectContaining({ level: 50, cause: expect.stringContaining('no such table') }),
      expect.objectContaining({ level: 30, route: '/api/v1/Calculator/feestable/:versionHashCode', status: 500 }),
    ])
    expect(byId('log-200')).toEqual([expect.objectContaining({ status: 200 })])
    expect(entries.filter((entry) => entry.route === '/metrics')).toHaveLength(1)
  }, 30_000)

  it('is a JSON line naming the variable, not its value, when the configuration is not valid', () => {
    const ended = spawnSync(process.execPath, [SERVER_BUILD], {
      env: { ...process.env, FEES_DB: ':memory:', FEES_API_KEY: 'k3y-7!' },
      encoding: 'utf8',
    })
    expect(ended.status).toBe(1)
    expect(ended.stderr).toBe('')
    const [entry, ...more] = parsedLines(ended.stdout)
    expect(more).toEqual([])
    expect(entry).toMatchObject({ level: 60, cause: expect.stringContaining('FEES_API_KEY') })
    expect(ended.stdout).not.toContain('k3y-7!')
  })
})
