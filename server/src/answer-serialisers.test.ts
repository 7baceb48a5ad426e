import type { AmortizationTable } from '@fees-calculator/contract'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { planCases, planRates } from '../test/support/plan-arbitraries.ts'
import { amortizationTableJson, feesTableJson } from './answer-serialisers.ts'
import { buildPlan } from './plan.ts'
import type { Financeable, TuitionRequest } from './validate.ts'

/**
 * The answers are written by serializers compiled from the OpenAPI schemas, not by JSON.stringify: for
 * every plan the calculator makes they must be the very same text, so a client reads the same bytes.
 */
describe('the answers written from the OpenAPI schemas', () => {
  const rates = planRates

  it('write the same text as JSON.stringify for every fees table and amortization table, saved or not', () => {
    fc.assert(
      fc.property(
        planCases,
        fc.constantFrom('EUR', 'USD', 'MXN', 'CLP'),
        fc.option(
          fc.record({ hash: fc.stringMatching(/^[A-Za-z0-9_-]{22,43}$/), number: fc.integer({ min: 1, max: 1e6 }) }),
        ),
        ({ financeable, today }, currency, saved) => {
          // A partial payment and another currency, so that every field of the answer varies.
          const asked: Financeable = {
            ...financeable,
            request: { ...financeable.request, currency },
            initialAmount: financeable.amountToFinance + 12_345n,
            partialPayment: 12_345n,
          }
          const plan = buildPlan(asked, rates, today)
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
