import ky, { type KyInstance } from 'ky'
import type { TuitionPayload } from '../domain/types.ts'
import {
  type ApiClientOptions,
  calculatePath,
  type EarlyRequest,
  prefixOf,
  REQUEST_TIMEOUT_MS,
  setApiHeaders,
} from './request.ts'
import { responsesChunk } from '../lazy/registry.ts'
import type { Parsed } from './responses.ts'

export type { ApiClientOptions }

/** A ky instance that sends the widget's headers (Accept, Content-Type, the credentials, XSRF). */
export function createHttp({ root, auth, fetch: customFetch }: ApiClientOptions, early?: EarlyRequest): KyInstance {
  const { prefixUrl, relative } = prefixOf(root)
  let pending = early
  return ky.create({
    prefixUrl,
    timeout: REQUEST_TIMEOUT_MS,
    retry: 0,
    ...(customFetch ? { fetch: customFetch } : {}),
    hooks: {
      beforeRequest: [
        (request) => {
          setApiHeaders(request, auth, relative)
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

/** The response boundary, loaded on its own: the first figures need it before ky (src/lazy/registry.ts). */
type Boundary = typeof import('./responses.ts')

/** Reads a success answer through the response boundary (ky has already thrown on an error status). */
async function read<T>(answer: Promise<Response>, parser: (b: Boundary) => (body: unknown) => Parsed<T>): Promise<T> {
  const [response, boundary] = await Promise.all([answer, responsesChunk.load()])
  return boundary.readAnswer(response, parser(boundary))
}

/** The four calls the widget makes. `anonymous` picks the `Anonymous` variant (ERP systems in embedded mode). */
export function createApi(http: KyInstance) {
  const suffix = (anonymous: boolean) => (anonymous ? 'Anonymous' : '')
  return {
    calculateFeeOptions: (body: TuitionPayload, anonymous: boolean, signal?: AbortSignal) =>
      read(http.post(calculatePath(anonymous), { json: body, signal }), (b) => b.parseFeesTable),
    frontCalculateFees: (body: TuitionPayload, anonymous: boolean, signal?: AbortSignal) =>
      read(
        http.post(`Calculator/FrontCalculateFees${suffix(anonymous)}`, { json: body, signal }),
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
