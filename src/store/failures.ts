// A failed call, as the host is told it (the event's detail) and as the card says it (by kind): the store's side
// of a failure. How the card words each kind is the view's (src/ui/failure-words.ts).
import { type ApiError, isProblem } from '../api/errors.ts'
import type { RequestFailure } from '../events.ts'
import type { AmountRefusal, CalculationFailure } from './state.ts'

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

/** The problem's code of an error status, when its body is a problem (RFC 9457). */
function codeOf(error: ApiError): string | null {
  const code = error.kind === 'http' && isProblem(error.body) ? error.body.code : null
  return typeof code === 'string' && code !== '' ? code : null
}

/** How the card says a failed call. */
export function calculationFailureOf(error: ApiError): CalculationFailure {
  if (error.kind === 'network') return { kind: 'connection', status: null, code: null }
  if (error.kind === 'timeout') return { kind: 'timeout', status: null, code: null }
  if (error.kind === 'response') return { kind: 'unreadable', status: error.status, code: null }
  const { status } = error
  const kind =
    status === 401 || status === 403 ? 'session' : status === 429 || status >= 500 ? 'unavailable' : 'refused'
  return { kind, status, code: codeOf(error) }
}

/** An amount the student typed that the API refused (400/422): the field says why. Null for any other failure. */
export function amountRefusalOf(
  change: Pick<AmountRefusal, 'field' | 'value'> | undefined,
  error: ApiError,
): AmountRefusal | null {
  if (!change || error.kind !== 'http' || (error.status !== 400 && error.status !== 422)) return null
  return { ...change, code: codeOf(error) ?? '' }
}
