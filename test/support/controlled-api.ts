/**
 * The reference API, controlled: it is the store's `fetch`, with every answer held until the
 * test lets it go: answered (the real server's Response), or failed as a
 * network error, a time-out or a server error. The server computes each
 * answer as the call arrives (a save is stored then, as a real server may
 * store it and lose the answer on the way back); only its delivery waits, so
 * a test chooses the order in which answers arrive, late and out of order.
 */
import { createApp } from '../../server/src/app.ts'
import { mintToken } from '../../server/src/auth.ts'
import { loadConfig } from '../../server/src/config.ts'
import type { AmortizationTable, TuitionPayload } from '../../src/domain/types.ts'

const SECRET = 'held-api-secret-held-api-secret-0123456'
/** Long enough for any run of the tests; expiry is not what they are about. */
const TOKEN_TTL_S = 3600
/** Ticks of the event loop a settle may take before it counts as stuck: far more than any real chain of awaits. */
const MAX_SETTLE_TICKS = 20_000
/** …and no less wall time than this. */
const MIN_SETTLE_MS = 5_000

/**
 * A browser keeps a cloned request's signal following the original's for as long as the clone lives (the DOM
 * standard's dependent signals). Node's fetch (undici) holds that link only weakly: once the original request is
 * garbage collected, aborting its signal no longer aborts the clone (nodejs/undici#4068). ky clones its request
 * before every send, so a call retried once was sent as a clone whose parent was gone, and a store that cleared or
 * superseded it left it held forever, in the next run's way, whenever a collection fell in between. Here a clone
 * is a request built on the original's signal, and the original is kept alive while its clone is, as in a browser.
 */
const originals = new WeakMap<Request, Request>()
const undiciClone = Request.prototype.clone
if (!Object.hasOwn(undiciClone, 'followsItsOriginal')) {
  const clone = function (this: Request): Request {
    const copy = new Request(undiciClone.call(this), { signal: this.signal })
    originals.set(copy, this)
    return copy
  }
  Object.defineProperty(clone, 'followsItsOriginal', { value: true })
  Request.prototype.clone = clone
}

export type CallKind = 'calculate' | 'save' | 'preview' | 'other'
/** How a held answer arrives: as the server gave it, lost (no answer), timed out, or replaced by a 500 or a 503. */
export type Delivery = 'answer' | 'network' | 'timeout' | 'server_error' | 'unavailable'

export interface HeldCall {
  readonly id: number
  readonly kind: CallKind
  readonly body: TuitionPayload | null
  /** The Authorization header it carried. */
  readonly authorization: string | null
  /** The status the server answered with (what `answer` delivers). */
  readonly status: number
  /** The save's Idempotency-Key header, and the version the server answered it with (stored, or replayed). */
  readonly idempotencyKey: string | null
  readonly savedHash: string | null
  /** The hash of the saved version a `GET Calculator/feestable/{hash}` reads; null for any other call. */
  readonly versionRead: string | null
}

/** The plan of a version each server has saved before the sequences start: a later plan links to it (store-model.ts). */
export const VERSION_SAVED_BEFORE: TuitionPayload = {
  currency: 'EUR',
  dateOfPayment: '2027-02-15',
  finalAmount: 8000,
  numberOfFees: 24,
  system: 2,
  financialType: 0,
  language: 'es',
  contractId: 'C-4',
  isSavedVersion: true,
  isFrontEndVersionCopy: true,
}

/**
 * A server whose answers the test delivers, one held call at a time: this controlled reference server, or the
 * scripted one of the flow alone (test/support/scripted-api.ts). The model (test/support/store-model.ts) drives either.
 */
export interface ServerUnderTest {
  /** Calls whose answers are held, oldest first. */
  held(): readonly HeldCall[]
  /** Every call that reached the server, in order. */
  readonly log: HeldCall[]
  /** Lets one held call's answer go, or fails it. */
  deliver(id: number, how: Delivery): void
  /** Waits until every call made has reached the held list and `quiet()` holds. */
  settle(quiet: () => boolean, describe?: () => string): Promise<void>
  /** Two valid bearer tokens (the host's refresh) and one the server refuses. */
  tokens: { first: string; second: string; refused: string }
  /** The hash of VERSION_SAVED_BEFORE as this server saved it. */
  readonly savedBefore: string
}

export interface ControlledApi extends ServerUnderTest {
  fetch: typeof fetch
  /** The server's "now": the drawdown day of its APRs. */
  readonly now: Date
}

function kindOf(url: string, body: TuitionPayload | null): CallKind {
  if (url.includes('/Calculator/CalculateFeeOptions')) return 'calculate'
  if (url.includes('/Calculator/FrontCalculateFees')) return body?.isFrontEndVersionCopy === true ? 'save' : 'preview'
  return 'other'
}

