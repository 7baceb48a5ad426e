/**
 * Credentials: a bearer token is a JWT with an expiry (embedded mode), signed
 * either by the identity provider (RS256/ES256, its keys fetched from its JWKS
 * URL) or, for the demo, with the shared HS256 secret; the static key travels
 * in X-Api-Key (hash mode).
 */
import * as crypto from 'node:crypto'
import { timingSafeEqual } from 'node:crypto'
import { createRemoteJWKSet, type JWTVerifyOptions, errors as joseErrors, jwtVerify, SignJWT } from 'jose'
import type { ProblemCode } from './problem.ts'

/** Tolerated clock difference between the token's issuer and this server. */
const CLOCK_TOLERANCE_S = 5
/** What the demo pages' token stands for: no real user. */
const DEMO_SUBJECT = 'fees-calculator-demo'

export interface Credentials {
  authorization: string | undefined
  apiKey: string | undefined
}

export interface AuthSecrets {
  apiKey: string
  jwtSecret: string
  /** When set, tokens are verified with the identity provider's published keys instead of jwtSecret. */
  jwksUrl?: string | null
  jwtIssuer?: string | null
  jwtAudience?: string | null
  /** The shortest time between two fetches of the key set when a token names an unknown key. */
  jwksCooldownMs?: number
}

/** The asymmetric algorithms an identity provider may sign with; `none` and HS256 are never accepted from it. */
const PROVIDER_ALGORITHMS = ['RS256', 'ES256']
/** How long fetched keys are trusted before they are fetched again, even when every token names a known key. */
const JWKS_MAX_AGE_MS = 10 * 60 * 1000
/** A key set that does not answer in this time fails the request rather than holding it. */
const JWKS_TIMEOUT_MS = 5000

type KeySet = ReturnType<typeof createRemoteJWKSet>
/**
 * One key set per URL and cooldown, shared by every request: jose keeps the
 * fetched keys, fetches again when a token names a key it does not hold (a
 * rotation), but not more often than the cooldown, so tokens with made-up key
 * ids cannot make the server hammer the identity provider.
 */
const keySets = new Map<string, KeySet>()
function keySet(url: string, cooldownMs: number): KeySet {
  const id = `${cooldownMs} ${url}`
  let set = keySets.get(id)
  if (!set) {
    set = createRemoteJWKSet(new URL(url), {
      cooldownDuration: cooldownMs,
      cacheMaxAge: JWKS_MAX_AGE_MS,
      timeoutDuration: JWKS_TIMEOUT_MS,
    })
    keySets.set(id, set)
  }
  return set
}

export type AuthOutcome = { ok: true; via: 'bearer' | 'api-key' } | { ok: false; code: ProblemCode; detail: string }

/**
 * Checks the credentials of a request; one per server, as it remembers the tokens it has verified.
 * An API key or a token it remembers is decided at once; a token it must verify, later.
 */
export type Authenticator = (credentials: Credentials) => AuthOutcome | Promise<AuthOutcome>

/** How long a verified HS256 token is accepted without checking its signature again; never past its expiry. */
const TOKEN_CACHE_MS = 60_000
/** The most verified tokens remembered; the oldest is forgotten first. */
const TOKEN_CACHE_SIZE = 1000

export interface AuthenticatorOptions {
  /** What the authenticator takes as now, in ms since the epoch (tests move it); default Date.now. */
  now?: () => number
  /** The most verified tokens remembered; default TOKEN_CACHE_SIZE. */
  cacheSize?: number
}

/**
 * Checks every credential sent: one that is sent and wrong fails the request
 * even when another one is right, so a bad token is never hidden by a key.
 * An HS256 token that verified is remembered, by its exact text, until it
 * expires or for TOKEN_CACHE_MS, whichever comes first: the same token again
 * skips the HMAC but never the expiry; any other text is verified in full.
 * The secret cannot change while the server runs. An identity provider's
 * tokens are verified every time: a key it withdraws must stop being accepted
 * at once, even for a token already seen.
 */
export function createAuthenticator(secrets: AuthSecrets, options: AuthenticatorOptions = {}): Authenticator {
  const now = options.now ?? Date.now
  const cacheSize = secrets.jwksUrl ? 0 : (options.cacheSize ?? TOKEN_CACHE_SIZE)
  /** Token → the instant (ms) until which it is accepted without verifying it again. */
  const verified = new Map<string, number>()
  const isApiKey = secretMatcher(secrets.apiKey)

  const bearer = (token: string): AuthOutcome | Promise<AuthOutcome> => {
    const at = now()
    const trustedUntil = verified.get(token)
    if (trustedUntil !== undefined) {
      if (at < trustedUntil) return BEARER_ACCEPTED
      verified.delete(token)
    }
    return verify(token, at)
  }

  const verify = async (token: string, at: number): Promise<AuthOutcome> => {
    const outcome = await verifyToken(token, secrets, new Date(at))
    if (!outcome.ok) return outcome
    const until = Math.min(outcome.expiresAt * 1000, at + TOKEN_CACHE_MS)
    if (until > at && cacheSize > 0) {
      if (verified.size >= cacheSize) {
        const oldest = verified.keys().next()
        if (oldest.done !== true) verified.delete(oldest.value)
      }
      verified.set(token, until)
    }
    return BEARER_ACCEPTED
  }

  return ({ authorization, apiKey }) => {
    if (authorization === undefined && apiKey === undefined) {
      return { ok: false, code: 'missing_credentials', detail: 'Send Authorization: Bearer <token> or X-Api-Key.' }
    }
    if (apiKey !== undefined && !isApiKey(apiKey)) {
      return { ok: false, code: 'invalid_api_key', detail: 'The X-Api-Key header is not a valid key.' }
    }
    if (authorization !== undefined) {
      const match = /^Bearer +(\S+) *$/i.exec(authorization)
      if (!match?.[1]) return { ok: false, code: 'invalid_token', detail: 'Authorization must be "Bearer <token>".' }
      return bearer(match[1])
    }
    return API_KEY_ACCEPTED
  }
}

