import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { daysBetween, dueEpochDays, epochDay } from './dates.ts'
import {
  amortize,
  amortizeInCents,
  annualPercentageRate,
  annualPercentageRateInCents,
  centsAsAmount,
  centsToNumber,
  monthlyFee,
  parseRate,
  scheduleInCents,
  type Rate,
} from './money.ts'
import { firstDate, planCases, planRates } from './plan-arbitraries.ts'
import { buildPlan, utcDay } from './plan.ts'

/**
 * The schedule in doubles (amortizeInCents) and the APR on it (annualPercentageRateInCents) are the
 * exact bigint ones (amortize, annualPercentageRate) computed another way: they must give the same cents
 * and the same rate for every input, or decline (null) and leave it to the exact path.
 */

/** A rate with 0 to 12 decimals below 1, as a configured TIN may be written. */
const rateText = fc
  .integer({ min: 0, max: 12 })
  .chain((decimals) =>
    decimals === 0
      ? fc.constant('0')
      : fc
          .bigInt({ min: 0n, max: 10n ** BigInt(decimals) - 1n })
          .map((numerator) => `0.${numerator.toString().padStart(decimals, '0')}`),
  )

/** Amounts in cents: mostly what the API allows (up to 10 000 000.00), some far beyond it. */
const cents = fc.oneof(
  { weight: 6, arbitrary: fc.bigInt({ min: 1n, max: 1_000_000_000n }) },
  { weight: 2, arbitrary: fc.bigInt({ min: 1n, max: 2000n }) },
  { weight: 1, arbitrary: fc.bigInt({ min: 1n, max: 2n ** 64n }) },
)

function expectSameSchedule(principal: bigint, rate: Rate, n: number): 'fast' | 'exact' | 'too small' {
  const exact = amortize(principal, rate, n, '2030-01-31')
  const fast = amortizeInCents(principal, rate, n)
  if (fast === null) return 'exact'
  if (exact === 'amount_too_small') {
    expect(fast).toBe('amount_too_small')
    return 'too small'
  }
  // Compared as the JSON the answers print (one comparison per plan: a plan may have 600 fees).
  expect(JSON.stringify(fast)).toBe(JSON.stringify(scheduleInCents(exact)))
  if (fast === 'amount_too_small') throw new Error('unreachable')
  // Asked for the totals only, it gives the same figures and no rows.
  expect(amortizeInCents(principal, rate, n, 'totals')).toEqual({ ...fast, installments: [] })
  expect(fast.lastFee).toBe(fast.installments.at(-1)?.fee)
  // Every amount in it is a safe integer, so the doubles are the cents themselves.
  const amounts = fast.installments.flatMap((row) => [row.fee, row.interest, row.principal, row.balance])
  expect(amounts.every((value) => Number.isSafeInteger(value))).toBe(true)
  return 'fast'
}

describe('amortizeInCents: the exact schedule, in doubles where that is exact', () => {
  it('gives amortize’s cents, or declines, on generated plans: 1–600 fees, rates of 0–12 decimals, amounts up to 2^64 cents', () => {
    const seen = { fast: 0, exact: 0, 'too small': 0 }
    fc.assert(
      fc.property(cents, rateText, fc.integer({ min: 1, max: 600 }), (principal, text, n) => {
        seen[expectSameSchedule(principal, parseRate(text), n)] += 1
      }),
      { numRuns: 3000, seed: 20261123 },
    )
    // All three outcomes were exercised.
    expect(seen.fast).toBeGreaterThan(1000)
    expect(seen.exact).toBeGreaterThan(100)
    expect(seen['too small']).toBeGreaterThan(10)
  })

  it('is the one used for every amount and fee count (1–600) the API takes, with rates of up to 6 decimals', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 1_000_000_000n }),
        fc.integer({ min: 0, max: 999_999 }),
        fc.integer({ min: 1, max: 600 }),
        (principal, micros, n) => {
          const rate = parseRate((micros / 1_000_000).toFixed(6))
          expect(expectSameSchedule(principal, rate, n)).not.toBe('exact')
        },
      ),
      { numRuns: 2000, seed: 20261124 },
    )
  })

  it('stays exact where the interest products come close to 2^52', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 12n - 1n }),
        fc.bigInt({ min: 0n, max: 1000n }),
        fc.integer({ min: 1, max: 120 }),
        (numerator, below, n) => {
          const rate = parseRate(`0.${numerator.toString().padStart(12, '0')}`)
          const q = rate.denominator * 12n
          // The largest amount the doubles take at this rate, and a little below it.
          const largest = (2n ** 52n - q) / (2n * rate.numerator)
          fc.pre(largest - below >= 1n)
          expectSameSchedule(largest - below, rate, n)
          expect(amortizeInCents(largest + 1n, rate, n)).toBeNull()
        },
      ),
      { numRuns: 1000, seed: 20261125 },
    )
  })
})

