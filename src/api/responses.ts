/**
 * The response boundary: every answer of the four calls is parsed and
 * normalised here before the store sees it. The widget meets the university's
 * own API, not only the reference server, so it is liberal in what it reads
 * (date-times with or without a zone, extra fields, float noise on amounts)
 * and strict about what it passes on (required fields present and typed,
 * numbers finite, dates real). A refusal is a value, never an exception: the
 * store reports it as a failed call with a code and the field to blame.
 *
 * Hand-written guards rather than a schema library: they cost a few hundred
 * bytes, and the JS fetched before the first figures is counted.
 */
import { toIsoDate } from '../domain/dates.ts'
import { roundCents } from '../domain/money.ts'
import { validateTuitionInput } from '../domain/tuition.ts'
import type { AmortizationFee, AmortizationTable, FeesTableResult, SavedFeesTable } from '../domain/types.ts'

export type ResponseErrorCode =
  /** A 204, or a 2xx with nothing in the body. */
  | 'empty_response'
  /** A body that is not JSON, such as an SSO login page answered with 200. */
  | 'not_json'
  /** A required field missing or of the wrong type, or a number out of range. */
  | 'invalid_response'
  /** A date that cannot be read as UTC. */
  | 'invalid_date'

export interface ResponseError {
  code: ResponseErrorCode
  /** Where in the answer, e.g. `firstPaymentDate`, `fees[3].dueDate`, or `body`. */
  field: string
  message: string
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: ResponseError }

/**
 * What the client throws when an answer with a successful status is refused
 * here; `toApiError` turns it into a failed call. Told apart by name, like
 * ky's errors.
 */
export class InvalidResponseError extends Error {
  override readonly name = 'InvalidResponseError'
  constructor(
    readonly status: number,
    readonly detail: ResponseError,
    readonly body: unknown,
  ) {
    super(detail.message)
  }
}

/** Thrown inside a parser only, and turned into a value before it leaves this module. */
class Refusal extends Error {
  constructor(readonly detail: ResponseError) {
    super(detail.message)
  }
}

const refuse = (code: ResponseErrorCode, field: string, message: string): never => {
  throw new Refusal({ code, field, message })
}

function guarded<T>(parse: (body: unknown) => T): (body: unknown) => Parsed<T> {
  return (body) => {
    try {
      return { ok: true, value: parse(body) }
    } catch (error) {
      if (error instanceof Refusal) return { ok: false, error: error.detail }
      throw error
    }
  }
}

/**
 * Reads the raw answer of a successful status: a 204, an empty body or a body
 * that is not JSON is a failed call, not an empty result.
 */
export function parseJsonText(status: number, text: string): Parsed<unknown> {
  if (status === 204 || text.trim() === '') {
    return { ok: false, error: { code: 'empty_response', field: 'body', message: `The API answered ${status} with an empty body.` } }
  }
  try {
    return { ok: true, value: JSON.parse(text) as unknown }
  } catch {
    const start = text.trim().slice(0, 40)
    return { ok: false, error: { code: 'not_json', field: 'body', message: `The API answered ${status} with a body that is not JSON: ${start}` } }
  }
}

const path = (prefix: string, key: string) => (prefix ? `${prefix}.${key}` : key)
const kind = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value)

function object(value: unknown, at: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return refuse('invalid_response', at || 'body', `${at || 'The answer'} must be an object, not ${kind(value)}.`)
  }
  return value as Record<string, unknown>
}

function finite(value: unknown, at: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return refuse('invalid_response', at, `${at} must be a finite number, not ${kind(value)}.`)
  return value
}

/** Amounts are rounded half-up to cents: a backend's float noise (5990.450000000001) is not an error. */
function money(value: unknown, at: string): number {
  const n = finite(value, at)
  if (n < 0) return refuse('invalid_response', at, `${at} must not be negative.`)
  return roundCents(n)
}

export { roundCents }

/** A count of fees: a whole number within what a schedule can hold (the fee list draws each one). */
const MAX_COUNT = 1000
function count(value: unknown, at: string, min = 0): number {
  const n = finite(value, at)
  if (!Number.isInteger(n) || n < min || n > MAX_COUNT) return refuse('invalid_response', at, `${at} must be a whole number from ${min} to ${MAX_COUNT}.`)
  return n
}

function version(value: unknown, at: string): number {
  const n = finite(value, at)
  if (!Number.isSafeInteger(n) || n < 0) return refuse('invalid_response', at, `${at} must be a whole number.`)
  return n
}

function rate(value: unknown, at: string): number {
  const n = finite(value, at)
  if (n < 0 || n > 10) return refuse('invalid_response', at, `${at} must be a fraction such as 0.0595.`)
  return n
}

function date(value: unknown, at: string): string {
  const iso = toIsoDate(value)
  if (iso === null) return refuse('invalid_date', at, `${at} is not a date that can be read as UTC: ${JSON.stringify(value) ?? 'undefined'}.`)
  return iso
}

