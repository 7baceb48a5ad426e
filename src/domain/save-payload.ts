// The bodies of a save and of the schedule asked for before saving, and whether a save locks the plan: what SAVE
// sends (src/store/saving.ts), beside the calculation's body (payload.ts), which the first figures need alone.
import { calculationPayload, type PlanChoice } from './payload.ts'
import { isErpSystem } from './systems.ts'
import type { TuitionInput, TuitionPayload } from './types.ts'

export interface SaveContext {
  /** The element was given a tuition input by its host (not opened by hash). */
  embedded: boolean
  /** Hash of the version on screen, if any. */
  currentHash: string | null
}

/**
 * The body of a save, built in this order: the payment date set,
 * the version linked to the current hash when it has no link, marked as a saved
 * version and a front-end copy, and for ERP systems in embedded mode the saved
 * flag set back to false (they do not store a version).
 */
export function savePayload(input: TuitionInput, choice: PlanChoice, context: SaveContext): TuitionPayload {
  const payload = calculationPayload(input, choice)
  payload.dateOfPayment = choice.firstPaymentDate
  if (!payload.linkedVersionIdentifier && context.currentHash) payload.linkedVersionIdentifier = context.currentHash
  payload.isSavedVersion = true
  payload.isFrontEndVersionCopy = true
  if (context.embedded && isErpSystem(input.system)) payload.isSavedVersion = false
  return payload
}

/**
 * The body that asks FrontCalculateFees for the dated schedule of the plan on
 * screen without storing anything: the calculation body with the saved flag
 * forced off, because an input reopened from a saved version arrives with it on.
 */
export function previewPayload(input: TuitionInput, choice: PlanChoice): TuitionPayload {
  const payload = calculationPayload(input, choice)
  payload.isSavedVersion = false
  return payload
}

/** ERP systems in embedded mode save without locking the version: their ERP keeps it. */
export function saveLocks(input: TuitionInput, embedded: boolean): boolean {
  return !(embedded && isErpSystem(input.system))
}
