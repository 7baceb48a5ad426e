/**
 * Reading a request body as a tuition payload, in two steps that map to two
 * statuses: `parseTuitionPayload` checks shapes and types (400), and
 * `checkFinanceable` checks that a well-formed input can be financed (422).
 */
import {
  FinancialType,
  MAX_AMOUNT,
  type Problem,
  type ProblemField,
  System,
  type TuitionPayload,
} from '@fees-calculator/contract'
import { type CalendarDate, parseDateOfPayment } from './dates.ts'
import { toCents } from './money/index.ts'
import { type ProblemCode, problem } from './problem.ts'

/** Amounts over the contract's MAX_AMOUNT cannot be financed (422 amount_too_large). */
export const MAX_AMOUNT_CENTS = BigInt(MAX_AMOUNT) * 100n
/** The currency of an input that names none. */
const DEFAULT_CURRENCY = 'USD'
const KNOWN_SYSTEMS: readonly number[] = Object.values(System)
const KNOWN_FINANCIAL_TYPES: readonly number[] = Object.values(FinancialType)
/** Upper bounds on text fields: generous for real data, small enough to keep stored versions small. */
const MAX_LENGTH = {
  currency: 16,
  language: 35,
  studyIdName: 200,
  contractId: 100,
  linkedVersionIdentifier: 100,
} as const

/** The three amounts, as cents; null when blank. */
interface Amounts {
  finalAmount: bigint | null
  partialPayment: bigint | null
  amountToRefinance: bigint | null
}

/** A well-typed tuition payload, with what the calculation needs already read. */
export interface TuitionRequest {
  /** The body as sent; storedPayload gives what a saved version keeps of it. */
  input: Readonly<Partial<Record<(typeof PAYLOAD_FIELDS)[number], unknown>>>
  system: System
  financialType: FinancialType
  firstDate: CalendarDate
  /** As sent; missing or 0 means the minimum. */
  numberOfFees: number | null
  /** As sent, upper-cased, USD when blank. */
  currency: string
  amounts: Amounts
  contractId: string | null
  linkedVersionIdentifier: string | null
  isSavedVersion: boolean
}

export type Outcome<T> = { ok: true; value: T } | { ok: false; problem: Problem }

/** The fields a payload may carry; `token` is read by nobody and dropped. */
export const PAYLOAD_FIELDS = [
  'currency',
  'dateOfPayment',
  'numberOfFees',
  'finalAmount',
  'partialPayment',
  'amountToRefinance',
  'system',
  'financialType',
  'language',
  'studyIdName',
  'contractId',
  'linkedVersionIdentifier',
  'isSavedVersion',
  'isFrontEndVersionCopy',
] as const satisfies readonly (keyof TuitionPayload)[]

/** Parses JSON text; a 400 malformed_json problem when it is not JSON. */
export function parseJson(text: string): Outcome<unknown> {
  try {
    return { ok: true, value: JSON.parse(text) as unknown }
  } catch {
    return { ok: false, problem: problem('malformed_json', 'The request body could not be parsed as JSON.') }
  }
}

/**
 * Checks the shape and types of a payload; every failing field is listed in one 400 problem.
 * Each field is read once, by its name, and the readers below take its value: this runs on every
 * calculation, and a read by a name that varies (input[field]) is several times slower than one by a
 * fixed name. A JSON object's fields are its own, so reading them by name reads what was sent.
 */
