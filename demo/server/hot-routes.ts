/**
 * The calculator's four POST endpoints answered straight from Node's
 * `http` request, in front of Hono: the same guards and the same
 * calculator (calculator.ts), without building a web Request, a Response
 * and their Headers for each call, which cost more than the money itself.
 * Anything out of the ordinary (a cookie, so an XSRF check; no
 * Content-Length; a header sent twice; another path or method) goes to Hono,
 * so every answer stays the one the Hono app gives, byte for byte.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Problem } from '../../src/domain/types.ts'
import type { AuthOutcome, Authenticator } from './auth.ts'
import type { Access, Calculator, CalculatorAnswer } from './calculator.ts'
import { authProblem, corsAllowance, isJsonType, MAX_BODY_BYTES, parseJsonBody } from './guards.ts'
import { PROBLEM_CONTENT_TYPE, unexpectedErrorProblem } from './problem.ts'

/** Answers the request and returns true, or returns false and leaves it untouched for Hono. */
export type HotRoutes = (request: IncomingMessage, response: ServerResponse) => boolean

type Endpoint = 'feeOptions' | 'frontCalculate'

export interface HotRoutesParts {
  /** Where the API is mounted, e.g. `/api/v1`. */
  base: string
  authenticate: Authenticator
  calculator: Calculator
  allowedOrigins: () => readonly string[]
}

const ROUTES: readonly { path: string; endpoint: Endpoint; access: Access }[] = [
  { path: '/Calculator/CalculateFeeOptions', endpoint: 'feeOptions', access: 'authenticated' },
  { path: '/Calculator/CalculateFeeOptionsAnonymous', endpoint: 'feeOptions', access: 'anonymous' },
  { path: '/Calculator/FrontCalculateFees', endpoint: 'frontCalculate', access: 'authenticated' },
  { path: '/Calculator/FrontCalculateFeesAnonymous', endpoint: 'frontCalculate', access: 'anonymous' },
]
const DIGITS = /^\d+$/
const JSON_CONTENT_TYPE = 'application/json'
const EXPOSED_HEADERS = 'WWW-Authenticate, Retry-After'

export function hotRoutes({ base, authenticate, calculator, allowedOrigins }: HotRoutesParts): HotRoutes {
  const routes = new Map(ROUTES.map((route) => [`${base}${route.path}`, route]))

  /**
   * Answers one call. Written with callbacks, not promises: what can be decided at once (an API key, a
   * remembered token, a calculation) is, and only a token to verify or a save waits on a promise.
   */
  const answer = (
    request: IncomingMessage,
    response: ServerResponse,
    headers: HotHeaders,
    endpoint: Endpoint,
    access: Access,
  ): void => {
    const origin = headers.origin
    const fail = (error: unknown) => {
      const failed = unexpectedErrorProblem(error)
      sendProblem(response, origin, failed.problem, failed.headers)
    }
    const reply = (result: CalculatorAnswer) => {
      if (result.ok) send(response, origin, 200, JSON_CONTENT_TYPE, result.json, {})
      else sendProblem(response, origin, result.problem, result.headers ?? {})
    }
    const calculate = (bytes: Uint8Array) => {
      try {
        const body = parseJsonBody(bytes)
        if (!body.ok) return sendProblem(response, origin, body.problem, {})
        if (endpoint === 'feeOptions') return reply(calculator.feeOptions(body.value, access))
        const result = calculator.frontCalculate(body.value, access)
        if (result instanceof Promise) result.then(reply).catch(fail)
        else reply(result)
      } catch (error) {
        fail(error)
      }
    }
    const admitted = (outcome: AuthOutcome) => {
      if (outcome.ok) readBody(request, calculate)
      else {
        const refused = authProblem(outcome)
        sendProblem(response, origin, refused.problem, refused.headers)
      }
    }
    try {
      if (access === 'anonymous') {
        readBody(request, calculate)
        return
      }
      const outcome = authenticate(headers)
      if (outcome instanceof Promise) outcome.then(admitted).catch(fail)
      else admitted(outcome)
    } catch (error) {
      fail(error)
    }
  }

  /** Writes an answer with the headers the API's middleware gives it: CORS, no-store, nosniff. */
  const send = (
    response: ServerResponse,
    origin: string | undefined,
    status: number,
    contentType: string,
    text: string,
    extra: Record<string, string>,
  ): void => {
    if (response.headersSent || response.destroyed) return
    // Lower-case names in alphabetical order with Content-Length last: what the Hono adapter
    // writes for a web Response, so both paths give the same bytes. As a flat list of names and values,
    // which Node writes out without walking an object's keys.
    const out: (string | number)[] = []
    // Without an Origin there is nothing to allow: the list of origins is not even made.
    const allowance = origin === undefined ? null : corsAllowance(origin, allowedOrigins())
    if (allowance === 'origin') out.push('access-control-allow-credentials', 'true')
    if (allowance !== null) {
      out.push('access-control-allow-origin', allowance === '*' ? '*' : (origin as string))
      out.push('access-control-expose-headers', EXPOSED_HEADERS)
    }
    out.push('cache-control', 'no-store', 'content-type', contentType)
    if (extra['Retry-After'] !== undefined) out.push('retry-after', extra['Retry-After'])
    out.push('vary', 'Origin')
    if (extra['WWW-Authenticate'] !== undefined) out.push('www-authenticate', extra['WWW-Authenticate'])
    out.push('x-content-type-options', 'nosniff', 'Content-Length', Buffer.byteLength(text))
    response.writeHead(status, out as string[])
    response.end(text)
  }

  const sendProblem = (
    response: ServerResponse,
    origin: string | undefined,
    problem: Problem,
    extra: Record<string, string>,
  ): void => send(response, origin, problem.status, PROBLEM_CONTENT_TYPE, JSON.stringify(problem), extra)

  return (request, response) => {
    if (request.method !== 'POST') return false
    const route = routes.get(request.url ?? '')
    if (route === undefined) return false
    const headers = readHeaders(request.rawHeaders)
    // The XSRF double-submit check only applies with a cookie; chunked and oversized bodies are read
    // as a stream and cut off by the body guard: those, and a header read here sent twice, go to Hono.
    if (headers === null) return false
    const length = headers.contentLength
    if (length === undefined || !DIGITS.test(length) || Number(length) > MAX_BODY_BYTES) return false
    if (!isJsonType(headers.contentType ?? '')) return false
    answer(request, response, headers, route.endpoint, route.access)
    return true
  }
}

