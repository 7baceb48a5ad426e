import type { TuitionPayload } from '../domain/types.ts'
import { httpChunk } from './chunks.ts'
import { type Call, request, type Wire } from './request.ts'
import { type Parsed, parseFeesTable, readAnswer } from './responses.ts'

export type { Wire }

/**
 * The four calls the widget makes, each through the one request path (src/api/request.ts) and read through the
 * response boundary. The reader of a calculation's fees table (src/api/responses.ts) ships with the first render:
 * every calculator given a tuition input reads one before its figures. The others (a plan's schedule, a version's
 * number, a saved version opened by its hash: src/api/responses-with-ky.ts) come with ky's chunk, which a plan opened
 * by its hash loads for its first answer. `anonymous` picks the `Anonymous` variant (ERP systems in embedded mode).
 * `wire` is read for every try.
 */
export function createApi(wire: () => Wire) {
  const send = <T>(call: Call, parse: (body: unknown) => Parsed<T> | Promise<Parsed<T>>, signal?: AbortSignal) =>
    request(wire, call, signal, (response) => readAnswer(response, parse))
  /** A reader from ky's chunk, which the answer waits for. */
  const later =
    <T>(reader: (http: typeof import('./ky.ts')) => (body: unknown) => Parsed<T>) =>
    async (body: unknown) =>
      reader(await httpChunk.load())(body)
  const anonymously = (path: string, anonymous: boolean) => `Calculator/${path}${anonymous ? 'Anonymous' : ''}`
  return {
    calculateFeeOptions: (json: TuitionPayload, anonymous: boolean, signal?: AbortSignal) =>
      send({ method: 'POST', path: anonymously('CalculateFeeOptions', anonymous), json }, parseFeesTable, signal),
    /** A schedule preview without an `idempotencyKey` (undefined); a save with the key of its SAVE press. */
    frontCalculateFees: (
      json: TuitionPayload,
      anonymous: boolean,
      idempotencyKey: string | undefined,
      signal?: AbortSignal,
    ) =>
      send(
        { method: 'POST', path: anonymously('FrontCalculateFees', anonymous), json, idempotencyKey },
        later((http) => http.parseAmortizationTable),
        signal,
      ),
    feesTable: (versionHashCode: string, signal?: AbortSignal) =>
      send(
        { method: 'GET', path: `Calculator/feestable/${encodeURIComponent(versionHashCode)}` },
        later((http) => http.parseSavedFeesTable),
        signal,
      ),
    versionNumber: (versionHashCode: string, contractId: string, signal?: AbortSignal) =>
      send(
        { method: 'GET', path: `Version/Number?${new URLSearchParams({ versionHashCode, contractid: contractId })}` },
        later((http) => http.parseVersionNumber),
        signal,
      ),
  }
}

export type Api = ReturnType<typeof createApi>
/** One of the calls, by its name, with its arguments but the signal that cancels it (always the last). */
export type ApiCall = {
  [K in keyof Api]: { api: K; args: Parameters<Api[K]> extends [...infer A, AbortSignal?] ? A : never }
}[keyof Api]
/** What a call answers, by its name. */
export type ApiAnswer = { [K in keyof Api]: { api: K; value: Awaited<ReturnType<Api[K]>> } }[keyof Api]
