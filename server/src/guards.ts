/**
 * The guards every API request passes before a handler sees it: CORS, the
 * XSRF double-submit check, credentials, and a bounded JSON body.
 */
import type { MiddlewareHandler } from 'hono'
import { getCookie } from 'hono/cookie'
import type { Problem } from '../../src/domain/types.ts'
import { type Authenticator, type AuthOutcome, sameSecret } from './auth.ts'
import { problem, problemResponse } from './problem.ts'
import { type Outcome, parseJson } from './validate.ts'

/** Bodies over 16 KiB get a 413 problem. A tuition payload is well under 1 KiB. */
export const MAX_BODY_BYTES = 16 * 1024
/** Browsers may cache a preflight this long (seconds) before asking again. */
const PREFLIGHT_MAX_AGE_S = 600
/** The headers the widget sends (bearer token, API key, XSRF token, a save's Idempotency-Key, JSON), plus Accept and a host's X-Request-Id. */
const ALLOWED_HEADERS = 'Authorization, X-Api-Key, X-XSRF-TOKEN, Idempotency-Key, Content-Type, Accept, X-Request-Id'
const ALLOWED_METHODS = 'GET, HEAD, POST, OPTIONS'
/** Methods that change nothing, which the XSRF check leaves alone (as the client does). */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
const XSRF_COOKIE = 'XSRF-TOKEN'
const XSRF_HEADER = 'X-XSRF-TOKEN'

/** What the body guard leaves for the handler. */
export interface ApiEnv {
  Variables: { body: unknown }
}

/** What a script of an allowed origin may read of an answer beyond the plain headers. */
const EXPOSED_HEADERS = 'WWW-Authenticate, Retry-After, X-Request-Id'

/** The parts of an answer the hot paths write themselves (Hono's handlers set them on their Response). */
export interface AnswerParts {
  contentType: string
  retryAfter?: string | undefined
  wwwAuthenticate?: string | undefined
}

/**
 * The headers of every API answer, decided in one place for Hono's middleware (answerHeaders) and the hot paths
 * (hot-routes.ts): CORS for the configured origins (credentials cannot be combined with the `*` wildcard), never
 * kept by a shared cache, `Vary: Origin`. A flat list of lower-case names and values in alphabetical order, the
 * order in which a web Response's Headers are written, with the answer's own parts in their places when given.
 * The origins are only asked for when the request has an Origin. Pushed onto `out` (a new list by default).
 */
export function apiAnswerHeaders(
  origin: string | undefined,
  allowedOrigins: () => readonly string[],
  answer?: AnswerParts,
  out: string[] = [],
): string[] {
  const allowance = origin === undefined ? null : corsAllowance(origin, allowedOrigins())
  if (allowance === 'origin') out.push('access-control-allow-credentials', 'true')
  if (allowance !== null)
    out.push(
      'access-control-allow-origin',
      allowance === '*' ? '*' : (origin as string),
      'access-control-expose-headers',
      EXPOSED_HEADERS,
    )
  out.push('cache-control', 'no-store')
  if (answer !== undefined) {
    out.push('content-type', answer.contentType)
    if (answer.retryAfter !== undefined) out.push('retry-after', answer.retryAfter)
  }
  out.push('vary', 'Origin')
  if (answer?.wwwAuthenticate !== undefined) out.push('www-authenticate', answer.wwwAuthenticate)
  return out
}

/**
 * Puts apiAnswerHeaders on every answer of the API: a handler's own Cache-Control stays (the OpenAPI document's
 * `no-cache`), Vary is added to. A preflight from an origin not on the list gets no Access-Control-Allow-*
 * headers, which is how a browser is told no.
 */
export function answerHeaders(allowedOrigins: () => readonly string[]): MiddlewareHandler {
  const decorate = (headers: Headers, origin: string | undefined) => {
    const list = apiAnswerHeaders(origin, allowedOrigins)
    for (let i = 0; i < list.length; i += 2) {
      const name = list[i] as string
      const value = list[i + 1] as string
      if (name === 'vary') headers.append(name, value)
      else if (name !== 'cache-control' || !headers.has(name)) headers.set(name, value)
    }
  }
  return async (c, next) => {
    const origin = c.req.header('Origin')
    if (c.req.method === 'OPTIONS' && c.req.header('Access-Control-Request-Method') !== undefined) {
      const headers = new Headers()
      decorate(headers, origin)
      headers.append('Vary', 'Access-Control-Request-Method, Access-Control-Request-Headers')
      if (headers.has('Access-Control-Allow-Origin')) {
        headers.set('Access-Control-Allow-Methods', ALLOWED_METHODS)
        headers.set('Access-Control-Allow-Headers', ALLOWED_HEADERS)
        headers.set('Access-Control-Max-Age', String(PREFLIGHT_MAX_AGE_S))
      }
      return new Response(null, { status: 204, headers })
    }
    await next()
    decorate(c.res.headers, origin)
  }
}