/** The request headers the hot paths read. */
interface HotHeaders {
  contentLength: string | undefined
  contentType: string | undefined
  origin: string | undefined
  authorization: string | undefined
  apiKey: string | undefined
}

/**
 * The headers the hot paths read, from Node's raw list (name, value, name, value…) in one pass, rather
 * than from `request.headers`, which Node builds on first read from every header sent, at a cost
 * larger than the whole calculation's. Null when the request is one for Hono: a Cookie or a
 * Transfer-Encoding is sent, or a header read here is sent twice (Node joins repeats differently).
 * Names are matched without regard to case, as HTTP wants; the values are Node's, already trimmed.
 */
export function readHeaders(raw: readonly string[]): HotHeaders | null {
  let contentLength: string | undefined
  let contentType: string | undefined
  let origin: string | undefined
  let authorization: string | undefined
  let apiKey: string | undefined
  for (let k = 0; k < raw.length; k += 2) {
    const name = raw[k] as string
    const value = raw[k + 1] as string
    // Only a name as long as one read here is lower-cased: most headers are passed over on their length.
    switch (name.length) {
      case 6: {
        const lower = name.toLowerCase()
        if (lower === 'cookie' || (lower === 'origin' && origin !== undefined)) return null
        if (lower === 'origin') origin = value
        break
      }
      case 9:
        if (name.toLowerCase() !== 'x-api-key') break
        if (apiKey !== undefined) return null
        apiKey = value
        break
      case 12:
        if (name.toLowerCase() !== 'content-type') break
        if (contentType !== undefined) return null
        contentType = value
        break
      case 13:
        if (name.toLowerCase() !== 'authorization') break
        if (authorization !== undefined) return null
        authorization = value
        break
      case 14:
        if (name.toLowerCase() !== 'content-length') break
        if (contentLength !== undefined) return null
        contentLength = value
        break
      case 17:
        if (name.toLowerCase() === 'transfer-encoding') return null
        break
    }
  }
  return { contentLength, contentType, origin, authorization, apiKey }
}

/**
 * Calls `use` with the body whose length Content-Length declared (HTTP framing bounds it). A request cut
 * off never ends, so `use` is not called and nothing is answered to a client that has gone.
 */
function readBody(request: IncomingMessage, use: (bytes: Uint8Array) => void): void {
  const chunks: Buffer[] = []
  request.on('data', (chunk: Buffer) => chunks.push(chunk))
  request.on('end', () => use(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks)))
}