/** The hash a `GET Calculator/feestable/{hash}` reads, else null. */
const versionReadBy = (url: string) => {
  const read = /\/Calculator\/feestable\/([^?/]+)/.exec(url)
  return read ? decodeURIComponent(read[1]!) : null
}

export async function createControlledApi(now = new Date('2026-11-22T10:00:00Z')): Promise<ControlledApi> {
  const config = loadConfig({ FEES_DB: ':memory:', FEES_JWT_SECRET: SECRET, FEES_CORS_ORIGINS: '*', PORT: '0' })
  const { app } = createApp(config, { clock: () => now })
  const tokens = {
    first: await mintToken(SECRET, TOKEN_TTL_S),
    second: await mintToken(SECRET, TOKEN_TTL_S, 'refreshed'),
    refused: 'not-a-token',
  }
  const saveBefore = await app.fetch(
    new Request('http://127.0.0.1:9/api/v1/Calculator/FrontCalculateFees', {
      method: 'POST',
      headers: { Authorization: `Bearer ${tokens.first}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(VERSION_SAVED_BEFORE),
    }),
  )
  const savedBefore = ((await saveBefore.json()) as AmortizationTable).versionHashCode
  if (!savedBefore) throw new Error(`the version saved before the sequences was not saved: ${saveBefore.status}`)
  const waiting = new Map<number, HeldCall & { release(how: Delivery): void }>()
  const log: HeldCall[] = []
  // The server's work on calls that have not reached the held list yet (it may wait on the crypto thread pool).
  const arriving = new Set<Promise<void>>()
  let nextId = 0

  const heldFetch: typeof fetch = (input, init) => {
    const request = new Request(input, init)
    // The request it follows lives as long as this one (see above).
    if (input instanceof Request) originals.set(request, input)
    return new Promise<Response>((resolve, reject) => {
      const arrival = (async () => {
        const text = await request.clone().text()
        const body = text ? (JSON.parse(text) as TuitionPayload) : null
        const response = await app.fetch(request.clone())
        const answer = await response.text()
        nextId += 1
        const kind = kindOf(request.url, body)
        const call: HeldCall = {
          id: nextId,
          kind,
          body,
          authorization: request.headers.get('Authorization'),
          status: response.status,
          idempotencyKey: request.headers.get('Idempotency-Key'),
          savedHash:
            kind === 'save' && response.status === 200
              ? ((JSON.parse(answer) as { versionHashCode: string | null }).versionHashCode ?? null)
              : null,
          versionRead: versionReadBy(request.url),
        }
        log.push(call)
        const abort = () => {
          waiting.delete(call.id)
          reject(new DOMException('The call was cancelled.', 'AbortError'))
        }
        if (request.signal.aborted) return abort()
        request.signal.addEventListener('abort', abort, { once: true })
        waiting.set(call.id, {
          ...call,
          release(how) {
            waiting.delete(call.id)
            request.signal.removeEventListener('abort', abort)
            if (how === 'network') reject(new TypeError('fetch failed'))
            else if (how === 'timeout') reject(new DOMException('The operation timed out.', 'TimeoutError'))
            else if (how === 'server_error' || how === 'unavailable') {
              const status = how === 'server_error' ? 500 : 503
              const problem = { type: 'about:blank', title: 'Server error', status, code: 'internal_error' }
              resolve(
                new Response(JSON.stringify(problem), {
                  status,
                  headers: { 'Content-Type': 'application/problem+json' },
                }),
              )
            } else resolve(new Response(answer, { status: response.status, headers: response.headers }))
          },
        })
      })().catch(reject)
      arriving.add(arrival)
      void arrival.finally(() => arriving.delete(arrival))
    })
  }

  return {
    fetch: heldFetch,
    held: () => [...waiting.values()],
    log,
    deliver(id, how) {
      const call = waiting.get(id)
      if (!call) throw new Error(`no call ${id} is held`)
      call.release(how)
    },
    async settle(quiet, describe = () => '') {
      // Stuck only after both many turns and some seconds: a garbage collection or a module loading for the first time
      // can hold the loop longer than the turns alone allow on a loaded machine.
      const until = Date.now() + MIN_SETTLE_MS
      for (let tick = 0; tick < MAX_SETTLE_TICKS || Date.now() < until; tick += 1) {
        if (arriving.size > 0) await Promise.all(arriving)
        else if (quiet()) return
        await new Promise((resolve) => setImmediate(resolve))
      }
      const held = [...waiting.values()].map((call) => call.kind).join(', ')
      throw new Error(`the store never settled: held [${held}]; ${describe()}`)
    },
    tokens,
    savedBefore,
    now,
  }
}
