/**
 * How the API answers (its headers, CORS, its problems) and the guards a request
 * passes before a handler sees it: the XSRF double-submit check, credentials,
 * and a bounded JSON body.
 */

import {
  API_KEY_HEADER,
  type Problem,
  REQUEST_ID_HEADER,
  WIDGET_REQUEST_HEADERS,
  XSRF_COOKIE,
  XSRF_HEADER,
} from '@fees-calculator/contract'
import type { Context, MiddlewareHandler, Next } from 'hono'
import { getCookie } from 'hono/cookie'
import { type Authenticator, type AuthOutcome, sameSecret } from './auth.ts'
import { PROBLEM_CONTENT_TYPE, problem, problemJson } from './problem.ts'
import { type AppEnv, headerOf, type RequestBindings, requestIdOf } from './request-context.ts'
import { securedResponse } from './security-headers.ts'
import { type Outcome, parseJson } from './validate.ts'

/** Bodies over 16 KiB get a 413 problem. A tuition payload is well under 1 KiB. */
export const MAX_BODY_BYTES = 16 * 1024
/** Browsers may cache a preflight this long (seconds) before asking again. */
const PREFLIGHT_MAX_AGE_S = 600
/** The headers the widget sends, plus a host's X-Request-Id. */
const ALLOWED_HEADERS = [...WIDGET_REQUEST_HEADERS, REQUEST_ID_HEADER].join(', ')
const ALLOWED_METHODS = 'GET, HEAD, POST, OPTIONS'
/** Methods that change nothing, which the XSRF check leaves alone (as the client does). */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
const DIGITS = /^\d+$/
/** The widget's headers as Node names them (headerOf). */
const XSRF = XSRF_HEADER.toLowerCase() as Lowercase<string>
const API_KEY = API_KEY_HEADER.toLowerCase() as Lowercase<string>

/** What a script of an allowed origin may read of an answer beyond the plain headers. */
const EXPOSED_HEADERS = `WWW-Authenticate, Retry-After, ${REQUEST_ID_HEADER}`
/** The API's answers are data, never a page: nothing may load from them, nobody may frame them. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'"

/** How the API answers: every answer, problems included, through these, with the same headers. */
export interface ApiAnswers {
  /** `body` with the API's headers and the handler's own (`Content-Type`, and what else it names). */
  body(
    c: Context,
    status: number,
    body: string | Uint8Array<ArrayBuffer> | null,
    headers: Record<string, string>,
  ): Response
  /** An RFC 9457 problem carrying the request's id; `headers` add e.g. WWW-Authenticate or Retry-After. */
  problem(c: Context, problem: Problem, headers?: Record<string, string>): Response
  /** The answer to a CORS preflight: 204, with the Access-Control-Allow-* headers only for an allowed origin. */
  preflight(c: Context): Response
}

/**
 * The headers of every API answer, decided in one place: CORS for the configured origins (credentials cannot
 * be combined with the `*` wildcard), never kept by a shared cache unless the handler says otherwise,
 * `Vary: Origin`, the API's CSP (instead of the pages' one), after the security headers every answer carries
 * (security-headers.ts). One plain record per answer, which the Node adapter writes out as it is, with no web
 * Headers object built. The origins are only asked for when the request has an Origin.
 */
export function apiAnswers(allowedOrigins: () => readonly string[]): ApiAnswers {
  const headersFor = (c: Context, own: Record<string, string>) => {
    const origin = headerOf(c, 'origin')
    const allowance = origin === undefined ? null : corsAllowance(origin, allowedOrigins())
    const headers: Record<string, string> & { 'Content-Security-Policy': string } = {
      'Content-Security-Policy': API_CSP,
    }
    if (allowance !== null) {
      if (allowance === 'origin') headers['Access-Control-Allow-Credentials'] = 'true'
      headers['Access-Control-Allow-Origin'] = allowance === '*' ? '*' : (origin as string)
      headers['Access-Control-Expose-Headers'] = EXPOSED_HEADERS
    }
    headers['Cache-Control'] = 'no-store'
    Object.assign(headers, own)
    headers.Vary = own.Vary === undefined ? 'Origin' : `${own.Vary}, Origin`
    return headers
  }
  const body: ApiAnswers['body'] = (c, status, text, own) => securedResponse(c, text, status, headersFor(c, own))
  return {
    body,
    problem: (c, details, own = {}) =>
      body(c, details.status, problemJson(details, requestIdOf(c)), { 'Content-Type': PROBLEM_CONTENT_TYPE, ...own }),
    preflight: (c) => {
      const headers = headersFor(c, { Vary: 'Access-Control-Request-Method, Access-Control-Request-Headers' })
      if (headers['Access-Control-Allow-Origin'] !== undefined) {
        headers['Access-Control-Allow-Methods'] = ALLOWED_METHODS
        headers['Access-Control-Allow-Headers'] = ALLOWED_HEADERS
        headers['Access-Control-Max-Age'] = String(PREFLIGHT_MAX_AGE_S)
      }
      return securedResponse(c, null, 204, headers)
    },
  }
}

