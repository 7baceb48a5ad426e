// How a call is sent, apart from ky: the client's chunk uses it for every call, and a calculation uses it to
// leave with the browser's own fetch until that chunk has arrived (the first figures do not wait for it).
import { API_KEY_HEADER, IDEMPOTENCY_HEADER, XSRF_COOKIE, XSRF_HEADER } from '@fees-calculator/contract'
import { isRelativeUrl } from './environment.ts'

/** A calculation that takes longer is reported as a time-out rather than left spinning. */
export const REQUEST_TIMEOUT_MS = 30_000
/** A read or a save is tried again at most this often after a transient failure. */
export const RETRY_LIMIT = 2
/** The longest `Retry-After` honoured for one retry: two retries stay within 10 s. */
export const MAX_RETRY_AFTER_MS = 5_000
export { IDEMPOTENCY_HEADER }

export interface ApiClientOptions {
  /** The API root, e.g. `/api/v1` or `https://api.example.edu/api/v1`. */
  root: string
  /** Embedded mode sends the bearer token (none when empty: the Anonymous endpoints); hash mode the static key. */
  auth: { bearer: string } | { apiKey: string }
  /**
   * The credentials of the moment, read again for every try: a read retried after the host refreshed its
   * token carries the new one. `auth` when not given.
   */
  currentAuth?: () => ApiClientOptions['auth']
  /** Replaces the global fetch (tests and hosts with their own transport). */
  fetch?: typeof fetch
  /** Replaces the wait before a retry, in ms by attempt (tests that are not about the wait). */
  retryDelay?: (attempt: number) => number
}

/** The calculation's path under the API root. `anonymous` picks the variant of ERP systems in embedded mode. */
export const calculatePath = (anonymous: boolean) => `Calculator/CalculateFeeOptions${anonymous ? 'Anonymous' : ''}`

function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null
  for (const part of document.cookie.split(';')) {
    const [key, ...value] = part.trim().split('=')
    if (key === name) return decodeURIComponent(value.join('='))
  }
  return null
}

/** The root as an absolute URL with a trailing slash (a relative root is the page's), and whether it was relative. */
export function prefixOf(root: string): { prefixUrl: string; relative: boolean } {
  const relative = isRelativeUrl(root)
  const absolute = relative && typeof location !== 'undefined' ? new URL(root, location.href).href : root
  return { prefixUrl: absolute.endsWith('/') ? absolute : `${absolute}/`, relative }
}

/** Sets the widget's headers on a request: Accept, Content-Type, the credentials, and XSRF to a relative root. */
export function setApiHeaders(request: Request, auth: ApiClientOptions['auth'], relative: boolean): void {
  request.headers.set('Accept', 'application/json')
  if (!request.headers.has('Content-Type')) request.headers.set('Content-Type', 'application/json')
  if ('apiKey' in auth) request.headers.set(API_KEY_HEADER, auth.apiKey)
  else if (auth.bearer) request.headers.set('Authorization', `Bearer ${auth.bearer}`)
  const method = request.method.toUpperCase()
  if (relative && method !== 'GET' && method !== 'HEAD') {
    const xsrf = readCookie(XSRF_COOKIE)
    if (xsrf !== null && !request.headers.has(XSRF_HEADER)) request.headers.set(XSRF_HEADER, xsrf)
  }
}

/** A POST already sent with the browser's fetch; the client reads its answer as if it had sent it itself. */
export interface EarlyRequest {
  url: string
  answer: Promise<Response>
  /** Drops it (a chunk could not load, so nobody will read the answer). */
  cancel(): void
}

/**
 * Sends `json` to `path` at once, as the client would send it, with the same
 * time-out, without ky: a success is read by the response boundary, an error status by the client.
 */
export function sendEarly(options: ApiClientOptions, path: string, json: unknown, signal: AbortSignal): EarlyRequest {
  const { prefixUrl, relative } = prefixOf(options.root)
  const controller = new AbortController()
  const abort = () => controller.abort(signal.reason)
  signal.addEventListener('abort', abort, { once: true })
  const timer = setTimeout(
    () => controller.abort(new DOMException(`Request timed out after ${REQUEST_TIMEOUT_MS} ms`, 'TimeoutError')),
    REQUEST_TIMEOUT_MS,
  )
  const request = new Request(prefixUrl + path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(json),
    signal: controller.signal,
  })
  setApiHeaders(request, options.auth, relative)
  const answer = (options.fetch ?? fetch)(request).finally(() => {
    clearTimeout(timer)
    signal.removeEventListener('abort', abort)
  })
  // Read by the client, or dropped with cancel(): never an unhandled rejection.
  answer.catch(() => {})
  return { url: request.url, answer, cancel: () => controller.abort() }
}
