/**
 * The guards every API request passes before a handler sees it: CORS, the
 * XSRF double-submit check, credentials, and a bounded JSON body.
 */
import type { MiddlewareHandler } from 'hono'
import { getCookie } from 'hono/cookie'
import { authenticate, sameSecret, type AuthSecrets } from './auth.ts'
import { problem, problemResponse } from './problem.ts'
import { parseJson } from './validate.ts'

/** Bodies over 16 KiB get a 413 problem. A tuition payload is well under 1 KiB. */
export const MAX_BODY_BYTES = 16 * 1024
/** Browsers may cache a preflight this long (seconds) before asking again. */
const PREFLIGHT_MAX_AGE_S = 600
/** The headers the widget sends (bearer token, API key, XSRF token, JSON), plus Accept. */
const ALLOWED_HEADERS = 'Authorization, X-Api-Key, X-XSRF-TOKEN, Content-Type, Accept'
const ALLOWED_METHODS = 'GET, HEAD, POST, OPTIONS'
/** Methods that change nothing, which the XSRF check leaves alone (as the client does). */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
const XSRF_COOKIE = 'XSRF-TOKEN'
const XSRF_HEADER = 'X-XSRF-TOKEN'

/** What the body guard leaves for the handler. */
export interface ApiEnv {
  Variables: { body: unknown }
}

/**
 * CORS for the configured origins. A preflight from an origin not on the list
 * gets no Access-Control-Allow-* headers, which is how a browser is told no.
 */
export function corsGuard(allowedOrigins: () => readonly string[]): MiddlewareHandler {
  return async (c, next) => {
    const origin = c.req.header('Origin')
    const origins = allowedOrigins()
    const anyOrigin = origins.includes('*')
    const allowed = origin !== undefined && (anyOrigin || origins.includes(origin))
    const decorate = (headers: Headers) => {
      headers.append('Vary', 'Origin')
      if (!allowed) return
      headers.set('Access-Control-Allow-Origin', anyOrigin ? '*' : origin)
      // Credentials (cookies for the XSRF check) cannot be combined with the `*` wildcard.
      if (!anyOrigin) headers.set('Access-Control-Allow-Credentials', 'true')
      headers.set('Access-Control-Expose-Headers', 'WWW-Authenticate, Retry-After')
    }

    if (c.req.method === 'OPTIONS' && c.req.header('Access-Control-Request-Method') !== undefined) {
      const headers = new Headers()
      decorate(headers)
      headers.append('Vary', 'Access-Control-Request-Method, Access-Control-Request-Headers')
      if (allowed) {
        headers.set('Access-Control-Allow-Methods', ALLOWED_METHODS)
        headers.set('Access-Control-Allow-Headers', ALLOWED_HEADERS)
        headers.set('Access-Control-Max-Age', String(PREFLIGHT_MAX_AGE_S))
      }
      return new Response(null, { status: 204, headers })
    }
    await next()
    decorate(c.res.headers)
  }
}

/**
 * The double-submit XSRF check: a page that has the XSRF-TOKEN cookie must echo
 * it in X-XSRF-TOKEN on every non-GET request, which another site cannot do.
 */
export function xsrfGuard(): MiddlewareHandler {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next()
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
export function authGuard(secrets: AuthSecrets): MiddlewareHandler {
  return async (c, next) => {
    const outcome = await authenticate(
      { authorization: c.req.header('Authorization'), apiKey: c.req.header('X-Api-Key') },
      secrets,
    )
    if (outcome.ok) return next()
    const tokenProblem = outcome.code === 'invalid_token' || outcome.code === 'token_expired'
    const challenge = `Bearer realm="fees-calculator"${tokenProblem ? ', error="invalid_token"' : ''}`
    return problemResponse(problem(outcome.code, outcome.detail), { 'WWW-Authenticate': challenge })
  }
}

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
    const type = c.req.header('Content-Type') ?? ''
    if (!/^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i.test(type)) {
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
    let text: string
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    } catch {
      return problemResponse(problem('malformed_json', 'The request body is not valid UTF-8.'))
    }
    const parsed = parseJson(text)
    if (!parsed.ok) return problemResponse(parsed.problem)
    c.set('body', parsed.value)
    return next()
  }
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
