// ky, the engine of the one request path (request.ts), in a lazy chunk of its own (chunks.ts): the first figures
// do not wait for it. It sends every try of a call by the rules of wire.ts, and brings the readers of the answers
// that come after the first figures (responses-with-ky.ts).
import ky from 'ky'

export { parseAmortizationTable, parseSavedFeesTable, parseVersionNumber } from './responses-with-ky.ts'

import { READ_RETRY, SAVE_RETRY } from './retry.ts'
import { type Call, requestOf, setCredentials, type Wire } from './wire.ts'

/** Sends a call; `first` is the answer of a first try already sent with fetch, which ky reads as its own. */
export function send(wire: () => Wire, call: Call, signal: AbortSignal, first?: Promise<Response>): Promise<Response> {
  const { fetch, retryDelay } = wire()
  let pending = first
  return ky(requestOf(wire(), call, signal), {
    signal,
    // The call's deadline (request.ts) is its time limit, for all its tries together.
    timeout: false,
    ...(fetch ? { fetch } : {}),
    retry: { ...(call.idempotencyKey ? SAVE_RETRY : READ_RETRY), ...(retryDelay ? { delay: retryDelay } : {}) },
    hooks: {
      beforeRequest: [
        (request) => {
          if (!pending) return setCredentials(request, wire())
          const answer = pending
          pending = undefined
          return answer
        },
      ],
    },
  })
}
