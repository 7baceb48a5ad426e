import type { HTTPError, KyInstance } from 'ky'
import { defineChunk } from '../chunks.ts'
import type { AmortizationTable, FeesTableResult, SavedFeesTable, TuitionPayload } from '../domain/types.ts'
import type { ApiError } from './errors.ts'
import {
  InvalidResponseError,
  parseAmortizationTable,
  parseFeesTable,
  parseJsonText,
  parseSavedFeesTable,
  parseVersionNumber,
  type Parsed,
} from './responses.ts'
import { isRelativeUrl } from './environment.ts'

/** A calculation that takes longer is reported as a time-out rather than left spinning. */
const REQUEST_TIMEOUT_MS = 30_000
/** Angular's convention, which the university's API follows (spec section 7). */
const XSRF_COOKIE = 'XSRF-TOKEN'
const XSRF_HEADER = 'X-XSRF-TOKEN'

/**
 * ky (≈4 KB gzip) is not needed to draw the widget, only to ask the API: it
 * loads in its own chunk, asked for as soon as a widget is created
 * (preloadHttp), so it is usually there before the first request is due.
 */
const kyChunk = defineChunk('http', () => import('ky'))

/** Starts loading ky. A failure here is silent: the request that needs ky retries and reports it. */
export function preloadHttp(): void {
  kyChunk.load().catch(() => {})
}

export interface ApiClientOptions {
  /** The API root, e.g. `/api/v1` or `https://api.example.edu/api/v1`. */
  root: string
  /** Embedded mode sends the bearer token (none when empty: the Anonymous endpoints); hash mode the static key. */
  auth: { bearer: string } | { apiKey: string }
  /** Replaces the global fetch (tests and hosts with their own transport). */
  fetch?: typeof fetch
}

function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null
  for (const part of document.cookie.split(';')) {
    const [key, ...value] = part.trim().split('=')
    if (key === name) return decodeURIComponent(value.join('='))
  }
  return null
}

/** A ky instance with the headers of spec section 7, once ky has arrived. */
export type Http = () => Promise<KyInstance>

export function createHttp(options: ApiClientOptions): Http {
  let instance: KyInstance | undefined
  return async () => (instance ??= configure((await kyChunk.load()).default, options))
}

function configure(ky: KyInstance, { root, auth, fetch: customFetch }: ApiClientOptions): KyInstance {
  const relative = isRelativeUrl(root)
  const prefixUrl = relative && typeof location !== 'undefined' ? new URL(root, location.href).href : root
  return ky.create({
    prefixUrl,
    timeout: REQUEST_TIMEOUT_MS,
    retry: 0,
    ...(customFetch ? { fetch: customFetch } : {}),
    hooks: {
      beforeRequest: [
        (request) => {
          request.headers.set('Accept', 'application/json')
          if (!request.headers.has('Content-Type')) request.headers.set('Content-Type', 'application/json')
          if ('apiKey' in auth) request.headers.set('X-Api-Key', auth.apiKey)
          else if (auth.bearer) request.headers.set('Authorization', `Bearer ${auth.bearer}`)
          const method = request.method.toUpperCase()
          if (relative && method !== 'GET' && method !== 'HEAD') {
            const xsrf = readCookie(XSRF_COOKIE)
            if (xsrf !== null && !request.headers.has(XSRF_HEADER)) request.headers.set(XSRF_HEADER, xsrf)
          }
        },
      ],
    },
  })
}

/** Thrown as is when a call was cancelled by a newer one: not an error to report. */
export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError'
}

// By name, not instanceof: ky's classes are in its lazy chunk. (A DOMException TimeoutError is a time-out too.)
const isHttpError = (error: unknown): error is HTTPError => error instanceof Error && error.name === 'HTTPError' && 'response' in error
const isTimeout = (error: unknown) => error instanceof Error && error.name === 'TimeoutError'

/**
 * Turns what ky or fetch throws into an ApiError; rethrows aborts. Anything
 * else means no answer arrived, ky's own chunk failing to load included.
 */
export async function toApiError(error: unknown): Promise<ApiError> {
  if (error instanceof Error && error.name === 'InvalidResponseError') {
    const { status, detail, body } = error as InvalidResponseError
    return { kind: 'response', status, code: detail.code, field: detail.field, message: detail.message, body }
  }
  if (isHttpError(error)) {
    const text = await error.response.text().catch(() => '')
    let body: unknown = text
    try {
      body = text ? JSON.parse(text) : null
    } catch {
      // a body that is not JSON is passed on as text
    }
    return { kind: 'http', status: error.response.status, message: error.message, body }
  }
  if (isTimeout(error)) return { kind: 'timeout', message: (error as Error).message }
  if (isAbort(error)) throw error
  return { kind: 'network', message: error instanceof Error ? error.message : String(error) }
}

/**
 * Every answer goes through the response boundary: a 204, an empty or non-JSON
 * body (an SSO login page with 200) or a shape the widget cannot show is thrown
 * as an InvalidResponseError, a failed call like any other.
 */
async function read<T>(answer: Promise<Response>, parse: (body: unknown) => Parsed<T>): Promise<T> {
  const response = await answer
  const text = await response.text()
  const json = parseJsonText(response.status, text)
  if (!json.ok) throw new InvalidResponseError(response.status, json.error, text)
  const parsed = parse(json.value)
  if (!parsed.ok) throw new InvalidResponseError(response.status, parsed.error, json.value)
  return parsed.value
}

/** The four calls of spec section 7. `anonymous` picks the `Anonymous` variant. */
export function createApi(http: Http) {
  const suffix = (anonymous: boolean) => (anonymous ? 'Anonymous' : '')
  return {
    calculateFeeOptions: async (body: TuitionPayload, anonymous: boolean, signal?: AbortSignal): Promise<FeesTableResult> =>
      read((await http()).post(`Calculator/CalculateFeeOptions${suffix(anonymous)}`, { json: body, signal }), parseFeesTable),
    frontCalculateFees: async (body: TuitionPayload, anonymous: boolean, signal?: AbortSignal): Promise<AmortizationTable> =>
      read((await http()).post(`Calculator/FrontCalculateFees${suffix(anonymous)}`, { json: body, signal }), parseAmortizationTable),
    feesTable: async (versionHashCode: string, signal?: AbortSignal): Promise<SavedFeesTable> =>
      read((await http()).get(`Calculator/feestable/${encodeURIComponent(versionHashCode)}`, { signal }), parseSavedFeesTable),
    versionNumber: async (versionHashCode: string, contractId: string, signal?: AbortSignal): Promise<number> =>
      read((await http()).get('Version/Number', { searchParams: { versionHashCode, contractid: contractId }, signal }), parseVersionNumber),
  }
}

export type Api = ReturnType<typeof createApi>
