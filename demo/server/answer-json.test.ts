import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { AmortizationTable } from '../../src/domain/types.ts'
import { amortizationTableJson, feesTableJson } from './answer-json.ts'
import { epochDayOf, parseRate } from './money.ts'
import { buildPlan, type Rates } from './plan.ts'
import type { Financeable, TuitionRequest } from './validate.ts'

/**
 * The answers are written by serializers compiled from the OpenAPI schemas, not by JSON.stringify: for
 * every plan the calculator makes they must be the very same text, so a client reads the same bytes.
 */
describe('the answers written from the OpenAPI schemas', () => {
  const rates: Rates = {
    tinFinancing: parseRate('0.0595'),
    tinRefinancing: parseRate('0.000000123457'),
    minFees: 1,
    maxFees: 600,
  }
  const day = fc
    .integer({ min: epochDayOf(1900, 1, 1), max: epochDayOf(9000, 12, 31) })
    .map((epochDay) => new Date(epochDay * 86_400_000).toISOString().slice(0, 10))

  it('write the same text as JSON.stringify for every fees table and amortization table, saved or not', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.bigInt({ min: 1n, max: 1_000_000_000n }), fc.bigInt({ min: 1n, max: 2n ** 62n })),
        fc.integer({ min: 1, max: 600 }),
        fc.constantFrom(0, 1),
        day,
        day,
        fc.constantFrom('EUR', 'USD', 'MXN', 'CLP'),
        fc.option(
          fc.record({ hash: fc.stringMatching(/^[A-Za-z0-9_-]{22,43}$/), number: fc.integer({ min: 1, max: 1e6 }) }),
        ),
        (principal, n, financialType, first, today, currency, saved) => {
          const request = { financialType, firstDate: first, currency } as unknown as TuitionRequest
          const financeable: Financeable = {
            request,
            amountToFinance: principal,
            initialAmount: principal + 12_345n,
            partialPayment: 12_345n,
            numberOfFees: n,
          }
          const plan = buildPlan(financeable, rates, today)
          if (!plan.ok) return
          expect(feesTableJson(plan.value.result)).toBe(JSON.stringify(plan.value.result))
          const table: AmortizationTable =
            saved === null
              ? plan.value.table
              : { ...plan.value.table, versionHashCode: saved.hash, versionNumber: saved.number }
          expect(amortizationTableJson(table)).toBe(JSON.stringify(table))
        },
      ),
      { numRuns: 2000 },
    )
  })

  it('leave out a field the schema does not name', () => {
    const plan = buildPlan(
      {
        request: { financialType: 0, firstDate: '2030-01-05', currency: 'EUR' } as unknown as TuitionRequest,
        amountToFinance: 600_000n,
        initialAmount: 600_000n,
        partialPayment: 0n,
        numberOfFees: 18,
      },
      rates,
      '2029-12-01',
    )
    if (!plan.ok) throw new Error(plan.problem.detail)
    const withExtra = { ...plan.value.result, internalNote: 'not for clients' }
    expect(JSON.parse(feesTableJson(withExtra))).toEqual(plan.value.result)
  })
})
