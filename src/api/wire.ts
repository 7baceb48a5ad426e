// The rules of every try on the wire: the API root, the headers (Accept, Content-Type, the bearer token or the
// key, XSRF to a relative root, the Idempotency-Key) and the time limit. The one request path (request.ts) applies
// them to a first try sent before ky has arrived, and ky, its engine (ky.ts, a lazy chunk), to every try after;
// which failures ky tries again, and how long it waits, are its own rules (retry.ts).
import {
  API_KEY_HEADER,
  AUTHORIZATION_HEADER,
  IDEMPOTENCY_HEADER,
  XSRF_COOKIE,
  XSRF_HEADER,
} from '@fees-calculator/contract'
import { isRelativeUrl } from './environment.ts'

/**
 * A call ends within this time of leaving, answered or failed, whatever the server does: its tries, the waits
 * between them and the reading of its answer together. A server that answers 503 after 25 s is not tried a third time.
 */
export const CALL_DEADLINE_MS = 35_000
/** Embedded mode sends the bearer token (none when empty: the Anonymous endpoints); hash mode the static key. */
export type Auth = { bearer: string } | { apiKey: string }

/** Where calls go and with what, read again for every try: a retry after the host refreshed its token carries it. */
export interface Wire {
  /** The API root, e.g. `/api/v1` or `https://api.example.edu/api/v1`. */
  root: string
  auth: Auth
  /** Replaces the global fetch (tests and hosts with their own transport). */
  fetch?: typeof fetch
  /** Replaces the wait before a retry, in ms by attempt (tests that are not about the wait). */
  retryDelay?: (attempt: number) => number
}

/** One call: its method, its path under the API root (with its query), its JSON body, a save's Idempotency-Key. */
export interface Call {
  method: 'GET' | 'POST'
  path: string
  json?: unknown
  idempotencyKey?: string
}

function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null
  for (const part of document.cookie.split(';')) {
    const [key, ...value] = part.trim().split('=')
    if (key === name) return decodeURIComponent(value.join('='))
  }
  return null
}

/**
 * The credentials of the moment (read again for every try: a retry after the host refreshed its token carries it),
 * and the XSRF cookie's value to a relative root, on a request. Never a cookie: the API authenticates with a
 * bearer token or a key, and the XSRF header only answers a page whose server set the cookie.
 */
export function setCredentials(request: Request, wire: Wire): void {
  const { auth } = wire
  if ('apiKey' in auth) request.headers.set(API_KEY_HEADER, auth.apiKey)
  else if (auth.bearer) request.headers.set(AUTHORIZATION_HEADER, `Bearer ${auth.bearer}`)
  if (isRelativeUrl(wire.root) && request.method !== 'GET') {
    const xsrf = readCookie(XSRF_COOKIE)
    if (xsrf !== null) request.headers.set(XSRF_HEADER, xsrf)
  }
}

/** A call as the request that goes on the wire: the URL under the root (a relative root is the page's), the body, the headers. */
export function requestOf(wire: Wire, call: Call, signal: AbortSignal): Request {
  const root =
    isRelativeUrl(wire.root) && typeof location !== 'undefined' ? new URL(wire.root, location.href).href : wire.root
  const request = new Request(`${root.replace(/\/*$/, '/')}${call.path}`, {
    method: call.method,
    ...(call.json === undefined ? {} : { body: JSON.stringify(call.json) }),
    headers: {
      Accept: 'application/json',
      // Said even without a body (the university's API asks for it), and so a string body is not sent as text/plain.
      'Content-Type': 'application/json',
      ...(call.idempotencyKey ? { [IDEMPOTENCY_HEADER]: call.idempotencyKey } : {}),
    },
    signal,
  })
  setCredentials(request, wire)
  return request
}

/** A UUID v4 for an Idempotency-Key; crypto.randomUUID exists only on secure pages. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}
