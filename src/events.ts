import type { ResponseErrorCode } from './api/responses.ts'
import type { TuitionError } from './domain/tuition.ts'
import type { AmortizationTable, FeesTableResult } from './domain/types.ts'

/**
 * A call to the API that failed: its HTTP status and the error body as the server sent it.
 * An answer with a successful status that the widget could not read has kind `response`,
 * a code saying why (`invalid_response`, `invalid_date`, `empty_response`, `not_json`)
 * and `field`, the part of the answer to blame (e.g. `firstPaymentDate`, `fees[3].dueDate`).
 */
export interface RequestFailure {
  code: 'request_failed' | ResponseErrorCode
  /** `http` (the server answered with an error), `network`, `timeout`, or `response` (an answer the widget could not read). */
  kind: 'http' | 'network' | 'timeout' | 'response'
  /** The HTTP status, null when no answer arrived. */
  status: number | null
  message: string
  /** The error body (an RFC 9457 problem from the reference API), or the refused answer; null when none. */
  body: unknown
  /** Only for kind `response`: the field of the answer that was refused, or `body`. */
  field?: string
}

/** Detail of `calculationResultReceivedEvent`: the fees table that was calculated. */
export type CalculationResultReceivedDetail = FeesTableResult
/** The calculator could not be drawn: the element shows a small panel with a retry instead. */
export interface RenderFailure {
  code: 'render_failed'
  /** The error's own message. */
  message: string
}

/** Detail of `invalidTuitionEvent`: why the tuition input was refused, the failed calculation, or a view that could not be drawn. */
export type InvalidTuitionDetail = TuitionError | RequestFailure | RenderFailure
/** Detail of `feeOptionSelectedEvent`: the amortization table of the saved plan, or the failed save. */
export type FeeOptionSelectedDetail = AmortizationTable | RequestFailure

/** The events `<fees-calculator>` sends to its host, by their exact names. */
export interface FeesCalculatorEventMap {
  calculationResultReceivedEvent: CustomEvent<CalculationResultReceivedDetail>
  invalidTuitionEvent: CustomEvent<InvalidTuitionDetail>
  feeOptionSelectedEvent: CustomEvent<FeeOptionSelectedDetail>
}

export type FeesCalculatorEventName = keyof FeesCalculatorEventMap
export type FeesCalculatorEventDetail<K extends FeesCalculatorEventName> = FeesCalculatorEventMap[K]['detail']

export const EVENT_NAMES = [
  'calculationResultReceivedEvent',
  'invalidTuitionEvent',
  'feeOptionSelectedEvent',
] as const satisfies readonly FeesCalculatorEventName[]

/** Something that tells the host what happened. */
export type Emit = <K extends FeesCalculatorEventName>(name: K, detail: FeesCalculatorEventDetail<K>) => void

/** Dispatches an event on `target` so that it crosses the shadow boundary and bubbles up the host page. */
export function dispatchFeesEvent<K extends FeesCalculatorEventName>(
  target: EventTarget,
  name: K,
  detail: FeesCalculatorEventDetail<K>,
): void {
  target.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true }))
}
