/**
 * The package's `fees-calculator check-api` against the reference API, and against real
 * servers broken on purpose: a proxy in front of the reference API that
 * changes one thing of what it answers, as a misconfigured gateway or another
 * team's service would.
 */
import { execFile } from 'node:child_process'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ALLOWED_ORIGIN,
  API_KEY,
  bearer,
  startTestServer,
  type TestServer,
} from '../../server/test/support/api-server.ts'
import { type Check, checkApi, formatChecks } from '../../src/cli/check-api.ts'

const run = promisify(execFile)

let server: TestServer
let token: string
beforeAll(async () => {
  server = await startTestServer()
  token = (await bearer(3600)).replace('Bearer ', '')
})
afterAll(() => server.remove())

/** What a broken server does to an answer of the reference API before passing it on. */
interface Breakage {
  preflight?: (headers: Record<string, string>) => Record<string, string>
  answer?: (path: string, status: number, body: string) => { status?: number; body: string; contentType?: string }
}

/** A real proxy on a random loopback port in front of the reference API, breaking what `breakage` says. */
async function brokenServer(breakage: Breakage) {
  const target = new URL(server.url)
  const proxy = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const headers = new Headers()
    for (const [name, value] of Object.entries(req.headers))
      if (typeof value === 'string' && name !== 'host') headers.set(name, value)
    const answer = await fetch(`${target.origin}${req.url}`, {
      method: req.method,
      headers,
      body: chunks.length ? Buffer.concat(chunks) : undefined,
    })
    let out: Record<string, string> = {}
    answer.headers.forEach((value, name) => {
      if (!['content-length', 'content-encoding', 'transfer-encoding', 'connection'].includes(name)) out[name] = value
    })
    let body = await answer.text()
    let status = answer.status
    if (req.method === 'OPTIONS' && breakage.preflight) out = breakage.preflight(out)
    else if (req.method !== 'OPTIONS' && breakage.answer) {
      const changed = breakage.answer(req.url ?? '', status, body)
      body = changed.body
      status = changed.status ?? status
      if (changed.contentType) out['content-type'] = changed.contentType
    }
    res.writeHead(status, out)
    res.end(status === 204 ? undefined : body)
  })
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
  const { port } = proxy.address() as AddressInfo
  return {
    api: `http://127.0.0.1:${port}/api/v1`,
    close: () =>
      new Promise<void>((resolve) => {
        proxy.closeAllConnections()
        proxy.close(() => resolve())
      }),
  }
}

const failed = (checks: Check[]) => checks.filter((c) => !c.ok)

/** Changes one field of the JSON answers of one call. */
const changeAnswer =
  (pathPart: string, change: (body: Record<string, unknown>) => unknown) =>
  (path: string, status: number, body: string) =>
    path.includes(pathPart) && status === 200
      ? { body: JSON.stringify(change(JSON.parse(body) as Record<string, unknown>)) }
      : { body }

