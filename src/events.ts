import type { TuitionError } from './domain/tuition.ts'
import type { AmortizationTable, FeesTableResult } from './domain/types.ts'

/**
 * A call to the API that failed: no answer, an error status, or an answer the
 * widget could not read (a body that is not JSON, a missing field, a date that
 * is not a date): then `code` says which and `field` where.
 */
export interface RequestFailure {
  /** `request_failed`; `invalid_response` or `invalid_date` when the answer arrived but could not be read. */
  code: 'request_failed' | 'invalid_response' | 'invalid_date'
  /** `http` (the server answered with an error), `network`, `timeout`, or `response` (an unreadable answer). */
  kind: 'http' | 'network' | 'timeout' | 'response'
  /** The HTTP status, null when no answer arrived. */
  status: number | null
  message: string
  /** The error body (an RFC 9457 problem from the reference API), null when none. */
  body: unknown
  /** With `invalid_response` / `invalid_date`: the field of the answer that was wrong, e.g. `fees[3].dueDate`. */
  field?: string
}

/** The calculator could not be drawn (its panel says so and offers a retry). */
export interface RenderFailure {
  code: 'render_failed'
  message: string
}

/** Detail of `calculationResultReceivedEvent`: the fees table that was calculated. */
export type CalculationResultReceivedDetail = FeesTableResult
/** Detail of `invalidTuitionEvent`: why the tuition input was refused, the failed calculation, or a screen that could not be drawn. */
export type InvalidTuitionDetail = TuitionError | RequestFailure | RenderFailure
/** A saved version, by its hash, and its number when it is known. */
export interface VersionReference {
  versionHashCode: string
  versionNumber: number | null
}

/** The amortization table of a saved plan, naming the saved version it replaces (null when it replaces none). */
export type SavedPlanDetail = AmortizationTable & { replacedVersion: VersionReference | null }

/** Detail of `feeOptionSelectedEvent`: the saved plan's amortization table and the version it replaces, or the failed save. */
export type FeeOptionSelectedDetail = SavedPlanDetail | RequestFailure

/**
 * Detail of `planDownloadEvent`: the student took the plan as a PDF, its due dates as a calendar file, or the
 * standard European consumer credit information of a plan with interest as a PDF.
 */
export interface PlanDownloadDetail {
  kind: 'pdf' | 'ics' | 'credit-information'
  fileName: string
  contractId: string | null
  /** Null for a simulation (a PDF before saving), and for a plan opened by its hash whose number could not be fetched. */
  versionNumber: number | null
  /** Null for a simulation. */
  versionHashCode: string | null
}

/** Detail of `planShareEvent`: the student sent the saved plan's link to whoever pays. */
export interface PlanShareDetail {
  /** `share`: the device's share sheet took it (Web Share API); `copy`: the link was copied to the clipboard. */
  method: 'share' | 'copy'
  /** The link sent: the host's `plan-url` with the version's hash in place of `{hash}`. */
  url: string
  /** The plan's PDF went with the link (where the device shares files). */
  withPdf: boolean
  contractId: string | null
  versionNumber: number | null
  versionHashCode: string
}

/** The events `<fees-calculator>` sends to its host, by their exact names. */
export interface FeesCalculatorEventMap {
  calculationResultReceivedEvent: CustomEvent<CalculationResultReceivedDetail>
  invalidTuitionEvent: CustomEvent<InvalidTuitionDetail>
  feeOptionSelectedEvent: CustomEvent<FeeOptionSelectedDetail>
  planDownloadEvent: CustomEvent<PlanDownloadDetail>
  planShareEvent: CustomEvent<PlanShareDetail>
}

export type FeesCalculatorEventName = keyof FeesCalculatorEventMap
export type FeesCalculatorEventDetail<K extends FeesCalculatorEventName> = FeesCalculatorEventMap[K]['detail']

/** Each event, and the React component's callback for it (`<FeesCalculator onFeeOptionSelected={…}>`). */
export const EVENT_CALLBACKS = {
  calculationResultReceivedEvent: 'onCalculationResultReceived',
  invalidTuitionEvent: 'onInvalidTuition',
  feeOptionSelectedEvent: 'onFeeOptionSelected',
  planDownloadEvent: 'onPlanDownload',
  planShareEvent: 'onPlanShare',
} as const satisfies Record<FeesCalculatorEventName, `on${string}`>

export const EVENT_NAMES = Object.keys(EVENT_CALLBACKS) as FeesCalculatorEventName[]

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