export function parseTuitionPayload(body: unknown): Outcome<TuitionRequest> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return invalid([{ field: 'body', message: 'must be a JSON object' }])
  }
  const input = body as Partial<Record<(typeof PAYLOAD_FIELDS)[number], unknown>>
  const errors: ProblemField[] = []

  const system = readOneOf(input.system, errors, 'system', KNOWN_SYSTEMS)
  const financialType = readOneOf(input.financialType, errors, 'financialType', KNOWN_FINANCIAL_TYPES)
  let firstDate: CalendarDate | null = null
  const dateOfPayment = input.dateOfPayment
  if (blank(dateOfPayment)) fail(errors, 'dateOfPayment', 'is required')
  else if (typeof dateOfPayment !== 'string') fail(errors, 'dateOfPayment', 'must be a string')
  else {
    firstDate = parseDateOfPayment(dateOfPayment)
    if (firstDate === null) fail(errors, 'dateOfPayment', 'must be a real date, YYYY-MM-DD or an ISO 8601 date-time')
  }
  let numberOfFees: number | null = null
  const fees = input.numberOfFees
  if (!blank(fees)) {
    if (typeof fees !== 'number' || !Number.isInteger(fees))
      fail(errors, 'numberOfFees', 'must be a whole number or null')
    else numberOfFees = fees
  }
  const amounts: Amounts = {
    finalAmount: readAmount(input.finalAmount, errors, 'finalAmount'),
    partialPayment: readAmount(input.partialPayment, errors, 'partialPayment'),
    amountToRefinance: readAmount(input.amountToRefinance, errors, 'amountToRefinance'),
  }
  // The amount that is spread depends on the type (finalAmount to finance, amountToRefinance to refinance), so it alone is required.
  if (financialType === 0 && blank(input.finalAmount))
    fail(errors, 'finalAmount', 'is required when financialType is 0')
  if (financialType === 1 && blank(input.amountToRefinance))
    fail(errors, 'amountToRefinance', 'is required when financialType is 1')
  const currency = readText(input.currency, errors, 'currency')
  const contractId = readText(input.contractId, errors, 'contractId')
  const linkedVersionIdentifier = readText(input.linkedVersionIdentifier, errors, 'linkedVersionIdentifier')
  readText(input.language, errors, 'language')
  readText(input.studyIdName, errors, 'studyIdName')
  const isSavedVersion = readFlag(input.isSavedVersion, errors, 'isSavedVersion')
  readFlag(input.isFrontEndVersionCopy, errors, 'isFrontEndVersionCopy')

  if (errors.length > 0 || system === null || financialType === null || firstDate === null) return invalid(errors)

  return {
    ok: true,
    value: {
      input,
      system: system as System,
      financialType: financialType as FinancialType,
      firstDate,
      numberOfFees,
      currency: (currency ?? DEFAULT_CURRENCY).toUpperCase(),
      amounts,
      contractId,
      linkedVersionIdentifier,
      isSavedVersion,
    },
  }
}

/**
 * The known fields of a checked request as sent, without `token` nor any unknown field: what a saved
 * version stores. Written out when a version is saved, not for every calculation.
 */
export function storedPayload(request: TuitionRequest): TuitionPayload {
  const payload: Record<string, unknown> = {}
  for (const field of PAYLOAD_FIELDS) if (Object.hasOwn(request.input, field)) payload[field] = request.input[field]
  return payload as unknown as TuitionPayload
}

function fail(errors: ProblemField[], field: string, message: string): void {
  errors.push({ field, message })
}

/** Whether a field's value is blank: missing, or null (both mean "not given"). */
function blank(value: unknown): value is null | undefined {
  return value === null || value === undefined
}

function readText(value: unknown, errors: ProblemField[], field: keyof typeof MAX_LENGTH): string | null {
  if (blank(value)) return null
  if (typeof value !== 'string') {
    fail(errors, field, 'must be a string or null')
    return null
  }
  if (value.length > MAX_LENGTH[field]) {
    fail(errors, field, `must be at most ${MAX_LENGTH[field]} characters`)
    return null
  }
  return value
}

function readAmount(value: unknown, errors: ProblemField[], field: keyof Amounts): bigint | null {
  if (blank(value)) return null
  if (typeof value !== 'number') {
    fail(errors, field, 'must be a number or null')
    return null
  }
  // Beyond the cap only the sign matters, and JSON can spell numbers too big for a double (1e400).
  if (!Number.isFinite(value)) return value > 0 ? MAX_AMOUNT_CENTS + 1n : -(MAX_AMOUNT_CENTS + 1n)
  // Amounts with binary-float noise or more decimals are rounded half-up to cents, never refused for it.
  return toCents(value)
}

function readFlag(value: unknown, errors: ProblemField[], field: 'isSavedVersion' | 'isFrontEndVersionCopy'): boolean {
  if (blank(value)) return false
  if (typeof value !== 'boolean') {
    fail(errors, field, 'must be true, false or null')
    return false
  }
  return value
}

