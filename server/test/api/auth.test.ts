import type { AmortizationTable, Problem } from '@fees-calculator/contract'
import { SignJWT, UnsecuredJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, call, financing, JWT_SECRET, startTestServer, type TestServer } from '../support/api-server.ts'

let server: TestServer
let hash: string
beforeAll(async () => {
  server = await startTestServer()
  const saved = await call<AmortizationTable>(server, 'POST', '/Calculator/FrontCalculateFees', {
    body: financing({ isSavedVersion: true }),
  })
  hash = saved.body.versionHashCode ?? ''
})
afterAll(() => server.remove())

const key = new TextEncoder().encode(JWT_SECRET)
const now = () => Math.floor(Date.now() / 1000)

/** Every endpoint that needs credentials, called with the given headers. */
const PROTECTED = [
  {
    name: 'POST CalculateFeeOptions',
    send: (headers: Record<string, string>) =>
      call<Problem>(server, 'POST', '/Calculator/CalculateFeeOptions', { body: financing(), headers }),
  },
  {
    name: 'POST FrontCalculateFees',
    send: (headers: Record<string, string>) =>
      call<Problem>(server, 'POST', '/Calculator/FrontCalculateFees', { body: financing(), headers }),
  },
  {
    name: 'GET feestable',
    send: (headers: Record<string, string>) =>
      call<Problem>(server, 'GET', '/Calculator/feestable/{versionHashCode}', {
        params: { versionHashCode: hash },
        headers,
      }),
  },
  {
    name: 'GET Version/Number',
    send: (headers: Record<string, string>) =>
      call<Problem>(server, 'GET', '/Version/Number', {
        query: { versionHashCode: hash, contractid: 'C-2026-0001' },
        headers,
      }),
  },
]

interface CredentialCase {
  name: string
  headers: () => Promise<Record<string, string>>
  code: string
}

const REFUSED: CredentialCase[] = [
  { name: 'no credentials', headers: async () => ({ 'X-Api-Key': '' }), code: 'missing_credentials' },
  { name: 'a wrong key', headers: async () => ({ 'X-Api-Key': 'wrong-key' }), code: 'invalid_api_key' },
  {
    name: 'an empty Bearer',
    headers: async () => ({ 'X-Api-Key': '', Authorization: 'Bearer' }),
    code: 'invalid_token',
  },
  {
    name: 'another scheme',
    headers: async () => ({ 'X-Api-Key': '', Authorization: 'Basic dXNlcjpwYXNz' }),
    code: 'invalid_token',
  },
  {
    name: 'a token that is not a JWT',
    headers: async () => ({ 'X-Api-Key': '', Authorization: 'Bearer not.a.jwt' }),
    code: 'invalid_token',
  },
  {
    name: 'an expired token',
    headers: async () => ({ 'X-Api-Key': '', Authorization: await bearer(-60) }),
    code: 'token_expired',
  },
  {
    name: 'a token signed with another secret (forged)',
    headers: async () => ({
      'X-Api-Key': '',
      Authorization: await bearer(600, 'another-secret-another-secret-another-secret'),
    }),
    code: 'invalid_token',
  },
  {
    name: 'an unsigned token (alg none)',
    headers: async () => ({
      'X-Api-Key': '',
      Authorization: `Bearer ${new UnsecuredJWT({}).setExpirationTime(now() + 600).encode()}`,
    }),
    code: 'invalid_token',
  },
  {
    name: 'a token with another algorithm (HS512)',
    headers: async () => ({
      'X-Api-Key': '',
      Authorization: `Bearer ${await new SignJWT({})
        .setProtectedHeader({ alg: 'HS512' })
        .setExpirationTime(now() + 600)
        .sign(key)}`,
    }),
    code: 'invalid_token',
  },
  {
    name: 'a token without an expiry',
    headers: async () => ({
      'X-Api-Key': '',
      Authorization: `Bearer ${await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).sign(key)}`,
    }),
    code: 'invalid_token',
  },
  {
    name: 'a bad token beside a good key',
    headers: async () => ({ Authorization: 'Bearer not.a.jwt' }),
    code: 'invalid_token',
  },
  {
    name: 'a wrong key beside a good token',
    headers: async () => ({ 'X-Api-Key': 'wrong-key', Authorization: await bearer() }),
    code: 'invalid_api_key',
  },
]

describe.each(PROTECTED)('$name', ({ send }) => {
  it.each(REFUSED)('answers 401 for $name', async ({ headers, code }) => {
    const answer = await send(await headers())
    expect(answer.status).toBe(401)
    expect(answer.body.code).toBe(code)
    expect(answer.headers.get('WWW-Authenticate')).toMatch(/^Bearer realm="fees-calculator"/)
  })

  it('accepts the key, a bearer token, or a lower-case scheme', async () => {
    expect((await send({})).status).toBe(200)
    expect((await send({ 'X-Api-Key': '', Authorization: await bearer() })).status).toBe(200)
    expect((await send({ 'X-Api-Key': '', Authorization: (await bearer()).replace('Bearer', 'bearer') })).status).toBe(
      200,
    )
  })
})

it('tells a client with a bad token that the token is the problem (RFC 6750)', async () => {
  const answer = await call(server, 'POST', '/Calculator/CalculateFeeOptions', {
    body: financing(),
    headers: { 'X-Api-Key': '', Authorization: await bearer(-60) },
  })
  expect(answer.headers.get('WWW-Authenticate')).toBe('Bearer realm="fees-calculator", error="invalid_token"')
})
