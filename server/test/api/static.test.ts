import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { jwtVerify } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { nextFirstPaymentDate } from '../../src/demo-pages.ts'
import { precompress } from '../../tools/precompress.ts'
import { JWT_SECRET, startTestServer, type TestServer } from '../support/api-server.ts'
import { OPENAPI_PATH } from '../support/openapi.ts'

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

interface RawAnswer {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: Buffer
}

/** A GET whose bytes arrive as sent: fetch would decompress them and choose Accept-Encoding itself. */
function raw(path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(`${server.url}${path}`, { headers }, (answer) => {
      const parts: Buffer[] = []
      answer.on('data', (part: Buffer) => parts.push(part))
      answer.on('end', () =>
        resolve({ status: answer.statusCode ?? 0, headers: answer.headers, body: Buffer.concat(parts) }),
      )
      answer.on('error', reject)
    })
    outgoing.on('error', reject)
    outgoing.end()
  })
}

describe('the built files as a CDN serves them', () => {
  const script = `export const text = ${JSON.stringify('la cuota mensual '.repeat(200))}\n`
  const entry = `${script}// entry\n`
  beforeAll(() => {
    writeFileSync(join(dist, 'chunks', 'schedule-Zx81Kq_a.js'), script)
    writeFileSync(join(dist, 'standalone-entry.js'), entry)
    const totals = precompress(dist)
    expect(totals.files).toBeGreaterThanOrEqual(2)
  })

  it('sends the brotli copy to a browser that takes brotli, gzip to one that takes only gzip', async () => {
    const br = await raw('/dist/chunks/schedule-Zx81Kq_a.js', { 'Accept-Encoding': 'gzip, deflate, br' })
    expect([br.status, br.headers['content-encoding'], br.headers.vary]).toEqual([200, 'br', 'Accept-Encoding'])
    expect(br.body.length).toBeLessThan(script.length / 4)
    expect(brotliDecompressSync(br.body).toString()).toBe(script)

    const gzip = await raw('/dist/chunks/schedule-Zx81Kq_a.js', { 'Accept-Encoding': 'gzip' })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzip.body).toString()).toBe(script)
  })

  it('sends the plain file when no encoding is accepted, or brotli is refused with q=0', async () => {
    const plain = await raw('/dist/chunks/schedule-Zx81Kq_a.js')
    expect([plain.headers['content-encoding'], plain.body.toString()]).toEqual([undefined, script])
    expect(plain.headers.vary).toBe('Accept-Encoding')
    const noBrotli = await raw('/dist/chunks/schedule-Zx81Kq_a.js', { 'Accept-Encoding': 'br;q=0, gzip' })
    expect(noBrotli.headers['content-encoding']).toBe('gzip')
  })

  it('lets caches keep hashed chunks and assets for a year, and makes them revalidate the entry and pages', async () => {
    for (const path of ['/dist/chunks/schedule-Zx81Kq_a.js', '/assets/index-abc.css']) {
      expect((await raw(path)).headers['cache-control']).toBe('public, max-age=31536000, immutable')
    }
    for (const path of ['/dist/standalone-entry.js', '/dist/fees-calculator.js', '/fees', '/favicon.svg']) {
      const answer = await raw(path)
      expect(answer.headers['cache-control']).toBe('no-cache')
      expect(answer.headers.etag).toMatch(/^"[^"]+"$/)
    }
  })

  it('answers 304 without a body while the entry is unchanged, and the new bytes once a build changes it', async () => {
    const path = '/dist/standalone-entry.js'
    const first = await raw(path, { 'Accept-Encoding': 'br' })
    const etag = String(first.headers.etag)
    const again = await raw(path, { 'Accept-Encoding': 'br', 'If-None-Match': etag })
    expect([again.status, again.body.length, again.headers.etag]).toEqual([304, 0, etag])
    // Another encoding is other bytes: its tag differs, so a cache never mixes them.
    const gzip = await raw(path, { 'Accept-Encoding': 'gzip', 'If-None-Match': etag })
    expect(gzip.status).toBe(200)

    const rebuilt = `${entry}// rebuilt\n`
    writeFileSync(join(dist, 'standalone-entry.js'), rebuilt)
    rmSync(join(dist, 'standalone-entry.js.br'))
    rmSync(join(dist, 'standalone-entry.js.gz'))
    const later = new Date(Date.now() + 60_000)
    utimesSync(join(dist, 'standalone-entry.js'), later, later)
    const changed = await raw(path, { 'If-None-Match': etag })
    expect([changed.status, changed.body.toString()]).toEqual([200, rebuilt])
    expect(changed.headers.etag).not.toBe(etag)
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

  it('sends each page compressed as it is made (brotli, else gzip, else plain), the same page every way', async () => {
    for (const path of ['/demo/portal.html', '/demo/crm.html?lang=en', '/demo/strict-csp.html']) {
      const plain = await raw(path)
      expect([plain.status, plain.headers['content-encoding'], plain.headers.vary], path).toEqual([
        200,
        undefined,
        'Accept-Encoding',
      ])
      const html = plain.body.toString()
      expect(html, path).toContain('<fees-calculator')

      const br = await raw(path, { 'Accept-Encoding': 'gzip, deflate, br' })
      expect([br.status, br.headers['content-encoding'], br.headers.vary, br.headers['cache-control']], path).toEqual([
        200,
        'br',
        'Accept-Encoding',
        'no-store',
      ])
      expect(br.headers['content-type'], path).toMatch(/^text\/html/)
      expect(br.body.length, path).toBeLessThan(html.length * 0.6)
      expect(brotliDecompressSync(br.body).toString(), path).toBe(html)

      const gzip = await raw(path, { 'Accept-Encoding': 'br;q=0, gzip' })
      expect(gzip.headers['content-encoding'], path).toBe('gzip')
      expect(gunzipSync(gzip.body).toString(), path).toBe(html)
    }
    const strict = await raw('/demo/strict-csp.html', { 'Accept-Encoding': 'br' })
    expect(strict.headers['content-security-policy']).toContain("script-src 'self'")
  })

  it('strict-csp.html is served with the strictest policy and has no inline script or style', async () => {
    const { status, html, headers } = await page('/demo/strict-csp.html?lang=en')
    expect(status).toBe(200)
    expect(headers.get('Content-Security-Policy')).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'self'",
    )
    expect(html).not.toMatch(/<style|style=|<script>|<script type="module">/)
    expect(tuitionInputOf(html)).toMatchObject({ language: 'en' })
  })
})

