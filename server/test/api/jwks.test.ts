/**
 * Bearer tokens from the university's identity provider: the server fetches
 * the provider's public keys from FEES_JWKS_URL (a real HTTP server here,
 * which the test controls) and checks issuer and audience when configured.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Problem } from '@fees-calculator/contract'
import { exportJWK, generateKeyPair, type JWK, SignJWT, UnsecuredJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, call, financing, startTestServer, type TestServer } from '../support/api-server.ts'

const ISSUER = 'https://idp.university.example'
const AUDIENCE = 'fees-calculator'

interface SigningKey {
  kid: string
  alg: 'RS256' | 'ES256'
  privateKey: CryptoKey
  jwk: JWK
}

async function signingKey(kid: string, alg: 'RS256' | 'ES256'): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true })
  return { kid, alg, privateKey, jwk: { ...(await exportJWK(publicKey)), kid, alg, use: 'sig' } }
}

/** The identity provider's key endpoint: publishes whatever keys the test puts in `published`, and counts fetches. */
let published: SigningKey[] = []
let fetches = 0
let jwks: Server
let jwksUrl: string
let server: TestServer
let rsa: SigningKey
let ec: SigningKey

beforeAll(async () => {
  rsa = await signingKey('rsa-1', 'RS256')
  ec = await signingKey('ec-1', 'ES256')
  published = [rsa, ec]
  jwks = createServer((_request, response) => {
    fetches += 1
    response.writeHead(200, { 'Content-Type': 'application/json' })
    response.end(JSON.stringify({ keys: published.map((key) => key.jwk) }))
  })
  await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve))
  jwksUrl = `http://127.0.0.1:${(jwks.address() as AddressInfo).port}/.well-known/jwks.json`
  server = await startTestServer({
    FEES_JWKS_URL: jwksUrl,
    FEES_JWT_ISSUER: ISSUER,
    FEES_JWT_AUDIENCE: AUDIENCE,
    // A rotation is picked up on the first token signed with the new key, without waiting for a cooldown.
    FEES_JWKS_COOLDOWN_S: '0',
  })
})
afterAll(async () => {
  await server?.remove()
  await new Promise((resolve) => jwks?.close(resolve))
})

const now = () => Math.floor(Date.now() / 1000)

async function token(key: SigningKey, claims: { iss?: string; aud?: string; exp?: number } = {}): Promise<string> {
  const jwt = new SignJWT({})
    .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: 'JWT' })
    .setSubject('student-42')
    .setIssuedAt()
    .setIssuer(claims.iss ?? ISSUER)
    .setAudience(claims.aud ?? AUDIENCE)
    .setExpirationTime(claims.exp ?? now() + 600)
  return `Bearer ${await jwt.sign(key.privateKey)}`
}

const send = (authorization: string) =>
  call<Problem>(server, 'POST', '/Calculator/CalculateFeeOptions', {
    body: financing(),
    headers: { 'X-Api-Key': '', Authorization: authorization },
  })

describe('bearer tokens signed by the identity provider (FEES_JWKS_URL)', () => {
  it('accepts RS256 and ES256 tokens with the right issuer and audience', async () => {
    expect((await send(await token(rsa))).status).toBe(200)
    expect((await send(await token(ec))).status).toBe(200)
  })

  it('keeps the fetched keys: many tokens with known keys do not fetch them again', async () => {
    await send(await token(rsa))
    const before = fetches
    for (let i = 0; i < 5; i++) expect((await send(await token(i % 2 ? rsa : ec))).status).toBe(200)
    expect(fetches).toBe(before)
  })

  it('picks up a rotated key, and refuses tokens signed with the key taken out', async () => {
    const rotated = await signingKey('rsa-2', 'RS256')
    published = [rotated, ec]
    expect((await send(await token(rotated))).status).toBe(200)
    // The old key is still in the server's cache until it fetches again; a token naming an unknown key makes it fetch.
    const stranger = await signingKey('rsa-3', 'RS256')
    const refused = await send(await token(stranger))
    expect(refused.status).toBe(401)
    expect(refused.body.code).toBe('invalid_token')
    expect((await send(await token(rsa))).status).toBe(401)
  })

  it('refuses a token from another issuer or for another audience, saying which claim is wrong', async () => {
    const wrongIssuer = await send(await token(ec, { iss: 'https://evil.example' }))
    expect(wrongIssuer.status).toBe(401)
    expect(wrongIssuer.body).toMatchObject({ code: 'invalid_token' })
    expect(wrongIssuer.body.detail).toContain('"iss"')
    expect(wrongIssuer.headers.get('WWW-Authenticate')).toContain('error="invalid_token"')
    const wrongAudience = await send(await token(ec, { aud: 'another-app' }))
    expect(wrongAudience.status).toBe(401)
    expect(wrongAudience.body.detail).toContain('"aud"')
  })

  it('refuses an expired token with token_expired', async () => {
    const expired = await send(await token(ec, { exp: now() - 60 }))
    expect(expired.status).toBe(401)
    expect(expired.body.code).toBe('token_expired')
  })

  it('refuses an unsigned token (alg: none) and a token made with the demo HS256 secret', async () => {
    const unsigned = new UnsecuredJWT({})
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setExpirationTime(now() + 600)
    const none = await send(`Bearer ${unsigned.encode()}`)
    expect(none.status).toBe(401)
    expect(none.body.code).toBe('invalid_token')
    expect((await send(await bearer())).status).toBe(401)
  })

  it('refuses, with a clear problem, when the key endpoint cannot be reached', async () => {
    const offline = await startTestServer({ FEES_JWKS_URL: 'http://127.0.0.1:9/jwks.json' })
    try {
      const answer = await call<Problem>(offline, 'POST', '/Calculator/CalculateFeeOptions', {
        body: financing(),
        headers: { 'X-Api-Key': '', Authorization: await token(ec) },
      })
      expect(answer.status).toBe(401)
      expect(answer.body.detail).toContain("identity provider's keys could not be fetched")
    } finally {
      await offline.remove()
    }
  })
})