describe('amortizeInCents: fees exactly half a cent from a whole one', () => {
  it('rounds them up as the bigint division does, whichever side of the half the double lands', () => {
    const cases: { principal: bigint; text: string; n: number; fee: number }[] = []
    // At 0 %, an odd number of halves: (2k + 1) · n / 2 cents over an even n is k + 0.5 cents a fee, rounded up
    // to k + 1; with k ≥ n / 2 the last fee, what is left, is still a cent or more.
    for (let n = 2; n <= 600; n += 2)
      for (let k = n / 2; k < n / 2 + 4; k += 1)
        cases.push({ principal: BigInt(((2 * k + 1) * n) / 2), text: '0', n, fee: k + 1 })
    // One fee at i = p/q costs A·(q + p)/q: at 12 % a year (i = 12/1200, q + p = 1212), A = 50 is 50.5 cents.
    for (let k = 0; k < 200; k += 1)
      cases.push({ principal: BigInt(50 * (2 * k + 1)), text: '0.12', n: 1, fee: 101 * k + 51 })
    for (const { principal, text, n, fee } of cases) {
      const rate = parseRate(text)
      expect(Number(monthlyFee(principal, rate, n))).toBe(fee)
      const schedule = amortizeInCents(principal, rate, n)
      if (schedule === null || schedule === 'amount_too_small')
        throw new Error(`no schedule for ${principal} over ${n}`)
      expect(schedule.feeAmount, `${principal} at ${text} over ${n}`).toBe(fee)
    }
  })
})

describe('annualPercentageRateInCents: the exact APR on cents as doubles', () => {
  it('gives annualPercentageRate’s rate on generated plans, due dates and drawdown days', () => {
    let compared = 0
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 1_000_000_000n }),
        fc.integer({ min: 0, max: 200_000 }),
        fc.integer({ min: 1, max: 120 }),
        firstDate,
        fc.integer({ min: 0, max: 400 }),
        (principal, micros, n, first, daysBefore) => {
          const rate = parseRate((micros / 1_000_000).toFixed(6))
          const exact = amortize(principal, rate, n, first)
          const fast = amortizeInCents(principal, rate, n)
          fc.pre(exact !== 'amount_too_small' && fast !== null && fast !== 'amount_too_small')
          const drawdown = epochDay(first) - daysBefore
          const expected = annualPercentageRate(
            principal,
            exact.installments.map((row) => ({ fee: row.fee, days: epochDay(row.dueDate) - drawdown })),
          )
          const days = dueEpochDays(first, n).map((day) => day - drawdown)
          const actual = annualPercentageRateInCents(
            Number(principal),
            fast.installments.map((row) => row.fee),
            days,
          )
          expect(actual).toBe(expected)
          compared += 1
        },
      ),
      { numRuns: 1500, seed: 20261126 },
    )
    expect(compared).toBeGreaterThan(1000)
  })

  it('gives the exact rounding where doubles cannot tell, and refuses what annualPercentageRate refuses', () => {
    expect(annualPercentageRateInCents(2_000_000, [2_000_001], [365])).toBe(0.000001)
    expect(annualPercentageRateInCents(20_000_000, [20_000_009], [365])).toBe(0)
    expect(annualPercentageRateInCents(100_000, [106_115], [365])).toBe(0.06115)
    expect(annualPercentageRateInCents(100, [50, 50], [30, 60])).toBe(0)
    // Every fee due on the drawdown day and more than was lent: no finite rate, the cap.
    expect(annualPercentageRateInCents(100, [101], [0])).toBe(10_000)
    expect(annualPercentageRateInCents(100, [60, 41], [0, 0])).toBe(10_000)
    expect(() => annualPercentageRateInCents(100, [101], [-1])).toThrow(RangeError)
    expect(() => annualPercentageRateInCents(100, [99], [30])).toThrow(RangeError)
    expect(() => annualPercentageRateInCents(0, [1], [30])).toThrow(RangeError)
    expect(() => annualPercentageRateInCents(2 ** 53, [2 ** 53], [30])).toThrow(RangeError)
  })
})

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

describe('buildPlan: the answers of the exact schedule and APR', () => {
  const rates = planRates

  it('gives the fees table and amortization table written from amortize and annualPercentageRate', () => {
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
