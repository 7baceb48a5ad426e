/**
 * What the server's adapter (node-adapter.ts) gives the app of each request, as Hono's `c.env`: the request's
 * id, found once and carried in the context, so that an answer, its problem body and its log line name the
 * same request without reading one another.
 */
import { randomUUID } from 'node:crypto'
import type { Context } from 'hono'

export interface RequestBindings {
  /** The client's X-Request-Id when it is a safe one, else a new UUID. */
  requestId: string
  /** The body, when the adapter read it before the app saw the request (one of a declared length within the limit). */
  body?: Uint8Array
  /** Set by the app: the context the answer was made in, from which the log and the metrics read its route. */
  context?: Context
}

/**
 * The id of the request a context stands for: the adapter's, or a new one for a request that came through
 * `app.fetch` alone (tests), which has no adapter and no log line.
 */
export function requestIdOf(c: Context): string {
  return (c.env as RequestBindings | undefined)?.requestId ?? randomUUID()
}

/** The app's environment: its bindings, and what the body guard leaves for the handler. */
export interface AppEnv {
  Bindings: RequestBindings
  Variables: { body: unknown }
}
