import fc from 'fast-check'
import { SignJWT } from 'jose'
import { describe, expect, it } from 'vitest'
import { type AuthSecrets, createAuthenticator, mintToken, secretMatcher } from './auth.ts'

const SECRETS: AuthSecrets = { apiKey: 'unit-api-key', jwtSecret: 'auth-unit-tests-secret-0123456789abcdef' }
const bearer = (token: string) => ({ authorization: `Bearer ${token}`, apiKey: undefined })

/** An authenticator whose clock the test moves, starting at the real now (tokens are minted with it). */
function withClock(options: { cacheSize?: number } = {}) {
  const clock = { now: Date.now() }
  return { clock, authenticate: createAuthenticator(SECRETS, { now: () => clock.now, ...options }) }
}

describe('createAuthenticator: remembering verified bearer tokens', () => {
  it('accepts the same token again while it is valid', async () => {
    const { clock, authenticate } = withClock()
    const token = await mintToken(SECRETS.jwtSecret, 600)
    expect(await authenticate(bearer(token))).toEqual({ ok: true, via: 'bearer' })
    clock.now += 30_000
    expect(await authenticate(bearer(token))).toEqual({ ok: true, via: 'bearer' })
  })

  it('refuses a remembered token once it has expired', async () => {
    const { clock, authenticate } = withClock()
    const token = await mintToken(SECRETS.jwtSecret, 60)
    expect((await authenticate(bearer(token))).ok).toBe(true)
    // Past the expiry and the clock tolerance: the remembered verification does not outlive the token.
    clock.now += 120_000
    expect(await authenticate(bearer(token))).toMatchObject({ ok: false, code: 'token_expired' })
  })

  it('verifies in full every other token, even next to a remembered one', async () => {
    const { authenticate } = withClock()
    const token = await mintToken(SECRETS.jwtSecret, 600)
    expect((await authenticate(bearer(token))).ok).toBe(true)
    const forged = await mintToken('another-secret-that-is-long-enough-0123', 600)
    expect(await authenticate(bearer(forged))).toMatchObject({ ok: false, code: 'invalid_token' })
    // The same claims with the first character of the signature changed (the last one may only carry padding bits).
    const signatureStart = token.lastIndexOf('.') + 1
    const changed = token[signatureStart] === 'A' ? 'B' : 'A'
    const tampered = `${token.slice(0, signatureStart)}${changed}${token.slice(signatureStart + 1)}`
    expect(await authenticate(bearer(tampered))).toMatchObject({
      ok: false,
      code: 'invalid_token',
    })
    const noExpiry = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode(SECRETS.jwtSecret))
    expect(await authenticate(bearer(noExpiry))).toMatchObject({ ok: false, code: 'invalid_token' })
  })

  it('still checks the API key sent next to a remembered token', async () => {
    const { authenticate } = withClock()
    const token = await mintToken(SECRETS.jwtSecret, 600)
    expect((await authenticate(bearer(token))).ok).toBe(true)
    expect(await authenticate({ authorization: `Bearer ${token}`, apiKey: 'wrong' })).toMatchObject({
      ok: false,
      code: 'invalid_api_key',
    })
    expect(await authenticate({ authorization: undefined, apiKey: SECRETS.apiKey })).toEqual({
      ok: true,
      via: 'api-key',
    })
  })

  it('keeps answering right when more tokens arrive than it remembers', async () => {
    const { clock, authenticate } = withClock({ cacheSize: 2 })
    const tokens = await Promise.all([600, 601, 602, 603].map((ttl) => mintToken(SECRETS.jwtSecret, ttl)))
    for (const token of tokens) expect((await authenticate(bearer(token))).ok).toBe(true)
    for (const token of tokens) expect((await authenticate(bearer(token))).ok).toBe(true)
    clock.now += 3_600_000
    for (const token of tokens) expect(await authenticate(bearer(token))).toMatchObject({ code: 'token_expired' })
  })
})

describe('secretMatcher: the API key check', () => {
  it('accepts exactly the secret: not a prefix, an extension, a padded copy nor a near miss', () => {
    const isKey = secretMatcher('unit-api-key')
    expect(isKey('unit-api-key')).toBe(true)
    for (const other of [
      '',
      'unit-api-ke',
      'unit-api-key ',
      'unit-api-key\0',
      'Unit-api-key',
      'unit-api-kez',
      'x'.repeat(5000),
    ]) {
      expect(isKey(other)).toBe(false)
    }
    // The check keeps no state from one text to the next.
    expect(isKey('unit-api-key')).toBe(true)
  })

  it('is string equality for any texts, secrets longer than the buffer included', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ unit: 'grapheme', maxLength: 40 }), fc.string({ minLength: 1000, maxLength: 3000 })),
        fc.oneof(fc.string({ unit: 'grapheme', maxLength: 40 }), fc.string({ maxLength: 3000 })),
        (secret, given) => {
          const isSecret = secretMatcher(secret)
          expect(isSecret(given)).toBe(given === secret)
          expect(isSecret(secret)).toBe(true)
        },
      ),
      { numRuns: 500, seed: 20261123 },
    )
  })
})
