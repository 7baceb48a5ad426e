/**
 * The server's adapter: Node's http server in front of the Hono app, the one way every request goes. It is
 * @hono/node-server's (a web Request built lazily from Node's, only as far as the app reads it; a string body
 * with a plain record of headers written out with no Response or Headers object built), with what costs a
 * request little here and an operator relies on:
 * - each request's id, given to the app in its context (`c.env`);
 * - the request's headers as Node parsed them, given the same way when no header is sent twice, so that the app
 *   reads one (headerOf) without the web Request's checks on every read;
 * - a body of a declared length within the API's limit read before the app sees the request, and given to it
 *   in its context, so that reading it costs the app no stream and no promise;
 * - once the answer is sent or the client has gone, the log line and the metrics, labelled with the route
 *   that answered.
 * What every answer carries (the security headers) is the app's own (security-headers.ts), so that `app.fetch`
 * answers as this server does.
 */
import { createServer, type IncomingMessage, type Server, type ServerOptions } from 'node:http'
import { getRequestListener } from '@hono/node-server'
import type { Hono } from 'hono'
import { type Observability, routeLabel } from './observability.ts'
import { type AppEnv, REQUEST_ID, type RequestBindings, requestIdFor } from './request-context.ts'

const DIGITS = /^\d+$/

/** A request as the adapter hands it on: its bindings for the app. */
interface AdaptedRequest extends IncomingMessage {
  bindings?: RequestBindings
}

/**
 * FEES_IDLE_TIMEOUT_S (the server's socket timeout) is for a client that goes silent while sending its request.
 * Once the request is in, the server's own work is bounded by the database's timeouts instead: a save waiting on
 * a busy contract or a full pool, sending nothing meanwhile, must not have its connection cut (the client, or
 * nginx, would never learn whether it was stored): such a save took 10 s, was cut, was passed on by nginx to
 * the other server, waited there too and was cut again, a 502. Between requests the keep-alive timeout applies.
 */
function stopIdleTimeout(request: IncomingMessage): void {
  request.socket.setTimeout(0)
}

/** Stops the idle timeout once the request's body is in (at once when it has none). */
function stopIdleTimeoutOnceReceived(request: IncomingMessage): void {
  const { headers } = request
  const length = headers['content-length']
  const bodiless = headers['transfer-encoding'] === undefined && (length === undefined || length === '0')
  if (bodiless) stopIdleTimeout(request)
  else request.once('end', () => stopIdleTimeout(request))
}

/** Whether every header of the request is sent once: Node's record of them then reads as the web Request does. */
function sendsNoHeaderTwice(request: IncomingMessage): boolean {
  let names = 0
  for (const _ in request.headers) names += 1
  return 2 * names === request.rawHeaders.length
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
export function createNodeServer(app: Hono<AppEnv>, observability: Observability, options: NodeServerOptions): Server {
  const { hostname, maxBodyBytes, ...serverOptions } = options
  const honoListener = getRequestListener(
    (request, env) => app.fetch(request, (env.incoming as AdaptedRequest).bindings),
    { hostname },
  )

  return createServer(serverOptions, (request: AdaptedRequest, response) => {
    const start = performance.now()
    const { headers } = request
    const bindings: RequestBindings = {
      requestId: requestIdFor(headers[REQUEST_ID]),
      headers: sendsNoHeaderTwice(request) ? headers : undefined,
    }
    request.bindings = bindings
    // Once per answer, sent or not (Node's own 'close'; a listener of one's own rather than once()'s wrapper).
    response.on('close', () => {
      const status = response.headersSent ? response.statusCode : 499
      observability.answered(bindings.requestId, request.method ?? 'GET', routeLabel(bindings.context), status, start)
    })
    if (!isBoundedBody(request, maxBodyBytes)) {
      stopIdleTimeoutOnceReceived(request)
      void honoListener(request, response)
      return
    }
    readBody(request, (body) => {
      stopIdleTimeout(request)
      bindings.body = body
      void honoListener(request, response)
    })
  })
}
