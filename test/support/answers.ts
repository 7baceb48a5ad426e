import fc from 'fast-check'
import type { AmortizationTable, FeesTableResult, TuitionPayload } from '../../src/domain/types.ts'
import { anyValue } from './arbitraries.ts'

/** One generated answer of the API: a status, a raw body and its Content-Type. */
export interface Answer {
  status: number
  /** Sent as is; null for a status that has no body (204, 304). */
  body: string | null
  contentType: string
}

/** Statuses with no body at all. */
export const NULL_BODY_STATUSES = new Set([204, 205, 304])

/** Every form of date a backend may send that the widget accepts as UTC, for 2027-01-05. */
export const ACCEPTED_DATES = [
  '2027-01-05',
  '2027-01-05T00:00:00',
  '2027-01-05T00:00:00Z',
  '2027-01-05T00:00:00.000Z',
  '2027-01-05T00:00:00.1234567',
  '2027-01-05T00:00:00+00:00',
  '2027-01-05T10:30:00-03:00',
  '2027-01-05T12:00:00.5+0100',
  '2027-01-05 08:00:00',
]

/** Broken dates: not a real day, a local form, a number, an instant text, half a date. */
export const BROKEN_DATES: unknown[] = [
  '2026-02-30',
  '2027-04-31T00:00:00Z',
  '2027-13-01',
  '05/01/2027',
  '2027-1-5',
  '',
  'Invalid Date',
  'undefined',
  'NaN',
  '2027-01-05T25:00:00',
  '2027-01-05T10:60:00',
  '2027-01-05T00:00:00+25:00',
  '/Date(1798502400000)/',
  'Tue Jan 05 2027',
  1798502400000,
  true,
  null,
  [],
  {},
]

const dateValue = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...ACCEPTED_DATES) },
  { weight: 2, arbitrary: fc.constantFrom(...BROKEN_DATES) },
  { weight: 1, arbitrary: fc.date({ min: new Date('1970-01-01'), max: new Date('2200-12-31'), noInvalidDate: true }).map((d) => d.toISOString()) },
  { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
)

const oddNumber = fc.oneof(
  fc.constantFrom(1e308, -1e308, 1e21, -1, -0.01, 0, 0.005, 5990.450000000001, Number.MAX_SAFE_INTEGER),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer({ min: -1000, max: 1_000_000 }),
)

/** What a field may become: missing, null, of the wrong type, an odd number, or anything. */
const mutation = (good: fc.Arbitrary<unknown>, odd: fc.Arbitrary<unknown>) =>
  fc.oneof(
    { weight: 12, arbitrary: good },
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: odd },
    { weight: 1, arbitrary: anyValue },
  )

const money = (value: number) => mutation(fc.oneof(fc.constant(value), fc.constant(value + 1e-9), fc.integer({ min: 0, max: 9_999_999 }).map((c) => c / 100)), oddNumber)
const wholeNumber = (value: number) => mutation(fc.constant(value), oddNumber)
const dateField = mutation(fc.constantFrom(...ACCEPTED_DATES), dateValue)
const extras = fc.dictionary(fc.constantFrom('$id', 'extra', 'links', 'Fees', 'meta', '__proto__x'), anyValue, { maxKeys: 2 })

/** Drops the fields a mutation made undefined, as JSON.stringify would. */
const record = (fields: Record<string, fc.Arbitrary<unknown>>) => fc.tuple(fc.record(fields), extras).map(([o, extra]) => ({ ...extra, ...o }))

