/**
 * The server's adapter: Node's http server in front of the Hono app, the one way every request goes. It is
 * @hono/node-server's (a web Request built lazily from Node's, only as far as the app reads it; a string body
 * with a plain record of headers written out with no Response or Headers object built), with what costs a
 * request little here and an operator relies on:
 * - each request's id, given to the app in its context (`c.env`);
 * - a body of a declared length within the API's limit read before the app sees the request, and given to it
 *   in its context, so that reading it costs the app no stream and no promise;
 * - the security headers, written with every answer's own by the answer itself (SecuredResponse), not set on it
 *   beforehand, which would make Node merge the app's headers into them one by one;
 * - once the answer is sent or the client has gone, the log line and the metrics, labelled with the route
 *   that answered.
 */
import { randomUUID } from 'node:crypto'
import {
  createServer,
  type IncomingMessage,
  type OutgoingHttpHeader,
  type OutgoingHttpHeaders,
  type Server,
  type ServerOptions,
  ServerResponse,
} from 'node:http'
import { REQUEST_ID_HEADER } from '@fees-calculator/contract'
import { getRequestListener } from '@hono/node-server'
import type { Context, Hono } from 'hono'
import { routePath } from 'hono/route'
import type { AppEnv, RequestBindings } from './bindings.ts'
import type { Operations } from './operations.ts'

/** A request id a client or a proxy may send: short, and nothing that could forge a log line or a header. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/
const DIGITS = /^\d+$/
/** The request id's header as Node names it. */
const REQUEST_ID = REQUEST_ID_HEADER.toLowerCase()
const CSP = 'Content-Security-Policy'

/** A request as the adapter hands it on: its bindings for the app. */
interface AdaptedRequest extends IncomingMessage {
  bindings?: RequestBindings
}

/** The id of a request: the client's X-Request-Id when it is a safe one, a new UUID otherwise. */
export function requestIdFor(header: string | string[] | undefined): string {
  return typeof header === 'string' && SAFE_REQUEST_ID.test(header) ? header : randomUUID()
}

/**
 * The label of a request on /metrics and in the log: the pattern of the app's route that answered it, as Hono
 * matched it (never a path with ids in it); `unmatched` when the app never saw the request (a request line the
 * adapter refused).
 */
export function routeLabel(context: Context | undefined): string {
  return context === undefined ? 'unmatched' : routePath(context)
}

/**
 * FEES_IDLE_TIMEOUT_S (the server's socket timeout) is for a client that goes silent while sending its request.
 * Once the request is in, the server's own work is bounded by the database's timeouts instead: a save waiting on
 * a busy contract or a full pool, sending nothing meanwhile, must not have its connection cut (the client, or
 * nginx, would never learn whether it was stored): such a save took 10 s, was cut, was passed on by nginx to
 * the other server, waited there too and was cut again, a 502. Between requests the keep-alive timeout applies.
 */
function untimeOnceReceived(request: IncomingMessage): void {
  const { headers, socket } = request
  const length = headers['content-length']
  const bodiless = headers['transfer-encoding'] === undefined && (length === undefined || length === '0')
  if (bodiless) socket.setTimeout(0)
  else request.once('end', () => socket.setTimeout(0))
}

/**
 * Whether the request's body is read before the app sees it: one of a declared length within `maxBytes`. A
 * chunked body, or one declared longer, is left to the app, which reads it as a stream and refuses it.
 */
function isBoundedBody(request: IncomingMessage, maxBytes: number): boolean {
  const { headers, method } = request
  if (method === 'GET' || method === 'HEAD' || headers['transfer-encoding'] !== undefined) return false
  const length = headers['content-length']
  return length !== undefined && length !== '0' && DIGITS.test(length) && Number(length) <= maxBytes
}

/**
 * Calls `use` with the whole body (HTTP framing bounds it to its Content-Length). A request cut off never ends,
 * so `use` is not called and nothing is answered to a client that has gone.
 */
function readBody(request: IncomingMessage, use: (body: Buffer) => void): void {
  const chunks: Buffer[] = []
  request.on('data', (chunk: Buffer) => chunks.push(chunk))
  request.on('end', () => use(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks)))
}

export interface NodeServerOptions extends ServerOptions {
  /** The host name of a request that names none (HTTP/1.0). */
  hostname: string
  /** Bodies of a declared length up to this are read before the app sees the request. */
  maxBodyBytes: number
}

/** Node's http server answering with `app`: what startServer listens with. */
export function createNodeServer(app: Hono<AppEnv>, operations: Operations, options: NodeServerOptions): Server {
  const { hostname, maxBodyBytes, ...serverOptions } = options
  const honoListener = getRequestListener(
    (request, env) => app.fetch(request, (env.incoming as AdaptedRequest).bindings),
    { hostname },
  )

  /** An answer that writes the security headers with its own: the answer's own policy, if it has one, wins. */
  class SecuredResponse extends ServerResponse<AdaptedRequest> {
    override writeHead(
      statusCode: number,
      reason?: string | OutgoingHttpHeaders | OutgoingHttpHeader[],
      headers?: OutgoingHttpHeaders | OutgoingHttpHeader[],
    ): this {
      const own = typeof reason === 'string' ? headers : reason
      const requestId = this.req.bindings?.requestId ?? randomUUID()
      if (own === undefined || Array.isArray(own)) {
        // Headers set one by one (Node's own answers): the security headers join them the same way.
        const first = operations.securityHeaders(requestId)
        for (let i = 0; i < first.length; i += 2)
          if (!this.hasHeader(first[i] as string)) this.setHeader(first[i] as string, first[i + 1] as string)
        return typeof reason === 'string' ? super.writeHead(statusCode, reason, own) : super.writeHead(statusCode, own)
      }
      // One flat list of names and values, the security headers first, which Node writes out as it is.
      const all: OutgoingHttpHeader[] = operations.securityHeaders(requestId)
      const record = own as OutgoingHttpHeaders
      // The policy is last in the list: an answer with its own (the API's, a demo page's) keeps only that one.
      if (record[CSP] !== undefined || record[CSP.toLowerCase()] !== undefined) all.length -= 2
      for (const name in record) {
        const value = record[name]
        if (value !== undefined) all.push(name, value)
      }
      return typeof reason === 'string' ? super.writeHead(statusCode, reason, all) : super.writeHead(statusCode, all)
    }
  }

  return createServer<typeof IncomingMessage, typeof ServerResponse>(
    { ...serverOptions, ServerResponse: SecuredResponse as typeof ServerResponse },
    (request: AdaptedRequest, response) => {
      const start = performance.now()
      untimeOnceReceived(request)
      const bindings: RequestBindings = { requestId: requestIdFor(request.headers[REQUEST_ID]) }
      request.bindings = bindings
      response.once('close', () => {
        const status = response.headersSent ? response.statusCode : 499
        operations.answered(bindings.requestId, request.method ?? 'GET', routeLabel(bindings.context), status, start)
      })
      if (!isBoundedBody(request, maxBodyBytes)) {
        void honoListener(request, response)
        return
      }
      readBody(request, (body) => {
        bindings.body = body
        void honoListener(request, response)
      })
    },
  )
}
