import { isErpSystem } from './systems.ts'
import { type FeesTableResult, FinancialType, System, type TuitionInput, type TuitionPayload } from './types.ts'

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

/**
 * An amount rounded half-up to cents: hosts that add up fee components send
 * binary-float noise (`4890.35 + 1100.10` is `5990.450000000001`), and the
 * API reads money to the cent. Read through the number's shortest decimal
 * text, so 1.005 is 1.01 as a person reads it. See docs/rules.md#money.
 */
export function roundCents(amount: number): number {
  const [digits = '0', exponent = '0'] = String(amount).split('e')
  const cents = Math.round(Number(`${digits}e${Number(exponent) + 2}`))
  return Number(`${cents}e-2`) || 0
}

const cents = (amount: number | null | undefined) =>
  amount === null || amount === undefined ? null : roundCents(amount)

/**
 * The body of a calculation: the tuition input with the user's choice
 * applied. Financing sends the initial amount as finalAmount, refinancing as
 * amountToRefinance; a blank partial payment is sent as 0, every time; amounts
 * go rounded half-up to cents. For the Salesforce system with refinancing,
 * amountToRefinance carries the amount to finance (the partial payment already
 * taken off), which the API takes as it is (docs/rules.md#salesforce).
 */
export function calculationPayload(input: TuitionInput, choice?: PlanChoice): TuitionPayload {
  const payload = withoutToken(input)
  const refinancing = input.financialType === FinancialType.Refinancing
  const initialAmount = cents(choice ? choice.initialAmount : refinancing ? input.amountToRefinance : input.finalAmount)
  const partialPayment = cents(choice ? choice.partialPayment : input.partialPayment) ?? 0
  if (choice) {
    payload.numberOfFees = choice.numberOfFees
    payload.dateOfPayment = choice.firstPaymentDate
  }
  payload.partialPayment = partialPayment
  if (!refinancing) payload.finalAmount = initialAmount
  else if (input.system === System.Salesforce && initialAmount !== null)
    payload.amountToRefinance = roundCents(initialAmount - partialPayment)
  else payload.amountToRefinance = initialAmount
  return payload
}

/** ERP systems in embedded mode call the Anonymous variant of the endpoints: they send no token. */
export function usesAnonymousEndpoints(input: TuitionInput, embedded: boolean): boolean {
  return embedded && isErpSystem(input.system)
}

/** Whether the amount may be edited: an editable result, not an ERP system, not refinancing (there only the partial payment is). */
export function amountEditable(input: TuitionInput, result: FeesTableResult | null): boolean {
  return !!result?.isModificable && !isErpSystem(input.system) && result.financeType !== FinancialType.Refinancing
}
