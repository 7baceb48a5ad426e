/**
 * RenderFeeOptions and its Anonymous variant: the element's HTML, with the card and the figures the widget gets, for a
 * portal that includes it as it is; the credentials, the problems and the settings of the query, every answer checked
 * against openapi.json. They run the widget's server renderer as the build ships it (dist/server.js).
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { FeesTableResult } from '@fees-calculator/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, call, financing, refinancing, startTestServer, type TestServer } from '../support/api-server.ts'

const RENDER = '/Calculator/RenderFeeOptions'
const RENDER_ANONYMOUS = '/Calculator/RenderFeeOptionsAnonymous'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
  if (!existsSync(join(server.config.distDir, 'server.js')))
    throw new Error('RenderFeeOptions runs the built renderer: run `npm run build` first (`npm test` does).')
})
afterAll(() => server.remove())

/** The figures a card shows: its `data-figure` texts, by name. */
function figuresOf(html: string): Record<string, string> {
  return Object.fromEntries(
    [...html.matchAll(/data-figure="(\w+)"[^>]*>([^<]*)</g)].map(([, name = '', text = '']) => [name, text]),
  )
}

describe('POST /Calculator/RenderFeeOptions', () => {
  it('answers the element with its card and the figures of CalculateFeeOptions, as text/html in UTF-8', async () => {
    const body = financing({ numberOfFees: 18 })
    const table = await call<FeesTableResult>(server, 'POST', '/Calculator/CalculateFeeOptions', { body })
    const answer = await call<string>(server, 'POST', RENDER, { body })
    expect(answer.status).toBe(200)
    expect(answer.headers.get('Content-Type')).toBe('text/html; charset=utf-8')
    expect(answer.body).toMatch(/^<fees-calculator tuition-input="[^"]+"><template shadowrootmode="open">/)
    expect(answer.body).toContain(
      '<fieldset data-fc-rendered disabled aria-busy="true"><div class="fc" part="base" lang="es"',
    )
    expect(answer.body).toContain('Grado en Ingeniería Informática')
    const fee = new Intl.NumberFormat('es-ES', { style: 'currency', currency: 'EUR' }).format(table.body.feeAmount)
    expect(figuresOf(answer.body).feeAmount).toBe(fee)
    // The API's own headers: never cached, nothing may load from it.
    expect(answer.headers.get('Cache-Control')).toBe('no-store')
  })

  it('takes a bearer token or the API key, and writes neither into the HTML', async () => {
    const token = await bearer()
    const withToken = await call<string>(server, 'POST', RENDER, {
      body: financing(),
      headers: { 'X-Api-Key': '', Authorization: token },
    })
    const withKey = await call<string>(server, 'POST', RENDER, { body: financing() })
    for (const answer of [withToken, withKey]) {
      expect(answer.status).toBe(200)
      expect(answer.body).toContain('shadowrootmode')
      expect(answer.body).not.toContain(token.slice('Bearer '.length))
      expect(answer.body).not.toContain('test-api-key')
    }
    // A token in the body goes no further than the request.
    const inBody = await call<string>(server, 'POST', RENDER, { body: financing({ token: 'body-token-123456' }) })
    expect(inBody.body).not.toContain('body-token-123456')
  })

  it('refuses a caller without credentials, or with a bad token, as CalculateFeeOptions does', async () => {
    const none = await call(server, 'POST', RENDER, { body: financing(), headers: { 'X-Api-Key': '' } })
    expect(none.body).toMatchObject({ status: 401, code: 'missing_credentials' })
    expect(none.headers.get('Content-Type')).toMatch(/^application\/problem\+json/)
    const bad = await call(server, 'POST', RENDER, {
      body: financing(),
      headers: { 'X-Api-Key': '', Authorization: 'Bearer not-a-token' },
    })
    expect(bad.body).toMatchObject({ status: 401, code: 'invalid_token' })
  })

  it('answers bad input with the problem a calculation of it gets', async () => {
    const post = (body: unknown) => call(server, 'POST', RENDER, { body })
    expect((await post('{"currency": "EUR",')).body).toMatchObject({ status: 400, code: 'malformed_json' })
    expect((await post(financing({ numberOfFees: 'twelve' }))).body).toMatchObject({
      status: 400,
      code: 'validation_failed',
      errors: [{ field: 'numberOfFees' }],
    })
    expect((await post(financing({ numberOfFees: 99 }))).body).toMatchObject({
      status: 422,
      code: 'fee_count_out_of_range',
    })
    expect((await post(refinancing({ partialPayment: 7000 }))).body).toMatchObject({
      status: 422,
      code: 'partial_payment_exceeds_amount',
    })
  })

  it('sets the element up from its query, as its attributes would, and refuses what it does not know', async () => {
    const answer = await call<string>(server, 'POST', RENDER, {
      body: financing({ language: 'eu' }),
      query: { 'show-header': 'false', 'color-scheme': 'dark', lang: 'eu-ES', 'api-base': '/api/v1' },
    })
    expect(answer.body).toMatch(
      /^<fees-calculator lang="eu-ES" tuition-input="[^"]+" show-header="false" api-base="\/api\/v1" color-scheme="dark">/,
    )
    expect(answer.body).toContain('data-color-scheme="dark"')
    expect(answer.body).not.toContain('class="fc-header"')
    const refused = await call(server, 'POST', RENDER, {
      body: financing(),
      query: { 'show-header': 'no', 'color-scheme': 'blue', 'api-base': 'javascript:alert(1)', token: 'x' },
    })
    expect(refused.body).toMatchObject({ status: 400, code: 'validation_failed' })
    expect((refused.body as { errors: { field: string }[] }).errors.map((error) => error.field)).toEqual([
      'show-header',
      'color-scheme',
      'api-base',
      'token',
    ])
  })
})

describe('POST /Calculator/RenderFeeOptionsAnonymous', () => {
  it('renders without credentials for systems 3 and 7, and refuses any other', async () => {
    const erp = await call<string>(server, 'POST', RENDER_ANONYMOUS, {
      body: financing({ system: 7 }),
      headers: { 'X-Api-Key': '' },
    })
    expect(erp.status).toBe(200)
    expect(figuresOf(erp.body).feeAmount).toMatch(/\d/)
    const other = await call(server, 'POST', RENDER_ANONYMOUS, { body: financing({ system: 1 }) })
    expect(other.body).toMatchObject({ status: 403, code: 'system_not_allowed' })
  })
})