const BEARER_ACCEPTED: AuthOutcome = Object.freeze({ ok: true, via: 'bearer' })
const API_KEY_ACCEPTED: AuthOutcome = Object.freeze({ ok: true, via: 'api-key' })

type Verified = { ok: true; expiresAt: number } | { ok: false; code: ProblemCode; detail: string }

async function verifyToken(token: string, secrets: AuthSecrets, currentDate: Date): Promise<Verified> {
  const options: JWTVerifyOptions = {
    requiredClaims: ['exp'],
    clockTolerance: CLOCK_TOLERANCE_S,
    currentDate,
    ...(secrets.jwtIssuer ? { issuer: secrets.jwtIssuer } : {}),
    ...(secrets.jwtAudience ? { audience: secrets.jwtAudience } : {}),
  }
  const provider = secrets.jwksUrl ?? null
  try {
    const { payload } = provider
      ? await jwtVerify(token, keySet(provider, secrets.jwksCooldownMs ?? 30_000), {
          ...options,
          algorithms: PROVIDER_ALGORITHMS,
        })
      : await jwtVerify(token, secretKey(secrets.jwtSecret), { ...options, algorithms: ['HS256'] })
    // `exp` is a required claim, so jose has checked it is a number.
    return { ok: true, expiresAt: payload.exp as number }
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) {
      return {
        ok: false,
        code: 'token_expired',
        detail: 'The bearer token has expired: ask the host page for a new one.',
      }
    }
    if (error instanceof joseErrors.JWTClaimValidationFailed && (error.claim === 'iss' || error.claim === 'aud')) {
      const expected = error.claim === 'iss' ? secrets.jwtIssuer : secrets.jwtAudience
      return {
        ok: false,
        code: 'invalid_token',
        detail: `The bearer token's "${error.claim}" must be ${JSON.stringify(expected)}.`,
      }
    }
    if (provider && (error instanceof joseErrors.JWKSTimeout || isFetchFailure(error))) {
      // The provider not answering is not the token's fault, but without its keys no token can be trusted.
      return {
        ok: false,
        code: 'invalid_token',
        detail: "The identity provider's keys could not be fetched, so the bearer token cannot be checked: try again.",
      }
    }
    const kind = provider
      ? `an ${PROVIDER_ALGORITHMS.join(' or ')} JWT signed by the identity provider`
      : 'a valid HS256 JWT'
    return { ok: false, code: 'invalid_token', detail: `The bearer token is not ${kind} with an expiry.` }
  }
}

function isFetchFailure(error: unknown): boolean {
  return error instanceof TypeError || (error instanceof joseErrors.JOSEError && error.code === 'ERR_JOSE_GENERIC')
}

/**
 * The smallest buffer secretMatcher compares in: larger than API keys are (a longer key gets a larger
 * buffer, a power of two), so its size says nothing of the key; small, as the whole of it is compared.
 */
const MIN_SECRET_BUFFER_BYTES = 256

/**
 * A constant-time check of sent texts against one secret that does not hash each text: the text's
 * UTF-8 bytes are written into a zeroed buffer of a fixed size (a power of two, at least
 * MIN_SECRET_BUFFER_BYTES and at least the secret's length), the whole buffer is compared with the
 * secret's (zero-padded alike) by timingSafeEqual, and the byte lengths are compared too. The work
 * depends on the sent text and the buffer's size, never on the secret's bytes or exact length; a text
 * longer than the buffer cannot be the secret and is refused on its own length. One buffer serves every
 * check: the check is synchronous.
 */
export function secretMatcher(secret: string): (given: string) => boolean {
  const secretBytes = Buffer.from(secret, 'utf8')
  let size = MIN_SECRET_BUFFER_BYTES
  while (size < secretBytes.length) size *= 2
  const expected = Buffer.alloc(size)
  secretBytes.copy(expected)
  const sent = Buffer.alloc(size)
  return (given) => {
    const length = Buffer.byteLength(given, 'utf8')
    if (length > size) return false
    sent.fill(0)
    sent.write(given, 0, 'utf8')
    const sameBytes = timingSafeEqual(sent, expected)
    return sameBytes && length === secretBytes.length
  }
}

/** Compares secrets in constant time: hashing first makes lengths equal, so even the length does not leak. */
export function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected))
}

/** SHA-256 of a text's UTF-8 bytes, in one call (no Hash object per request). */
const digest = (text: string): Buffer => crypto.hash('sha256', text, 'buffer')

function secretKey(secret: string): Uint8Array {
  return new TextEncoder().encode(secret)
}

/** Mints the HS256 token a host page would get from its backend; the demo pages carry one. */
export async function mintToken(secret: string, ttlSeconds: number, subject = DEMO_SUBJECT): Promise<string> {
  const now = Math.floor(Date.now() / 1000)
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(subject)
    .setIssuedAt(now)
    .setExpirationTime(now + ttlSeconds)
    .sign(secretKey(secret))
}
