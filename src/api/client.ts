import ky, { type KyInstance } from 'ky'
import type { TuitionPayload } from '../domain/types.ts'
import { ResponseError } from './errors.ts'
import { isRelativeUrl } from './environment.ts'
import * as boundary from './responses.ts'

/** A calculation that takes longer is reported as a time-out rather than left spinning. */
const REQUEST_TIMEOUT_MS = 30_000
/** Angular's convention, which the university's API follows: the XSRF cookie's value goes back in a header. */
const XSRF_COOKIE = 'XSRF-TOKEN'
const XSRF_HEADER = 'X-XSRF-TOKEN'

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

/** A ky instance that sends the widget's headers (Accept, Content-Type, the credentials, XSRF). */
export function createHttp({ root, auth, fetch: customFetch }: ApiClientOptions): KyInstance {
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

/** Reads a success answer through the response boundary: its value, or a ResponseError naming what was wrong. */
async function read<T>(answer: Promise<Response>, parse: (body: unknown) => boundary.Parsed<T>): Promise<T> {
  const response = await answer
  const json = boundary.parseJsonText(response.status, await response.text())
  const result = json.ok ? parse(json.value) : json
  if (!result.ok) throw new ResponseError(response.status, result.error)
  return result.value
}

/** The four calls the widget makes. `anonymous` picks the `Anonymous` variant (ERP systems in embedded mode). */
export function createApi(http: KyInstance) {
  const suffix = (anonymous: boolean) => (anonymous ? 'Anonymous' : '')
  return {
    calculateFeeOptions: (body: TuitionPayload, anonymous: boolean, signal?: AbortSignal) =>
      read(
        http.post(`Calculator/CalculateFeeOptions${suffix(anonymous)}`, { json: body, signal }),
        boundary.parseFeesTable,
      ),
    frontCalculateFees: (body: TuitionPayload, anonymous: boolean, signal?: AbortSignal) =>
      read(
        http.post(`Calculator/FrontCalculateFees${suffix(anonymous)}`, { json: body, signal }),
        boundary.parseAmortizationTable,
      ),
    feesTable: (versionHashCode: string, signal?: AbortSignal) =>
      read(
        http.get(`Calculator/feestable/${encodeURIComponent(versionHashCode)}`, { signal }),
        boundary.parseSavedFeesTable,
      ),
    versionNumber: (versionHashCode: string, contractId: string, signal?: AbortSignal) =>
      read(
        http.get('Version/Number', { searchParams: { versionHashCode, contractid: contractId }, signal }),
        boundary.parseVersionNumber,
      ),
  }
}

export type Api = ReturnType<typeof createApi>