describe('the OpenAPI document', () => {
  const PATH = '/api/v1/openapi.json'
  // The document as the server holds it: the contract's file, compiled in without its indentation.
  const document = JSON.stringify(JSON.parse(readFileSync(OPENAPI_PATH, 'utf8')))

  it('is sent in brotli, gzip or plain by Accept-Encoding, the same document every way', async () => {
    const plain = await raw(PATH)
    expect([plain.status, plain.headers['content-encoding']]).toEqual([200, undefined])
    // The API's CORS guard adds Origin to the list.
    expect(String(plain.headers.vary).split(/,\s*/)).toEqual(expect.arrayContaining(['Accept-Encoding', 'Origin']))
    expect(plain.body.toString()).toBe(document)
    const br = await raw(PATH, { 'Accept-Encoding': 'gzip, deflate, br' })
    expect([br.headers['content-encoding'], br.headers['content-type']]).toEqual(['br', 'application/json'])
    expect(br.body.length).toBeLessThan(document.length / 4)
    expect(brotliDecompressSync(br.body).toString()).toBe(document)
    const gzip = await raw(PATH, { 'Accept-Encoding': 'gzip' })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzip.body).toString()).toBe(document)
  })

  it('is revalidated by its ETag: 304 without a body for the copy the browser has, its bytes for another encoding', async () => {
    const first = await raw(PATH, { 'Accept-Encoding': 'br' })
    const etag = String(first.headers.etag)
    expect(first.headers['cache-control']).toBe('no-cache')
    const again = await raw(PATH, { 'Accept-Encoding': 'br', 'If-None-Match': etag })
    expect([again.status, again.body.length, again.headers.etag]).toEqual([304, 0, etag])
    const plain = await raw(PATH, { 'If-None-Match': etag })
    expect(plain.status).toBe(200)
    expect(plain.headers.etag).not.toBe(etag)
    expect(plain.body.toString()).toBe(document)
  })
})