function readOneOf(
  value: unknown,
  errors: ProblemField[],
  field: 'system' | 'financialType',
  allowed: readonly number[],
): number | null {
  if (blank(value)) {
    fail(errors, field, 'is required')
    return null
  }
  if (typeof value !== 'number' || !allowed.includes(value)) {
    fail(errors, field, `must be one of ${allowed.join(', ')}`)
    return null
  }
  return value
}

/** What a financeable request spreads, in cents. */
export interface Financeable {
  request: TuitionRequest
  /** A: the amount to finance. */
  amountToFinance: bigint
  /** finalAmount (financing) or amountToRefinance (refinancing). */
  initialAmount: bigint
  /** 0 for financing. */
  partialPayment: bigint
  /** n, within min..max. */
  numberOfFees: number
}

export interface FeeLimits {
  minFees: number
  maxFees: number
}

const KNOWN_CURRENCIES = new Set(Intl.supportedValuesOf('currency'))

/**
 * The 422 rules: an unknown currency, an amount over the cap, a negative or too
 * large partial payment, nothing to finance, a fee count outside min..max
 * (docs/rules.md#limits-of-the-reference-api). Every failing field is listed; the
 * problem's code is that of the first failing rule in this order, so it is
 * the same for the same input every time.
 */
export function checkFinanceable(request: TuitionRequest, limits: FeeLimits): Outcome<Financeable> {
  const failures: Failure[] = []
  const refinancing = request.financialType === 1
  const { finalAmount, amountToRefinance } = request.amounts
  const partialPayment = refinancing ? (request.amounts.partialPayment ?? 0n) : 0n
  const initialField = refinancing ? 'amountToRefinance' : 'finalAmount'
  // Salesforce refinancing sends the amount to finance itself: the partial payment is not taken off a second
  // time, and the answer's initial amount is the one before it, as the screen shows it (docs/rules.md#salesforce).
  const salesforceRefinancing = refinancing && request.system === System.Salesforce
  const sent = (refinancing ? amountToRefinance : finalAmount) ?? 0n
  const initialAmount = salesforceRefinancing ? sent + partialPayment : sent
  const amountToFinance = initialAmount - partialPayment
  const n = request.numberOfFees === null || request.numberOfFees === 0 ? limits.minFees : request.numberOfFees

  if (!KNOWN_CURRENCIES.has(request.currency))
    addFailure(failures, 'unknown_currency', 'currency', 'must be an ISO 4217 currency code')
  const cap = MAX_AMOUNT_CENTS
  if (initialAmount > cap || initialAmount < -cap)
    addFailure(failures, 'amount_too_large', initialField, 'must not be over 10000000')
  if (partialPayment > cap || partialPayment < -cap)
    addFailure(failures, 'amount_too_large', 'partialPayment', 'must not be over 10000000')
  if (partialPayment < 0n) addFailure(failures, 'negative_amount', 'partialPayment', 'must not be negative')
  if (partialPayment > 0n && partialPayment > initialAmount) {
    addFailure(
      failures,
      'partial_payment_exceeds_amount',
      'partialPayment',
      'must not be larger than amountToRefinance',
    )
  }
  if (amountToFinance <= 0n) addFailure(failures, 'amount_not_positive', initialField, 'leaves nothing to finance')
  if (n < limits.minFees || n > limits.maxFees) {
    addFailure(
      failures,
      'fee_count_out_of_range',
      'numberOfFees',
      `must be between ${limits.minFees} and ${limits.maxFees}`,
    )
  }

  const [first] = failures
  if (first !== undefined) {
    const errors = failures.map(({ field, message }) => ({ field, message }))
    return {
      ok: false,
      problem: problem(first.code, `This input cannot be financed: ${first.field} ${first.message}.`, errors),
    }
  }
  return { ok: true, value: { request, amountToFinance, initialAmount, partialPayment, numberOfFees: n } }
}

interface Failure {
  code: ProblemCode
  field: string
  message: string
}

function addFailure(failures: Failure[], code: ProblemCode, field: string, message: string): void {
  failures.push({ code, field, message })
}

function invalid(errors: ProblemField[]): Outcome<never> {
  const fields = errors.map((error) => error.field).join(', ')
  return { ok: false, problem: problem('validation_failed', `Invalid or missing fields: ${fields}.`, errors) }
}