export function feesTableLike(base: FeesTableResult): fc.Arbitrary<unknown> {
  return record({
    totalFees: wholeNumber(base.totalFees),
    feeAmount: money(base.feeAmount),
    firstPaymentDate: dateField,
    minFees: wholeNumber(base.minFees),
    maxFees: wholeNumber(base.maxFees),
    amountToFinance: money(base.amountToFinance),
    initialAmount: money(base.initialAmount),
    partialPayment: money(base.partialPayment),
    interests: money(base.interests),
    finalFee: money(base.finalFee),
    financeType: mutation(fc.constant(base.financeType), fc.constantFrom(2, -1, '0', true)),
    isModificable: mutation(fc.constant(base.isModificable), fc.constantFrom('true', 1, 0)),
    tin: mutation(fc.constantFrom(base.tin, 0, 0.0595123456), oddNumber),
    tae: mutation(fc.constantFrom(base.tae, 0.061678), oddNumber),
    currency: mutation(fc.constantFrom(base.currency, 'usd', 'EUR'), fc.constantFrom('EURO', 'E', '€', 978, '')),
  })
}

export function amortizationLike(base: AmortizationTable): fc.Arbitrary<unknown> {
  const row = (index: number) =>
    record({
      number: wholeNumber(index + 1),
      dueDate: dateField,
      fee: money(100),
      interest: money(1.5),
      principal: money(98.5),
      balance: money(1000 - 98.5 * (index + 1)),
    })
  return record({
    versionHashCode: mutation(fc.constantFrom(base.versionHashCode, 'h-1', null), fc.constantFrom('', 7, {})),
    versionNumber: mutation(fc.constantFrom(base.versionNumber, 1, null), oddNumber),
    currency: mutation(fc.constant(base.currency), fc.constantFrom('EURO', 978)),
    fees: mutation(fc.integer({ min: 0, max: 24 }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, k) => row(k)))), fc.constantFrom({}, 'fees', [null])),
    totals: mutation(record({ amountToFinance: money(1000), interests: money(20), finalFee: money(1020) }), fc.constantFrom([], 'x')),
  })
}

export function savedTableLike(base: FeesTableResult, input: TuitionPayload): fc.Arbitrary<unknown> {
  return record({
    result: mutation(feesTableLike(base), anyValue),
    tuitionInput: mutation(
      record({
        dateOfPayment: dateField,
        system: mutation(fc.constant(input.system), fc.constantFrom(0, 8, '1')),
        financialType: mutation(fc.constant(input.financialType), fc.constantFrom(2, '0')),
        finalAmount: money(input.finalAmount ?? 6000),
        currency: mutation(fc.constant(input.currency ?? 'EUR'), fc.constantFrom('EURO', 1)),
        language: mutation(fc.constantFrom('es', 'en', 'en-US'), fc.constantFrom(1, {})),
        contractId: mutation(fc.constant('C-1'), fc.constantFrom(1, [])),
      }),
      anyValue,
    ),
  })
}

export const versionNumberLike: fc.Arbitrary<unknown> = mutation(fc.integer({ min: 0, max: 500 }), oddNumber)

const odd = fc.constantFrom(
  '<!doctype html><html><head><title>Sign in</title></head><body><form>SSO</form></body></html>',
  '',
  ' ',
  'null',
  '[]',
  '"ok"',
  '{',
  '{"feeAmount": }',
  'true',
  '\u0000',
)

/**
 * Answers of one call: mostly JSON bodies near the good shape with a 2xx, and
 * also non-JSON bodies with 200, 204, redirects and errors with odd bodies.
 */
export function answers(json: fc.Arbitrary<unknown>): fc.Arbitrary<Answer> {
  const jsonAnswer = fc
    .tuple(fc.constantFrom(200, 200, 200, 200, 201), json)
    .map(([status, value]): Answer => ({ status, body: JSON.stringify(value) ?? '', contentType: 'application/json' }))
  const oddAnswer = fc
    .tuple(fc.constantFrom(200, 204, 300, 301, 302, 304, 400, 401, 403, 404, 409, 422, 429, 500, 502, 503), fc.oneof(odd, json.map((v) => JSON.stringify(v) ?? '')))
    .map(([status, body]): Answer => ({
      status,
      body: NULL_BODY_STATUSES.has(status) ? null : body,
      contentType: body.startsWith('<') ? 'text/html' : status >= 400 ? 'application/problem+json' : 'application/json',
    }))
  return fc.oneof({ weight: 4, arbitrary: jsonAnswer }, { weight: 1, arbitrary: oddAnswer })
}
