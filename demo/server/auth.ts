/**
 * Credentials: a bearer token is an HS256 JWT with an
 * expiry (embedded mode); the static key travels in X-Api-Key (hash mode).
 */
import { createHash, timingSafeEqual } from 'node:crypto'
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose'
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
}

export type AuthOutcome = { ok: true; via: 'bearer' | 'api-key' } | { ok: false; code: ProblemCode; detail: string }

/**
 * Checks every credential sent: one that is sent and wrong fails the request
 * even when another one is right, so a bad token is never hidden by a key.
 */
export async function authenticate(credentials: Credentials, secrets: AuthSecrets): Promise<AuthOutcome> {
  const { authorization, apiKey } = credentials
  if (authorization === undefined && apiKey === undefined) {
    return { ok: false, code: 'missing_credentials', detail: 'Send Authorization: Bearer <token> or X-Api-Key.' }
  }
  if (apiKey !== undefined && !sameSecret(apiKey, secrets.apiKey)) {
    return { ok: false, code: 'invalid_api_key', detail: 'The X-Api-Key header is not a valid key.' }
  }
  if (authorization !== undefined) {
    const match = /^Bearer +(\S+) *$/i.exec(authorization)
    if (!match?.[1]) return { ok: false, code: 'invalid_token', detail: 'Authorization must be "Bearer <token>".' }
    const verified = await verifyToken(match[1], secrets.jwtSecret)
    if (!verified.ok) return verified
    return { ok: true, via: 'bearer' }
  }
  return { ok: true, via: 'api-key' }
}

async function verifyToken(token: string, secret: string): Promise<AuthOutcome> {
  try {
    await jwtVerify(token, secretKey(secret), {
      algorithms: ['HS256'],
      requiredClaims: ['exp'],
      clockTolerance: CLOCK_TOLERANCE_S,
    })
    return { ok: true, via: 'bearer' }
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) {
      return {
        ok: false,
        code: 'token_expired',
        detail: 'The bearer token has expired: ask the host page for a new one.',
      }
    }
    return { ok: false, code: 'invalid_token', detail: 'The bearer token is not a valid HS256 JWT with an expiry.' }
  }
}

/** Compares secrets in constant time: hashing first makes lengths equal, so even the length does not leak. */
export function sameSecret(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest()
  return timingSafeEqual(digest(given), digest(expected))
}

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