/** Whether a request from `origin` may read the answer: `*` for any origin, `origin` when listed, null when not. */
export function corsAllowance(origin: string | undefined, origins: readonly string[]): '*' | 'origin' | null {
  if (origin === undefined) return null
  if (origins.includes('*')) return '*'
  return origins.includes(origin) ? 'origin' : null
}

/**
 * The double-submit XSRF check, for requests that the browser's cookies alone
 * could vouch for: a request that carries the XSRF-TOKEN cookie and no
 * credentials of its own (no Authorization, no X-Api-Key) must echo the cookie
 * in X-XSRF-TOKEN on every non-GET request, which another site cannot do. A
 * request with a bearer token or an API key is not forgeable by another site
 * (a form cannot set those headers, and a script elsewhere needs CORS), so it
 * is not asked for the header: the widget sends it only to a relative API root,
 * and a same-origin absolute `api-base` must work all the same.
 */
export function xsrfGuard(): MiddlewareHandler {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next()
    if (c.req.header('Authorization') !== undefined || c.req.header('X-Api-Key') !== undefined) return next()
    const cookie = getCookie(c, XSRF_COOKIE)
    if (cookie === undefined || cookie === '') return next()
    const header = c.req.header(XSRF_HEADER)
    if (header === undefined || !sameSecret(header, cookie)) {
      return problemResponse(
        problem(
          'xsrf_mismatch',
          `A request carrying the ${XSRF_COOKIE} cookie must send the same value in ${XSRF_HEADER}.`,
        ),
      )
    }
    return next()
  }
}

/** Bearer token or X-Api-Key; 401 with a WWW-Authenticate challenge otherwise (RFC 6750). */
export function authGuard(authenticate: Authenticator): MiddlewareHandler {
  return async (c, next) => {
    const outcome = await authenticate({
      authorization: c.req.header('Authorization'),
      apiKey: c.req.header('X-Api-Key'),
    })
    if (outcome.ok) return next()
    const refused = authProblem(outcome)
    return problemResponse(refused.problem, refused.headers)
  }
}

/** The 401 problem of refused credentials and its WWW-Authenticate challenge. */
export function authProblem(outcome: AuthOutcome & { ok: false }): {
  problem: Problem
  headers: Record<string, string>
} {
  const tokenProblem = outcome.code === 'invalid_token' || outcome.code === 'token_expired'
  const challenge = `Bearer realm="fees-calculator"${tokenProblem ? ', error="invalid_token"' : ''}`
  return { problem: problem(outcome.code, outcome.detail), headers: { 'WWW-Authenticate': challenge } }
}

/** Whether a Content-Type names JSON (application/json or application/<anything>+json). */
export function isJsonType(type: string): boolean {
  // The type every client sends, told apart without the pattern that reads all the others.
  return type === 'application/json' || JSON_TYPE.test(type)
}
const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i

/**
 * Reads the body as JSON, at most MAX_BODY_BYTES: a declared Content-Length
 * over the limit is refused before reading, and a body that turns out longer
 * (chunked, or a lying length) is cut off as soon as it passes the limit.
 */
export function jsonBodyGuard(): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const tooLarge = () =>
      problemResponse(problem('payload_too_large', `The body must be at most ${MAX_BODY_BYTES} bytes.`))
    const declared = c.req.header('Content-Length')
    if (declared !== undefined && (!/^\d+$/.test(declared) || Number(declared) > MAX_BODY_BYTES)) return tooLarge()
    if (!isJsonType(c.req.header('Content-Type') ?? '')) {
      return problemResponse(
        problem('unsupported_media_type', 'Send the body as JSON with Content-Type: application/json.'),
      )
    }
    // With a Content-Length, HTTP framing already bounds what can be read, and the adapter's
    // buffered read is many times faster than a web stream; a chunked body is read as a stream and cut off.
    const bytes =
      declared !== undefined
        ? new Uint8Array(await c.req.raw.arrayBuffer())
        : await readAtMost(c.req.raw.body, MAX_BODY_BYTES)
    if (bytes === null || bytes.byteLength > MAX_BODY_BYTES) return tooLarge()
    const parsed = parseJsonBody(bytes)
    if (!parsed.ok) return problemResponse(parsed.problem)
    c.set('body', parsed.value)
    return next()
  }
}

/** One decoder for every request: without `stream`, each decode stands alone. */
const UTF8 = new TextDecoder('utf-8', { fatal: true })

/** A body's bytes as JSON: a 400 malformed_json problem when they are not UTF-8 or not JSON. */
export function parseJsonBody(bytes: Uint8Array): Outcome<unknown> {
  let text: string
  try {
    text = UTF8.decode(bytes)
  } catch {
    return { ok: false, problem: problem('malformed_json', 'The request body is not valid UTF-8.') }
  }
  return parseJson(text)
}

/** The whole stream, or null as soon as it is longer than `limit` bytes. */
async function readAtMost(stream: ReadableStream<Uint8Array> | null, limit: number): Promise<Uint8Array | null> {
  if (stream === null) return new Uint8Array(0)
  const reader = stream.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limit) {
      await reader.cancel().catch(() => undefined)
      return null
    }
    chunks.push(value)
  }
  const bytes = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return bytes
}
