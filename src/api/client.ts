import type { TuitionPayload } from '../domain/types.ts'
import { responsesChunk } from './chunks.ts'
import { type Call, request, type Wire } from './request.ts'
import type { Parsed } from './responses.ts'

export type { Wire }

/** The response boundary, loaded on its own: the first figures need it before ky (src/api/chunks.ts). */
type Boundary = typeof import('./responses.ts')

/**
 * The four calls the widget makes, each through the one request path (src/api/request.ts) and read through the
 * response boundary, whose chunk loads while the call is on its way. `anonymous` picks the `Anonymous` variant
 * (ERP systems in embedded mode). `wire` is read for every try.
 */
export function createApi(wire: () => Wire) {
  const send = <T>(call: Call, parser: (b: Boundary) => (body: unknown) => Parsed<T>, signal?: AbortSignal) => {
    const boundary = responsesChunk.load()
    // Read below, or given up with the call: never an unhandled rejection.
    boundary.catch(() => {})
    return request(wire, call, signal, async (response) => {
      const reader = await boundary.catch((error: unknown) => {
        // Nobody will read this answer: let its connection go.
        void response.body?.cancel().catch(() => {})
        throw error
      })
      return reader.readAnswer(response, parser(reader))
    })
  }
  const anonymously = (path: string, anonymous: boolean) => `Calculator/${path}${anonymous ? 'Anonymous' : ''}`
  return {
    calculateFeeOptions: (json: TuitionPayload, anonymous: boolean, signal?: AbortSignal) =>
      send(
        { method: 'POST', path: anonymously('CalculateFeeOptions', anonymous), json },
        (b) => b.parseFeesTable,
        signal,
      ),
    /** A schedule preview without `idempotencyKey`; a save with the key of its SAVE press. */
    frontCalculateFees: (json: TuitionPayload, anonymous: boolean, signal?: AbortSignal, idempotencyKey?: string) =>
      send(
        { method: 'POST', path: anonymously('FrontCalculateFees', anonymous), json, idempotencyKey },
        (b) => b.parseAmortizationTable,
        signal,
      ),
    feesTable: (versionHashCode: string, signal?: AbortSignal) =>
      send(
        { method: 'GET', path: `Calculator/feestable/${encodeURIComponent(versionHashCode)}` },
        (b) => b.parseSavedFeesTable,
        signal,
      ),
    versionNumber: (versionHashCode: string, contractId: string, signal?: AbortSignal) =>
      send(
        { method: 'GET', path: `Version/Number?${new URLSearchParams({ versionHashCode, contractid: contractId })}` },
        (b) => b.parseVersionNumber,
        signal,
      ),
  }
}

export type Api = ReturnType<typeof createApi>
