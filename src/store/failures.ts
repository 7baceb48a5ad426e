// A failed call, as the host is told it (the event's detail) and as the card says it (by kind): the store's side
// of a failure. How the card words each kind is the view's (src/ui/failure-words.ts).
import { type ApiError, isProblem } from '../api/errors.ts'
import type { RequestFailure } from '../events.ts'
import type { AmountChange } from './slice.ts'
import type { AmountRefusal, CalculationFailure, SaveRefusal } from './state.ts'

/** The detail of the host's event: everything the failure says, the server's own body and words included. */
export function failureOf(error: ApiError): RequestFailure {
  if (error.kind === 'response') {
    const { code, field, message, status } = error
    return { code, kind: 'response', status, message, body: null, field }
  }
  return {
    code: 'request_failed',
    kind: error.kind,
    status: error.kind === 'http' ? error.status : null,
    message: error.message,
    body: error.kind === 'http' ? error.body : null,
  }
}

/** How the card words a failed calculation. */
export function calculationFailureOf(error: ApiError): CalculationFailure {
  if (error.kind === 'network') return { kind: 'connection', status: null }
  if (error.kind === 'timeout') return { kind: 'timeout', status: null }
  if (error.kind === 'response') return { kind: 'unreadable', status: error.status }
  const { status } = error
  if (status === 401 || status === 403) return { kind: 'session', status }
  if (status === 429 || status >= 500) return { kind: 'unavailable', status }
  return { kind: 'refused', status }
}

/** A SAVE that stored nothing, for the notice that says so. */
export function saveRefusalOf(stage: SaveRefusal['stage'], error: ApiError): SaveRefusal {
  return {
    stage,
    failure: error.kind,
    status: error.kind === 'http' || error.kind === 'response' ? error.status : null,
  }
}

/** An amount the student typed that the API refused (400/422): the field says why. Null for any other failure. */
export function amountRefusalOf(change: AmountChange | undefined, error: ApiError): AmountRefusal | null {
  if (!change || error.kind !== 'http' || (error.status !== 400 && error.status !== 422)) return null
  const problem = isProblem(error.body) ? error.body : null
  return { ...change, code: problem?.code ?? '', detail: problem?.detail || null }
}