describe('fees-calculator check-api', () => {
  it('passes every check against the reference API', async () => {
    const checks = await checkApi({ api: server.api, token, apiKey: API_KEY, origin: ALLOWED_ORIGIN })
    expect(failed(checks)).toEqual([])
    expect(checks.map((c) => c.name)).toEqual([
      'CORS preflight Calculator/CalculateFeeOptions',
      'POST Calculator/CalculateFeeOptions',
      'POST Calculator/FrontCalculateFees (schedule, not saved)',
      'POST Calculator/FrontCalculateFees (save)',
      'CORS preflight Calculator/feestable',
      'GET Calculator/feestable/{hash}',
      'GET Version/Number',
      'a bad input is refused',
    ])
  })

  it('names a preflight that does not allow Authorization', async () => {
    const broken = await brokenServer({
      preflight: (headers) => ({
        ...headers,
        'access-control-allow-headers': 'Content-Type, Accept, X-Api-Key, X-XSRF-TOKEN, Idempotency-Key',
      }),
    })
    try {
      const checks = failed(await checkApi({ api: broken.api, token, apiKey: API_KEY, origin: ALLOWED_ORIGIN }))
      expect(checks.map((c) => c.name)).toEqual([
        'CORS preflight Calculator/CalculateFeeOptions',
        'CORS preflight Calculator/feestable',
      ])
      expect(checks[0]?.detail).toBe('headers not allowed: Authorization')
      expect(checks[0]?.fix).toContain('Access-Control-Allow-Headers: Authorization')
    } finally {
      await broken.close()
    }
  })

  it('names a firstPaymentDate that cannot be read as UTC', async () => {
    const broken = await brokenServer({
      answer: changeAnswer('CalculateFeeOptions', (body) => ({ ...body, firstPaymentDate: '05/02/2027' })),
    })
    try {
      const checks = failed(await checkApi({ api: broken.api, token, apiKey: API_KEY }))
      expect(checks).toEqual([
        expect.objectContaining({
          name: 'POST Calculator/CalculateFeeOptions',
          detail: expect.stringContaining('firstPaymentDate'),
          fix: expect.stringContaining('YYYY-MM-DD'),
        }),
      ])
    } finally {
      await broken.close()
    }
  })

  it('names an HTML page answered with 200, and a missing field', async () => {
    const login = await brokenServer({
      answer: (path, _status, body) =>
        path.includes('FrontCalculateFees')
          ? { status: 200, body: '<!doctype html><title>Sign in</title>', contentType: 'text/html' }
          : { body },
    })
    const missing = await brokenServer({
      answer: changeAnswer('feestable', (body) => ({
        ...body,
        result: { ...(body.result as object), feeAmount: undefined },
      })),
    })
    try {
      const page = failed(await checkApi({ api: login.api, token, apiKey: API_KEY }))
      expect(page.map((c) => c.name)).toEqual([
        'POST Calculator/FrontCalculateFees (schedule, not saved)',
        'POST Calculator/FrontCalculateFees (save)',
      ])
      expect(page[0]?.detail).toBe('Content-Type "text/html"')
      const field = failed(await checkApi({ api: missing.api, token, apiKey: API_KEY }))
      expect(field).toEqual([
        expect.objectContaining({
          name: 'GET Calculator/feestable/{hash}',
          detail: expect.stringContaining('result.feeAmount'),
        }),
      ])
    } finally {
      await Promise.all([login.close(), missing.close()])
    }
  })

  it('names a server that accepts a bad input, and one without the right token', async () => {
    const lenient = await brokenServer({
      answer: (_path, status, body) => (status === 400 ? { status: 200, body } : { body }),
    })
    try {
      expect(failed(await checkApi({ api: lenient.api, token, apiKey: API_KEY })).map((c) => c.name)).toEqual([
        'a bad input is refused',
      ])
    } finally {
      await lenient.close()
    }
    const noToken = failed(await checkApi({ api: server.api, apiKey: API_KEY }))
    expect(noToken[0]).toMatchObject({
      name: 'POST Calculator/CalculateFeeOptions',
      detail: expect.stringMatching(/^status 401/),
      fix: expect.stringContaining('--token'),
    })
  })

  it('ships as a command in the package: table or JSON out, exit 0 or 1', async () => {
    const cli = 'dist/cli/fees-calculator.js'
    const ok = await run(process.execPath, [
      cli,
      'check-api',
      '--api',
      server.api,
      '--token',
      token,
      '--api-key',
      API_KEY,
      '--origin',
      ALLOWED_ORIGIN,
    ])
    expect(ok.stdout).toContain('all 8 checks passed')
    const broken = await brokenServer({
      answer: changeAnswer('CalculateFeeOptions', (body) => ({ ...body, firstPaymentDate: 'soon' })),
    })
    try {
      const failure = await run(process.execPath, [
        cli,
        'check-api',
        '--api',
        broken.api,
        '--token',
        token,
        '--json',
      ]).then(
        () => null,
        (error: { code: number; stdout: string }) => error,
      )
      expect(failure?.code).toBe(1)
      const report = JSON.parse(failure?.stdout ?? '{}') as { ok: boolean; checks: Check[] }
      expect(report.ok).toBe(false)
      expect(failed(report.checks).map((c) => c.name)).toEqual(['POST Calculator/CalculateFeeOptions'])
    } finally {
      await broken.close()
    }
    expect(formatChecks([{ name: 'x', ok: true, detail: 'fine' }])).toContain('all 1 checks passed')
  })
})
