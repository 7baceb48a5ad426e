import type { TuitionPayload } from '../domain/types.ts'
import { type Call, request, type Wire } from './request.ts'
import {
  type Parsed,
  parseAmortizationTable,
  parseFeesTable,
  parseSavedFeesTable,
  parseVersionNumber,
  readAnswer,
} from './responses.ts'

export type { Wire }

/**
 * The four calls the widget makes, each through the one request path (src/api/request.ts) and read through the
 * response boundary (src/api/responses.ts), which ships with the first render: every calculator that shows figures
 * reads an answer before them. `anonymous` picks the `Anonymous` variant (ERP systems in embedded mode). `wire` is
 * read for every try.
 */
export function createApi(wire: () => Wire) {
  const send = <T>(call: Call, parse: (body: unknown) => Parsed<T>, signal?: AbortSignal) =>
    request(wire, call, signal, (response) => readAnswer(response, parse))
  const anonymously = (path: string, anonymous: boolean) => `Calculator/${path}${anonymous ? 'Anonymous' : ''}`
  return {
    calculateFeeOptions: (json: TuitionPayload, anonymous: boolean, signal?: AbortSignal) =>
      send({ method: 'POST', path: anonymously('CalculateFeeOptions', anonymous), json }, parseFeesTable, signal),
    /** A schedule preview without `idempotencyKey`; a save with the key of its SAVE press. */
    frontCalculateFees: (json: TuitionPayload, anonymous: boolean, signal?: AbortSignal, idempotencyKey?: string) =>
      send(
        { method: 'POST', path: anonymously('FrontCalculateFees', anonymous), json, idempotencyKey },
        parseAmortizationTable,
        signal,
      ),
    feesTable: (versionHashCode: string, signal?: AbortSignal) =>
      send(
        { method: 'GET', path: `Calculator/feestable/${encodeURIComponent(versionHashCode)}` },
        parseSavedFeesTable,
        signal,
      ),
    versionNumber: (versionHashCode: string, contractId: string, signal?: AbortSignal) =>
      send(
        { method: 'GET', path: `Version/Number?${new URLSearchParams({ versionHashCode, contractid: contractId })}` },
        parseVersionNumber,
        signal,
      ),
  }
}

export type Api = ReturnType<typeof createApi>
