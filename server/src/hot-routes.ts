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
import type { Authenticator, AuthOutcome } from './auth.ts'
import { type Access, CALCULATOR_ROUTES, type Calculator, type CalculatorAnswer } from './calculator.ts'
import { apiAnswerHeaders, authProblem, isJsonType, MAX_BODY_BYTES, parseJsonBody } from './guards.ts'
import { API_CSP, requestIdOf, securityHeaders } from './operations.ts'
import { PROBLEM_CONTENT_TYPE, unexpectedErrorProblem } from './problem.ts'

/** Answers the request and returns true, or returns false and leaves it untouched for Hono. */
export type HotRoutes = (request: IncomingMessage, response: ServerResponse) => boolean

export interface HotRoutesParts {
  /** Where the API is mounted, e.g. `/api/v1`. */
  base: string
  authenticate: Authenticator
  calculator: Calculator
  allowedOrigins: () => readonly string[]
}

const DIGITS = /^\d+$/
const JSON_CONTENT_TYPE = 'application/json'

export function hotRoutes({ base, authenticate, calculator, allowedOrigins }: HotRoutesParts): HotRoutes {
  const routes = new Map(CALCULATOR_ROUTES.map((route) => [`${base}${route.path}`, route]))

  /**
   * Answers one call. Written with callbacks, not promises: what can be decided at once (an API key, a
   * remembered token, a calculation) is, and only a token to verify or a save waits on a promise.
   */
  const answer = (
    request: IncomingMessage,
    response: ServerResponse,
    endpoint: keyof Calculator,
    access: Access,
  ): void => {
    const headers = request.headers
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
        const result = calculator.frontCalculate(body.value, access, headers['idempotency-key'] as string | undefined)
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
      // A header sent twice never comes here, so each is one string.
      const outcome = authenticate({
        authorization: headers.authorization,
        apiKey: headers['x-api-key'] as string | undefined,
      })
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
    // As one flat list of names and values, which Node writes out without walking an object's keys: the request id
    // and the security headers first, as the operations wrapper sets them before Hono answers, then the API's own
    // headers in the order the Hono adapter writes a web Response's (alphabetical, lower case), Content-Length last.
    const out = securityHeaders(requestIdOf(response.req), API_CSP)
    const answer = { contentType, retryAfter: extra['Retry-After'], wwwAuthenticate: extra['WWW-Authenticate'] }
    apiAnswerHeaders(origin, allowedOrigins, answer, out)
    // A problem goes through the app's request-id middleware there, after which the adapter names the length in lower case.
    const lengthName = contentType === PROBLEM_CONTENT_TYPE ? 'content-length' : 'Content-Length'
    out.push(lengthName, String(Buffer.byteLength(text)))
    response.writeHead(status, out)
    response.end(text)
  }

  const sendProblem = (
    response: ServerResponse,
    origin: string | undefined,
    problem: Problem,
    extra: Record<string, string>,
  ): void => {
    // The request's id in the body, as the Hono app's problems carry it (app.ts).
    const body = JSON.stringify({ ...problem, requestId: requestIdOf(response.req) })
    send(response, origin, problem.status, PROBLEM_CONTENT_TYPE, body, extra)
  }

  return (request, response) => {
    if (request.method !== 'POST') return false
    const route = routes.get(request.url ?? '')
    if (route === undefined) return false
    const headers = request.headers
    // The XSRF double-submit check only applies with a cookie; chunked and oversized bodies are read
    // as a stream and cut off by the body guard; a header sent twice is joined differently by Node.
    if (headers.cookie !== undefined || headers['transfer-encoding'] !== undefined) return false
    const length = headers['content-length']
    if (length === undefined || !DIGITS.test(length) || Number(length) > MAX_BODY_BYTES) return false
    if (!isJsonType(headers['content-type'] ?? '')) return false
    if (request.rawHeaders.length !== 2 * Object.keys(headers).length) return false
    answer(request, response, route.endpoint, route.access)
    return true
  }
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
