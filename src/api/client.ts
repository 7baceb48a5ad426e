import ky, { type KyInstance, type RetryOptions } from 'ky'
import type { TuitionPayload } from '../domain/types.ts'
import {
  type ApiClientOptions,
  calculatePath,
  type EarlyRequest,
  IDEMPOTENCY_HEADER,
  MAX_RETRY_AFTER_MS,
  prefixOf,
  REQUEST_TIMEOUT_MS,
  RETRY_LIMIT,
  setApiHeaders,
} from './request.ts'
import type { Parsed } from './responses.ts'

export type { ApiClientOptions }

/**
 * Reads (calculations, schedule previews, fees tables, version numbers) change
 * nothing on the server, so a transient failure is tried again: no answer, or
 * an answer that says "later" (408, 429, 502, 503, 504), honouring
 * `Retry-After`. A time-out is not retried (the student has waited long
 * enough), nor any other status, nor an answer the boundary refused.
 */
const READ_RETRY: RetryOptions = {
  limit: RETRY_LIMIT,
  methods: ['get', 'post'],
  statusCodes: [408, 429, 502, 503, 504],
  afterStatusCodes: [429, 503],
  maxRetryAfter: MAX_RETRY_AFTER_MS,
  backoffLimit: MAX_RETRY_AFTER_MS,
}

/**
 * A save is retried only where its answer may have been lost on the way back
 * (no answer, or a gateway's 502/503/504), and always with the same
 * Idempotency-Key, so the server stores it once whatever the number of tries.
 */
const SAVE_RETRY: RetryOptions = {
  ...READ_RETRY,
  methods: ['post'],
  statusCodes: [502, 503, 504],
  afterStatusCodes: [503],
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

/** A ky instance that sends the widget's headers (Accept, Content-Type, the credentials, XSRF). */
export function createHttp(
  { root, auth, currentAuth, fetch: customFetch, retryDelay }: ApiClientOptions,
  early?: EarlyRequest,
): KyInstance {
  const { prefixUrl, relative } = prefixOf(root)
  const delay = retryDelay ? { delay: retryDelay } : {}
  let pending = early
  return ky.create({
    prefixUrl,
    timeout: REQUEST_TIMEOUT_MS,
    retry: { ...READ_RETRY, ...delay },
    ...(customFetch ? { fetch: customFetch } : {}),
    hooks: {
      beforeRequest: [
        (request) => {
          setApiHeaders(request, currentAuth?.() ?? auth, relative)
          // The same call already on its way (sent before this chunk arrived): its answer is this request's.
          if (pending && request.method === 'POST' && request.url === pending.url) {
            const { answer } = pending
            pending = undefined
            return answer
          }
        },
      ],
    },
  })
}

/** The response boundary, loaded on its own: the first figures need it before ky (src/api/chunks.ts). */
export type Boundary = typeof import('./responses.ts')

/**
 * The four calls the widget makes. `anonymous` picks the `Anonymous` variant (ERP systems in embedded mode).
 * `boundary` gives the response boundary every success answer is read through (ky has already thrown on an
 * error status): the caller loads it, so this module never reaches the chunks that load it.
 */
export function createApi(
  http: KyInstance,
  boundary: () => Promise<Boundary>,
  retryDelay?: ApiClientOptions['retryDelay'],
) {
  const saveRetry: RetryOptions = { ...SAVE_RETRY, ...(retryDelay ? { delay: retryDelay } : {}) }
  const read = async <T>(answer: Promise<Response>, parser: (b: Boundary) => (body: unknown) => Parsed<T>) => {
    const [response, reader] = await Promise.all([answer, boundary()])
    return reader.readAnswer(response, parser(reader))
  }
  const suffix = (anonymous: boolean) => (anonymous ? 'Anonymous' : '')
  return {
    calculateFeeOptions: (body: TuitionPayload, anonymous: boolean, signal?: AbortSignal) =>
      read(http.post(calculatePath(anonymous), { json: body, signal }), (b) => b.parseFeesTable),
    /** A schedule preview without `idempotencyKey`; a save with the key of its SAVE press. */
    frontCalculateFees: (body: TuitionPayload, anonymous: boolean, signal?: AbortSignal, idempotencyKey?: string) =>
      read(
        http.post(`Calculator/FrontCalculateFees${suffix(anonymous)}`, {
          json: body,
          signal,
          ...(idempotencyKey ? { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey }, retry: saveRetry } : {}),
        }),
        (b) => b.parseAmortizationTable,
      ),
    feesTable: (versionHashCode: string, signal?: AbortSignal) =>
      read(
        http.get(`Calculator/feestable/${encodeURIComponent(versionHashCode)}`, { signal }),
        (b) => b.parseSavedFeesTable,
      ),
    versionNumber: (versionHashCode: string, contractId: string, signal?: AbortSignal) =>
      read(
        http.get('Version/Number', { searchParams: { versionHashCode, contractid: contractId }, signal }),
        (b) => b.parseVersionNumber,
      ),
  }
}

export type Api = ReturnType<typeof createApi>
