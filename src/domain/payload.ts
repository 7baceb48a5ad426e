import { roundCents } from './money.ts'
import { isErpSystem } from './systems.ts'
import { FinancialType, System, type FeesTableResult, type TuitionInput, type TuitionPayload } from './types.ts'

/** What the user chose on the screen: the parts of a plan they can change. */
export interface PlanChoice {
  numberOfFees: number
  /** `YYYY-MM-DD` */
  firstPaymentDate: string
  /** finalAmount (financing) or amountToRefinance (refinancing); null when blank. */
  initialAmount: number | null
  /** Refinancing only; blank means 0. */
  partialPayment: number | null
}

/** The choice a fees table stands for: what the screen shows after an answer. */
export function choiceOf(result: FeesTableResult): PlanChoice {
  return {
    numberOfFees: result.totalFees,
    firstPaymentDate: result.firstPaymentDate,
    initialAmount: result.initialAmount,
    partialPayment: result.partialPayment,
  }
}

/** The body of a request: the tuition input without its token. */
export function withoutToken(input: TuitionInput): TuitionPayload {
  const { token: _token, ...payload } = input
  return payload
}

const cents = (amount: number | null | undefined) => (amount === null || amount === undefined ? amount : roundCents(amount))

/**
 * The body of a calculation: the tuition input with the user's choice
 * applied. Financing sends the initial amount as finalAmount, refinancing as
 * amountToRefinance. Strict in what it sends, on every request, the first one
 * too: a blank partial payment is 0, and every amount is rounded half-up to
 * cents (a host's 5990.450000000001 goes out as 5990.45).
 *
 * For the Salesforce system with refinancing, amountToRefinance is set to the
 * amount to finance (amountToRefinance less the partial payment); the server
 * takes that figure as the amount to finance and answers the amount before the
 * partial payment as initialAmount, so a recalculation from the plan on screen
 * sends the same figure again.
 */
export function calculationPayload(input: TuitionInput, choice?: PlanChoice): TuitionPayload {
  const payload = withoutToken(input)
  if (choice) {
    payload.numberOfFees = choice.numberOfFees
    payload.dateOfPayment = choice.firstPaymentDate
    payload.partialPayment = choice.partialPayment
    if (input.financialType === FinancialType.Financing) payload.finalAmount = choice.initialAmount
    else payload.amountToRefinance = choice.initialAmount
  }
  payload.partialPayment = roundCents(payload.partialPayment ?? 0)
  payload.finalAmount = cents(payload.finalAmount)
  payload.amountToRefinance = cents(payload.amountToRefinance)
  if (input.system === System.Salesforce && input.financialType === FinancialType.Refinancing && typeof payload.amountToRefinance === 'number') {
    payload.amountToRefinance = roundCents(payload.amountToRefinance - payload.partialPayment)
  }
  return payload
}

export interface SaveContext {
  /** The element was given a tuition input by its host (not opened by hash). */
  embedded: boolean
  /** Hash of the version on screen, if any. */
  currentHash: string | null
}

/**
 * The body of a save, in the order of spec section 4: the payment date set,
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

/** ERP systems in embedded mode save without locking the version (spec section 4). */
export function saveLocks(input: TuitionInput, embedded: boolean): boolean {
  return !(embedded && isErpSystem(input.system))
}

/** ERP systems in embedded mode call the Anonymous variant of the endpoints (spec section 6). */
export function usesAnonymousEndpoints(input: TuitionInput, embedded: boolean): boolean {
  return embedded && isErpSystem(input.system)
}

/** Whether the amount may be edited: an editable result, not ERP, not refinancing (spec sections 5, 6). */
export function amountEditable(input: TuitionInput, result: FeesTableResult | null): boolean {
  return !!result?.isModificable && !isErpSystem(input.system) && result.financeType !== FinancialType.Refinancing
}
