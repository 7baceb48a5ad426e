/**
 * Plans the calculator is asked for, generated for the server's property tests
 * (plan.test.ts, money/fast-apr.test.ts, answer-serialisers.test.ts) and the rates they are calculated at: an amount
 * in cents (the API's range and far beyond it), a fee count, the type, the first payment date and the day
 * it is calculated on, up to 400 days either side.
 */
import fc from 'fast-check'
import { type CalendarDate, epochDay } from '../../src/dates.ts'
import { parseRate } from '../../src/money/index.ts'
import type { Rates } from '../../src/plan.ts'
import type { Financeable, TuitionRequest } from '../../src/validate.ts'

/** `YYYY-MM-DD` of an epoch day, through Date (an independent oracle). */
export const dateOfEpochDay = (day: number): CalendarDate => new Date(day * 86_400_000).toISOString().slice(0, 10)

/** A first payment date: any day from 1900 to 9000. */
export const firstDate = fc.integer({ min: epochDay('1900-01-01'), max: epochDay('9000-12-31') }).map(dateOfEpochDay)

/** A real TIN for financing, and one with the most decimals a rate may have for refinancing. */
export const planRates: Rates = {
  tinFinancing: parseRate('0.0595'),
  tinRefinancing: parseRate('0.000000123457'),
  minFees: 1,
  maxFees: 600,
}

export interface PlanCase {
  financeable: Financeable
  /** The day it is calculated on. */
  today: CalendarDate
}

export const planCases: fc.Arbitrary<PlanCase> = fc
  .tuple(
    fc.oneof(fc.bigInt({ min: 1n, max: 1_000_000_000n }), fc.bigInt({ min: 1n, max: 2n ** 62n })),
    fc.integer({ min: 1, max: 240 }),
    fc.constantFrom(0, 1),
    firstDate,
    fc.integer({ min: -400, max: 400 }),
  )
  .map(([principal, n, financialType, first, offset]) => ({
    financeable: {
      request: { financialType, firstDate: first, currency: 'EUR' } as unknown as TuitionRequest,
      amountToFinance: principal,
      initialAmount: principal,
      partialPayment: 0n,
      numberOfFees: n,
    },
    today: dateOfEpochDay(epochDay(first) + offset),
  }))
