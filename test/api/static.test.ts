import { jwtVerify } from 'jose'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { nextFirstPaymentDate } from '../../demo/server/demo-pages.ts'
import { JWT_SECRET, startTestServer, type TestServer } from './server.ts'

/**
 * What `npm run demo` serves beside the API, on one port: a stand-in build
 * (so this runs without `npm run build`), the demo pages and the app routes.
 */
let server: TestServer
let bare: TestServer
let dist: string

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'fees-dist-'))
  mkdirSync(join(dist, 'chunks'))
  mkdirSync(join(dist, 'app', 'assets'), { recursive: true })
  writeFileSync(join(dist, 'fees-calculator.js'), 'export const bundle = 1\n')
  writeFileSync(join(dist, 'chunks', 'calendar-abc123.js'), 'export const chunk = 1\n')
  writeFileSync(join(dist, 'app', 'index.html'), '<!doctype html><title>app</title>\n')
  writeFileSync(join(dist, 'app', 'assets', 'index-abc.css'), 'body{}\n')
  writeFileSync(join(dist, 'app', 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>\n')
  writeFileSync(join(dist, 'secret.txt'), 'outside the app folder\n')
  server = await startTestServer({}, { distDir: dist })
  bare = await startTestServer({}, { distDir: join(dist, 'missing') })
})

afterAll(async () => {
  await server.remove()
  await bare.remove()
  rmSync(dist, { recursive: true, force: true })
})

const get = (path: string, target = server) => fetch(`${target.url}${path}`, { redirect: 'manual' })

describe('the built files', () => {
  it('serves the bundle and its chunks to any origin', async () => {
    for (const path of ['/dist/fees-calculator.js', '/dist/chunks/calendar-abc123.js']) {
      const answer = await get(path)
      expect(answer.status).toBe(200)
      expect(answer.headers.get('Content-Type')).toMatch(/^text\/javascript/)
      expect(answer.headers.get('Access-Control-Allow-Origin')).toBe('*')
    }
  })

  it('serves the app at its routes and its assets', async () => {
    for (const path of ['/fees', '/fees/AbCdEf0123456789_-AbCdEf', '/health-check']) {
      const answer = await get(path)
      expect([answer.status, await answer.text()]).toEqual([200, '<!doctype html><title>app</title>\n'])
    }
    expect((await get('/assets/index-abc.css')).headers.get('Content-Type')).toMatch(/^text\/css/)
    expect((await get('/favicon.svg')).status).toBe(200)
  })

  it('redirects / to /fees', async () => {
    const answer = await get('/')
    expect([answer.status, answer.headers.get('Location')]).toEqual([302, '/fees'])
  })

  it('says to run npm run build when the build is missing', async () => {
    for (const path of ['/dist/fees-calculator.js', '/fees', '/assets/index-abc.css']) {
      const answer = await get(path, bare)
      expect(answer.status).toBe(404)
      expect(await answer.text()).toContain('npm run build')
    }
  })

  it('never reads outside its folders', async () => {
    for (const path of [
      '/assets/..%2f..%2fsecret.txt',
      '/assets/%2e%2e/%2e%2e/secret.txt',
      '/dist/..%2f..%2fetc%2fpasswd',
      '/secret.txt',
      '/dist/%00.js',
      '/assets/%E0%A4%A',
    ]) {
      const answer = await get(path)
      expect(answer.status, path).toBe(404)
      expect(await answer.text()).not.toContain('outside the app folder')
    }
  })
})

describe('the demo pages', () => {
  const page = async (path: string) => {
    const answer = await get(path)
    return { status: answer.status, html: await answer.text(), headers: answer.headers }
  }
  const tuitionInputOf = (html: string) =>
    JSON.parse(/tuition-input='([^']*)'/.exec(html)?.[1] ?? 'null') as Record<string, unknown>

  it('portal.html drops the element in with a valid demo token and a future date', async () => {
    const { status, html, headers } = await page('/demo/portal.html')
    expect(status).toBe(200)
    expect(headers.get('Content-Type')).toMatch(/^text\/html/)
    expect(headers.get('Cache-Control')).toBe('no-store')
    expect(html).toContain('<script type="module" src="/dist/fees-calculator.js"></script>')
    expect(html).not.toMatch(/__[A-Z_]+__/)
    const input = tuitionInputOf(html)
    expect(input).toMatchObject({
      currency: 'EUR',
      system: 1,
      financialType: 0,
      language: 'es',
      contractId: 'C-2026-0001',
      finalAmount: 6000,
    })
    expect(input.dateOfPayment).toBe(nextFirstPaymentDate(new Date()))
    expect(String(input.dateOfPayment) > new Date().toISOString().slice(0, 10)).toBe(true)
    const { payload } = await jwtVerify(String(input.token), new TextEncoder().encode(JWT_SECRET), {
      algorithms: ['HS256'],
    })
    expect((payload.exp ?? 0) - Math.floor(Date.now() / 1000)).toBeGreaterThan(10 * 60)
    expect((payload.exp ?? 0) - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(60 * 60)
  })

  it('portal.html takes ?lang, ?system and ?type', async () => {
    const input = tuitionInputOf((await page('/demo/portal.html?lang=EN&system=3&type=1')).html)
    expect(input).toMatchObject({
      language: 'en',
      system: 3,
      financialType: 1,
      amountToRefinance: 6000,
      partialPayment: 1000,
    })
  })

  it('refuses parameters outside their lists', async () => {
    for (const query of ['lang=fr', 'system=9', 'type=2', 'lang=%22%3E%3Cscript%3E']) {
      const { status, html } = await page(`/demo/portal.html?${query}`)
      expect(status, query).toBe(400)
      expect(html).not.toContain('<script>')
    }
  })

  it('crm.html sets the property from script and keeps an event log', async () => {
    const { status, html } = await page('/demo/crm.html?type=1')
    expect(status).toBe(200)
    expect(html).not.toMatch(/__[A-Z_]+__/)
    expect(html).toContain('<ol id="event-log">')
    expect(html).toContain("import '/dist/fees-calculator.js'")
    expect(html).toMatch(/calculator\.tuitionInput = \{/)
    expect(html).toMatch(/financialType: 1,/)
    expect(html).toMatch(/min="12" max="24"/)
    for (const name of ['calculationResultReceivedEvent', 'invalidTuitionEvent', 'feeOptionSelectedEvent'])
      expect(html).toContain(name)
  })

  it('strict-csp.html is served with the strictest policy and has no inline script or style', async () => {
    const { status, html, headers } = await page('/demo/strict-csp.html?lang=en')
    expect(status).toBe(200)
    expect(headers.get('Content-Security-Policy')).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self'; connect-src 'self'",
    )
    expect(html).not.toMatch(/<style|style=|<script>|<script type="module">/)
    expect(tuitionInputOf(html)).toMatchObject({ language: 'en' })
  })
})
