/**
 * The response boundary: every answer of the API is read here before the
 * store sees it. The widget meets the university's own API, not only the
 * reference server, so it is liberal in what it reads — dates in any ISO 8601
 * form taken as UTC days, unknown fields dropped, a blank partial payment
 * read as 0 — and strict in what it keeps: every required field present, of
 * its type, finite and in range. Anything else is a failed call whose code and
 * field say what was wrong, never an exception, a blank element or a "NaN" on
 * screen. See docs/rules.md#failures.
 */
import { MAX_FEE_COUNT, toIsoDate } from '@fees-calculator/contract'
import { type FeesTableResult, FinancialType } from '../domain/types.ts'
import { ResponseError, type ResponseProblem } from './response-error.ts'

export type { ResponseProblem }

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: ResponseProblem }

/** Thrown by the readers below and caught by `parsed`: the first problem found ends the reading. */
class Refused extends Error {
  constructor(readonly problem: ResponseProblem) {
    super(problem.message)
  }
}

export const refuse = (field: string, message: string, code: ResponseProblem['code'] = 'invalid_response'): never => {
  throw new Refused({ code, field, message: `${field} ${message}` })
}

export type Fields = Record<string, unknown>

export function object(value: unknown, field: string): Fields {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return refuse(field, 'must be an object')
  return value as Fields
}

const at = (parent: string, key: string) => (parent ? `${parent}.${key}` : key)

/** A finite number, at least `min`; whole when asked. */
export function number(
  o: Fields,
  key: string,
  parent: string,
  { min = 0, max = Infinity, whole = false } = {},
): number {
  const value = o[key]
  const field = at(parent, key)
  if (typeof value !== 'number' || !Number.isFinite(value)) return refuse(field, 'must be a finite number')
  if (whole && !Number.isInteger(value)) return refuse(field, 'must be a whole number')
  if (value < min || value > max) return refuse(field, `must be between ${min} and ${max}`)
  return value
}

/** An amount of money: finite, not negative, kept to the cent the server gave. */
export const money = (o: Fields, key: string, parent = '') => number(o, key, parent)

/** A number the answer may leave blank (null or missing), read as 0. */
const moneyOrZero = (o: Fields, key: string, parent = '') =>
  o[key] === null || o[key] === undefined ? 0 : money(o, key, parent)

function text(o: Fields, key: string, parent = ''): string {
  const value = o[key]
  if (typeof value !== 'string' || value === '') return refuse(at(parent, key), 'must be a non-empty string')
  return value
}

export function optionalText(o: Fields, key: string, parent = ''): string | null {
  return o[key] === null || o[key] === undefined ? null : text(o, key, parent)
}

function flag(o: Fields, key: string, parent = ''): boolean {
  const value = o[key]
  if (typeof value !== 'boolean') return refuse(at(parent, key), 'must be true or false')
  return value
}

/** A date in any form the widget accepts (see DATE_OR_DATE_TIME in dates.ts), kept as its UTC day `YYYY-MM-DD`. */
export function date(o: Fields, key: string, parent = ''): string {
  const field = at(parent, key)
  return (
    toIsoDate(o[key]) ??
    refuse(field, `is not a date that can be read as UTC: ${JSON.stringify(o[key])}`, 'invalid_date')
  )
}

/** ISO 4217: three letters. Undefined when the answer names none: the screen shows the input's or the default currency. */
export function currency(o: Fields, parent = ''): string | undefined {
  const value = optionalText(o, 'currency', parent)
  if (value === null) return undefined
  if (!/^[A-Za-z]{3}$/.test(value)) return refuse(at(parent, 'currency'), 'must be a three-letter ISO 4217 code')
  return value.toUpperCase()
}

export function feesTable(body: unknown, parent = ''): FeesTableResult {
  const o = object(body, parent || '(body)')
  const minFees = number(o, 'minFees', parent, { min: 1, max: MAX_FEE_COUNT, whole: true })
  const maxFees = number(o, 'maxFees', parent, { min: minFees, max: MAX_FEE_COUNT, whole: true })
  const financeType = o.financeType
  if (financeType !== FinancialType.Financing && financeType !== FinancialType.Refinancing) {
    refuse(at(parent, 'financeType'), 'must be 0 (financing) or 1 (refinancing)')
  }
  const result: FeesTableResult = {
    totalFees: number(o, 'totalFees', parent, { min: 1, max: MAX_FEE_COUNT, whole: true }),
    feeAmount: money(o, 'feeAmount', parent),
    firstPaymentDate: date(o, 'firstPaymentDate', parent),
    minFees,
    maxFees,
    amountToFinance: money(o, 'amountToFinance', parent),
    initialAmount: money(o, 'initialAmount', parent),
    partialPayment: moneyOrZero(o, 'partialPayment', parent),
    interests: money(o, 'interests', parent),
    finalFee: money(o, 'finalFee', parent),
    financeType: financeType as FinancialType,
    isModificable: flag(o, 'isModificable', parent),
    tin: number(o, 'tin', parent, { max: 10 }),
    tae: number(o, 'tae', parent, { max: 10 }),
    currency: currency(o, parent) ?? '',
  }
  return result
}

export function parsed<T>(read: (body: unknown) => T): (body: unknown) => Parsed<T> {
  return (body) => {
    try {
      return { ok: true, value: read(body) }
    } catch (error) {
      if (error instanceof Refused) return { ok: false, error: error.problem }
      throw error
    }
  }
}

/** The answer of `CalculateFeeOptions`. */
export const parseFeesTable = parsed((body) => feesTable(body))
/**
 * Reads a raw answer's text as JSON. A 204, an empty body or a body that is
 * not JSON (an SSO login page answered with 200) is a failed call.
 */
export function parseJsonText(status: number, text: string): Parsed<unknown> {
  if (status === 204 || text.trim() === '') {
    return {
      ok: false,
      error: { code: 'invalid_response', field: '(body)', message: `(body) is empty (status ${status})` },
    }
  }
  try {
    return { ok: true, value: JSON.parse(text) }
  } catch {
    const start = text.trim().slice(0, 40)
    return {
      ok: false,
      error: { code: 'invalid_response', field: '(body)', message: `(body) is not JSON: ${JSON.stringify(start)}` },
    }
  }
}

/** Reads a success answer through the boundary: its value, or a ResponseError naming what was wrong. */
export async function readAnswer<T>(
  response: Response,
  parse: (body: unknown) => Parsed<T> | Promise<Parsed<T>>,
): Promise<T> {
  const json = parseJsonText(response.status, await response.text())
  const result = json.ok ? await parse(json.value) : json
  if (!result.ok) throw new ResponseError(response.status, result.error)
  return result.value
}
