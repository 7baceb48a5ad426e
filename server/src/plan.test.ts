import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { planCases, planRates } from '../test/support/plan-arbitraries.ts'
import { daysBetween, epochDay } from './dates.ts'
import { annualPercentageRate } from './money/fast-apr.ts'
import { centsAsAmount, centsToNumber } from './money/index.ts'
import { amortize } from './money/reference.ts'
import { buildPlan, utcDay } from './plan.ts'

describe('utcDay: the calendar day of an instant', () => {
  it('is the UTC date of toISOString, across day boundaries and back', () => {
    const instants = [
      '2026-11-23T23:59:59.999Z',
      '2026-11-24T00:00:00.000Z',
      '2026-11-23T12:00:00.000Z',
      '1969-12-31T23:59:59.999Z',
      '1970-01-01T00:00:00.000Z',
      '2030-02-28T23:59:59.999Z',
      '2030-03-01T00:00:00.000Z',
    ].map((text) => new Date(text))
    for (const instant of [...instants, ...instants.reverse()]) {
      expect(utcDay(instant)).toBe(instant.toISOString().slice(0, 10))
      expect(utcDay(instant.getTime())).toBe(instant.toISOString().slice(0, 10))
    }
    expect(() => utcDay(new Date(Number.NaN))).toThrow(RangeError)
    expect(() => utcDay(Number.NaN)).toThrow(RangeError)
  })
})

describe('buildPlan: the answers of the reference’s schedule and the APR', () => {
  const rates = planRates

  it('gives the fees table and amortization table written from the reference’s schedule and the APR of its dated fees', () => {
    fc.assert(
      fc.property(planCases, ({ financeable, today }) => {
        const { amountToFinance: principal, numberOfFees: n } = financeable
        const { financialType, firstDate: first } = financeable.request
        const rate = financialType === 1 ? rates.tinRefinancing : rates.tinFinancing
        const plan = buildPlan(financeable, rates, today)
        const exact = amortize(principal, rate, n, first)
        if (exact === 'amount_too_small') {
          expect(plan.ok).toBe(false)
          return
        }
        if (!plan.ok) throw new Error(plan.problem.detail)
        const drawdown = epochDay(daysBetween(today, first) < 0 ? first : today)
        const tae = annualPercentageRate(
          principal,
          exact.installments.map((row) => ({ fee: row.fee, days: epochDay(row.dueDate) - drawdown })),
        )
        expect(plan.value.result).toMatchObject({
          feeAmount: centsToNumber(exact.feeAmount),
          interests: centsToNumber(exact.interests),
          finalFee: centsToNumber(exact.total),
          tae,
        })
        expect(plan.value.table.fees).toEqual(
          exact.installments.map((row) => ({
            number: row.number,
            dueDate: row.dueDate,
            fee: centsToNumber(row.fee),
            interest: centsToNumber(row.interest),
            principal: centsToNumber(row.principal),
            balance: centsToNumber(row.balance),
          })),
        )
        expect(plan.value.table.totals.finalFee).toBe(centsAsAmount(Number(exact.total)))
      }),
      { numRuns: 1500, seed: 20261127 },
    )
  })
})