/** Whether a request from `origin` may read the answer: `*` for any origin, `origin` when listed, null when not. */
export function corsAllowance(origin: string | undefined, origins: readonly string[]): '*' | 'origin' | null {
  if (origin === undefined) return null
  if (origins.includes('*')) return '*'
  return origins.includes(origin) ? 'origin' : null
}

/**
 * The double-submit XSRF check: a request that changes something and sends X-XSRF-TOKEN must send the value of
 * its XSRF-TOKEN cookie there, which a page of another site cannot read. A request that sends no such header is
 * never refused for it, with or without the cookie: the API authenticates with a bearer token or a key, never a
 * cookie, so a cookie alone vouches for nothing (and the widget sends the header only to a relative API root,
 * while a same-origin absolute `api-base`, or an anonymous ERP call, must work all the same). A header sent
 * with no cookie to compare it with is not refused either. A bearer token does not excuse a header that differs.
 */
export function xsrfGuard(answers: ApiAnswers): MiddlewareHandler<AppEnv> {
  return (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next()
    const header = headerOf(c, XSRF)
    if (header === undefined) return next()
    const cookie = getCookie(c, XSRF_COOKIE)
    if (cookie === undefined || sameSecret(header, cookie)) return next()
    const detail = `The ${XSRF_HEADER} header must send the value of the ${XSRF_COOKIE} cookie.`
    return Promise.resolve(answers.problem(c, problem('xsrf_mismatch', detail)))
  }
}

/**
 * A guard of the routes: a middleware that answers at once when it can (a key, a token it remembers, a body the
 * adapter has read), and waits on a promise only when it must.
 */
export type Guard = (c: Context<AppEnv>, next: Next) => Response | Passed | Promise<Response | Awaited<Passed>>
/** What a guard returns when it lets the request on: the rest of the chain's answer. */
type Passed = ReturnType<Next>

/** Bearer token or X-Api-Key; 401 with a WWW-Authenticate challenge otherwise (RFC 6750). */
export function authGuard(authenticate: Authenticator, answers: ApiAnswers): Guard {
  return (c, next) => {
    const decide = (outcome: AuthOutcome): Response | Passed => {
      if (outcome.ok) return next()
      const refused = authProblem(outcome)
      return answers.problem(c, refused.problem, refused.headers)
    }
    const outcome = authenticate({ authorization: headerOf(c, 'authorization'), apiKey: headerOf(c, API_KEY) })
    return outcome instanceof Promise ? outcome.then<Response | Awaited<Passed>>(decide) : decide(outcome)
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
 * Reads the body as JSON, at most MAX_BODY_BYTES: a declared Content-Length over the limit is refused before
 * reading, and a body that turns out longer (chunked) is cut off as soon as it passes the limit. A body the
 * adapter read before the app saw the request is taken as it is.
 */
export function jsonBodyGuard(answers: ApiAnswers): Guard {
  const tooLarge = (c: Context) =>
    answers.problem(c, problem('payload_too_large', `The body must be at most ${MAX_BODY_BYTES} bytes.`))
  return (c, next) => {
    // A body the adapter read was declared within the limit, which it checked.
    const read = (c.env as RequestBindings | undefined)?.body
    const declared = read === undefined ? headerOf(c, 'content-length') : undefined
    if (declared !== undefined && (!DIGITS.test(declared) || Number(declared) > MAX_BODY_BYTES)) return tooLarge(c)
    if (!isJsonType(headerOf(c, 'content-type') ?? '')) {
      return answers.problem(
        c,
        problem('unsupported_media_type', 'Send the body as JSON with Content-Type: application/json.'),
      )
    }
    const use = (bytes: Uint8Array | null): Response | Passed => {
      if (bytes === null || bytes.byteLength > MAX_BODY_BYTES) return tooLarge(c)
      const parsed = parseJsonBody(bytes)
      if (!parsed.ok) return answers.problem(c, parsed.problem)
      c.set('body', parsed.value)
      return next()
    }
    if (read !== undefined) return use(read)
    // With a Content-Length, HTTP framing already bounds what can be read; a chunked body is read as a stream
    // and cut off.
    if (declared !== undefined)
      return c.req.raw.arrayBuffer().then<Response | Awaited<Passed>>((buffer) => use(new Uint8Array(buffer)))
    return readAtMost(c.req.raw.body, MAX_BODY_BYTES).then<Response | Awaited<Passed>>(use)
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