function currency(value: unknown, at: string): string {
  if (typeof value !== 'string' || !/^[A-Za-z]{3}$/.test(value)) return refuse('invalid_response', at, `${at} must be an ISO 4217 code such as EUR.`)
  return value.toUpperCase()
}

function boolean(value: unknown, at: string): boolean {
  if (typeof value !== 'boolean') return refuse('invalid_response', at, `${at} must be true or false, not ${kind(value)}.`)
  return value
}

function financeType(value: unknown, at: string): 0 | 1 {
  if (value !== 0 && value !== 1) return refuse('invalid_response', at, `${at} must be 0 (financing) or 1 (refinancing).`)
  return value
}

function feesTable(body: unknown, at: string): FeesTableResult {
  const o = object(body, at)
  const f = (key: string) => path(at, key)
  const minFees = count(o.minFees, f('minFees'), 1)
  const maxFees = count(o.maxFees, f('maxFees'), 1)
  if (maxFees < minFees) refuse('invalid_response', f('maxFees'), `${f('maxFees')} must not be less than minFees.`)
  return {
    totalFees: count(o.totalFees, f('totalFees'), 1),
    feeAmount: money(o.feeAmount, f('feeAmount')),
    firstPaymentDate: date(o.firstPaymentDate, f('firstPaymentDate')),
    minFees,
    maxFees,
    amountToFinance: money(o.amountToFinance, f('amountToFinance')),
    initialAmount: money(o.initialAmount, f('initialAmount')),
    partialPayment: o.partialPayment === null || o.partialPayment === undefined ? 0 : money(o.partialPayment, f('partialPayment')),
    interests: money(o.interests, f('interests')),
    finalFee: money(o.finalFee, f('finalFee')),
    financeType: financeType(o.financeType, f('financeType')),
    isModificable: boolean(o.isModificable, f('isModificable')),
    tin: rate(o.tin, f('tin')),
    tae: rate(o.tae, f('tae')),
    currency: currency(o.currency, f('currency')),
  }
}

function fee(body: unknown, at: string): AmortizationFee {
  const o = object(body, at)
  const f = (key: string) => path(at, key)
  return {
    number: count(o.number, f('number'), 1),
    dueDate: date(o.dueDate, f('dueDate')),
    fee: money(o.fee, f('fee')),
    interest: money(o.interest, f('interest')),
    principal: money(o.principal, f('principal')),
    balance: money(o.balance, f('balance')),
  }
}

/** Answer of `CalculateFeeOptions`. `partialPayment` may be absent or null (blank means 0). */
export const parseFeesTable = guarded((body) => feesTable(body, ''))

/** Answer of `FrontCalculateFees`. */
export const parseAmortizationTable = guarded((body): AmortizationTable => {
  const o = object(body, '')
  if (!Array.isArray(o.fees)) refuse('invalid_response', 'fees', `fees must be a list, not ${kind(o.fees)}.`)
  const list = o.fees as unknown[]
  if (list.length > MAX_COUNT) refuse('invalid_response', 'fees', `fees must hold at most ${MAX_COUNT} rows.`)
  const totals = object(o.totals, 'totals')
  const hash = o.versionHashCode
  if (hash !== null && hash !== undefined && (typeof hash !== 'string' || hash === '')) {
    refuse('invalid_response', 'versionHashCode', 'versionHashCode must be a text or null.')
  }
  const number = o.versionNumber === null || o.versionNumber === undefined ? null : version(o.versionNumber, 'versionNumber')
  return {
    versionHashCode: (hash as string | null | undefined) ?? null,
    versionNumber: number,
    currency: currency(o.currency, 'currency'),
    fees: list.map((row, index) => fee(row, `fees[${index}]`)),
    totals: {
      amountToFinance: money(totals.amountToFinance, 'totals.amountToFinance'),
      interests: money(totals.interests, 'totals.interests'),
      finalFee: money(totals.finalFee, 'totals.finalFee'),
    },
  }
})

/** Answer of `GET /Calculator/feestable/{hash}`: the plan and the input it was made from. */
export const parseSavedFeesTable = guarded((body): SavedFeesTable => {
  const o = object(body, '')
  const result = feesTable(o.result, 'result')
  const input = validateTuitionInput(o.tuitionInput)
  if (!input.ok) {
    const field = input.error.field ? `tuitionInput.${input.error.field}` : 'tuitionInput'
    refuse(input.error.code === 'invalid_date' ? 'invalid_date' : 'invalid_response', field, `${field}: ${input.error.message}`)
  }
  const { token: _token, ...tuitionInput } = (input as { ok: true; value: SavedFeesTable['tuitionInput'] & { token?: unknown } }).value
  return { result, tuitionInput }
})

/** Answer of `GET /Version/Number`: a whole number, as JSON. */
export const parseVersionNumber = guarded((body): number => version(body, 'versionNumber'))
