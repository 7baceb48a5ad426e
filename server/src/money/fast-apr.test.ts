import { XIRR } from '@formulajs/formulajs'
import Decimal from 'decimal.js'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { firstDate, planCases, planRates } from '../../test/support/plan-arbitraries.ts'
import { addMonthsClamped, type CalendarDate, daysBetween, dueEpochDays, epochDay } from '../dates.ts'
import { amortizeInCents } from './fast.ts'
import { annualPercentageRate, annualPercentageRateInCents } from './fast-apr.ts'
import {
  amortize,
  type DatedFee,
  parseRate,
  annualPercentageRate as referenceRate,
  type Schedule,
} from './reference.ts'

/**
 * The APR the server answers with is fast-apr's; the reference states the same rate plainly, and every
 * rate here is held to one or both. The other oracle is a spreadsheet's XIRR (@formulajs/formulajs): the
 * same dated cash flows, the amount lent on the drawdown day as the one outflow. It solves in binary
 * floats by Newton's method; ours must agree to 0.01 percentage points, as the product promises.
 */
const AGREEMENT = 0.0001
const TODAY: CalendarDate = '2026-11-22'
/** "From today to 6 months out": the latest first payment the generated plans use. */
const MAX_FIRST_OFFSET_DAYS = 183

function planFrom(cents: bigint, rateText: string, n: number, first: CalendarDate): Schedule | null {
  const result = amortize(cents, parseRate(rateText), n, first)
  return typeof result === 'string' ? null : result
}

function datedFees(plan: Schedule, first: CalendarDate, drawdown: CalendarDate): DatedFee[] {
  return plan.installments.map((row) => ({
    fee: row.fee,
    days: daysBetween(drawdown, addMonthsClamped(first, row.number - 1)),
  }))
}

function spreadsheetXirr(cents: bigint, plan: Schedule, drawdown: CalendarDate): number | Error {
  const values = [-Number(cents) / 100, ...plan.installments.map((row) => Number(row.fee) / 100)]
  const dates = [drawdown, ...plan.installments.map((row) => row.dueDate)]
  return XIRR(values, dates)
}

/**
 * A plan lent TODAY as [days to its first fee (today to 6 months out), fee count 1–`maxFees`, 0.01–10 M in
 * cents, TIN 0–`maxMicros` millionths].
 */
const lentToday = (maxFees: number, maxMicros: number) =>
  fc.tuple(
    fc.integer({ min: 0, max: MAX_FIRST_OFFSET_DAYS }),
    fc.integer({ min: 1, max: maxFees }),
    fc.bigInt({ min: 1n, max: 1_000_000_000n }),
    fc.integer({ min: 0, max: maxMicros }),
  )

function plusDays(date: CalendarDate, days: number): CalendarDate {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)
}

const implementations = [
  ['fast-apr', annualPercentageRate],
  ['the reference', referenceRate],
] as const

describe.each(implementations)('annualPercentageRate of %s: the APR of the dated schedule', (_, rateOf) => {
  it.each([
    [0, 0.073085],
    [1, 0.061351],
    [2, 0.052874],
    [3, 0.04646],
  ])(
    'gives 6 000 over 12 fees at 5.95 %% with the first fee %i months after the drawdown the rate XIRR gives',
    (months, expected) => {
      const first = addMonthsClamped(TODAY, months)
      const plan = planFrom(600_000n, '0.0595', 12, first)
      if (!plan) throw new Error('the worked plan must be possible')
      const tae = rateOf(600_000n, datedFees(plan, first, TODAY))
      expect(tae).toBe(expected)
      const xirr = spreadsheetXirr(600_000n, plan, TODAY)
      if (xirr instanceof Error) throw xirr
      expect(Math.abs(tae - xirr)).toBeLessThan(AGREEMENT)
    },
  )

  it('falls as the first payment moves away from the drawdown', () => {
    const taes = [0, 1, 2, 3].map((months) => {
      const first = addMonthsClamped(TODAY, months)
      const plan = planFrom(600_000n, '0.0595', 12, first)
      if (!plan) throw new Error('the worked plan must be possible')
      return rateOf(600_000n, datedFees(plan, first, TODAY))
    })
    expect([...taes].sort((a, b) => b - a)).toEqual(taes)
    expect(new Set(taes).size).toBe(4)
  })

  it('is 0 for a plan at a TIN of 0, whenever its fees fall', () => {
    for (const months of [0, 1, 6]) {
      const first = addMonthsClamped(TODAY, months)
      const plan = planFrom(100n, '0', 3, first)
      if (!plan) throw new Error('the plan must be possible')
      expect(rateOf(100n, datedFees(plan, first, TODAY))).toBe(0)
    }
  })

  it('rounds half-up to 6 decimals on the exact equation, not on a float near the half', () => {
    // One fee a year after the drawdown: the APR is exactly fee / A − 1, so the rounding can be checked by hand.
    expect(rateOf(2_000_000n, [{ fee: 2_000_001n, days: 365 }])).toBe(0.000001) // 0.0000005 rounds up
    expect(rateOf(20_000_000n, [{ fee: 20_000_009n, days: 365 }])).toBe(0) // 0.00000045 rounds down
    expect(rateOf(100_000n, [{ fee: 106_115n, days: 365 }])).toBe(0.06115)
  })

  it('refuses what has no APR: fees before the drawdown, fees below the amount lent', () => {
    expect(() => rateOf(100n, [{ fee: 101n, days: -1 }])).toThrow(RangeError)
    expect(() => rateOf(100n, [{ fee: 99n, days: 30 }])).toThrow(RangeError)
    expect(() => rateOf(0n, [{ fee: 1n, days: 30 }])).toThrow(RangeError)
  })

  it('is the cap when every fee falls on the drawdown day and they total more than was lent: no finite rate', () => {
    expect(rateOf(100n, [{ fee: 101n, days: 0 }])).toBe(10_000)
    expect(
      rateOf(100n, [
        { fee: 60n, days: 0 },
        { fee: 41n, days: 0 },
      ]),
    ).toBe(10_000)
  })
})

describe('annualPercentageRate: the APR of generated plans', () => {
  it('agrees with XIRR to 0.01 points on generated plans: first fee today to 6 months out, 1–60 fees, 0.01–10 M, TIN 0–20 %', () => {
    let compared = 0
    fc.assert(
      fc.property(lentToday(60, 200_000), ([offset, n, cents, micros]) => {
        const rate = (micros / 1_000_000).toFixed(6)
        const first = plusDays(TODAY, offset)
        const plan = planFrom(cents, rate, n, first)
        fc.pre(plan !== null)
        const fees = datedFees(plan, first, TODAY)
        // A single fee due on the drawdown day and dearer than the loan has no rate: no spreadsheet gives one either.
        fc.pre(!(n === 1 && offset === 0 && plan.total > cents))
        const tae = annualPercentageRate(cents, fees)
        const xirr = spreadsheetXirr(cents, plan, TODAY)
        // XIRR's Newton iteration does not always converge (an error), nor answer a lone fee due at once (NaN).
        fc.pre(!(xirr instanceof Error) && Number.isFinite(xirr))
        compared += 1
        expect(Math.abs(tae - xirr)).toBeLessThan(AGREEMENT)
      }),
      { numRuns: 1000, seed: 20261122 },
    )
    expect(compared).toBeGreaterThan(900)
  })
})

describe('annualPercentageRate: the rounding is decided by the exact equation', () => {
  /** The equation Σ fee · (1+X)^−(days/365) − A at X = numerator / denominator, in 50-digit decimals: no double involved. */
  const Exact = Decimal.clone({ precision: 50, rounding: Decimal.ROUND_HALF_UP })
  function exactGap(cents: bigint, fees: readonly DatedFee[], numerator: number, denominator: number): Decimal {
    const base = new Exact(numerator).div(denominator).plus(1)
    const worth = fees.reduce(
      (sum, row) => sum.plus(base.pow(new Exact(-row.days).div(365)).times(row.fee.toString())),
      new Exact(0),
    )
    return worth.minus(cents.toString())
  }

  it('gives the m for which the exact equation is ≥ 0 at (2m − 1) / 2·10^6 and < 0 at (2m + 1) / 2·10^6, on generated plans up to 120 fees', () => {
    fc.assert(
      fc.property(lentToday(120, 300_000), ([offset, n, cents, micros]) => {
        const first = plusDays(TODAY, offset)
        const plan = planFrom(cents, (micros / 1_000_000).toFixed(6), n, first)
        fc.pre(plan !== null)
        const fees = datedFees(plan, first, TODAY)
        const tae = annualPercentageRate(cents, fees)
        fc.pre(tae < 10_000)
        const m = Math.round(tae * 1_000_000)
        if (m > 0) expect(exactGap(cents, fees, 2 * m - 1, 2_000_000).gte(0)).toBe(true)
        expect(exactGap(cents, fees, 2 * m + 1, 2_000_000).lt(0)).toBe(true)
      }),
      { numRuns: 100, seed: 20261128 },
    )
  })

  it('gives that m for plans whose rate lies within a hair of a rounding boundary, either side', () => {
    // A plan's rate sits anywhere between two boundaries (2m ± 1) / 2·10^6: one in a thousand or so within
    // 10^−9 of one. They are found among a sweep of plans by the equation's value at the nearest boundary.
    let near = 0
    for (let k = 0; k < 30_000 && near < 12; k += 1) {
      const n = 1 + (k % 60)
      const cents = 10_000n + BigInt((k * 7_919) % 5_000_000)
      const first = plusDays(TODAY, k % MAX_FIRST_OFFSET_DAYS)
      const plan = planFrom(cents, (((k * 37) % 150_000) / 1_000_000).toFixed(6), n, first)
      if (plan === null) continue
      const fees = datedFees(plan, first, TODAY)
      const tae = annualPercentageRate(cents, fees)
      if (!(tae > 0 && tae < 10_000)) continue
      const m = Math.round(tae * 1_000_000)
      const money = Number(cents + plan.total)
      const atBoundary = (numerator: number) => {
        const x = numerator / 2_000_000
        return fees.reduce((sum, row) => sum + Number(row.fee) * (1 + x) ** (-row.days / 365), 0) - Number(cents)
      }
      if (Math.min(Math.abs(atBoundary(2 * m - 1)), Math.abs(atBoundary(2 * m + 1))) > 1e-9 * money) continue
      near += 1
      expect(exactGap(cents, fees, 2 * m - 1, 2_000_000).gte(0), `${cents} over ${n} from ${first}`).toBe(true)
      expect(exactGap(cents, fees, 2 * m + 1, 2_000_000).lt(0), `${cents} over ${n} from ${first}`).toBe(true)
      // Where doubles are least sure, the reference's plain search gives the same rate.
      expect(referenceRate(cents, fees), `${cents} over ${n} from ${first}`).toBe(tae)
    }
    expect(near).toBeGreaterThanOrEqual(12)
  })
})

describe('annualPercentageRateInCents: the same APR on cents as doubles', () => {
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

describe('fast-apr’s rate is the reference’s', () => {
  it('on the dated schedules of generated plans (plan-arbitraries): amounts up to 2^62 cents, 1–240 fees, calculated up to 400 days either side of the first payment', () => {
    let compared = 0
    let inCents = 0
    fc.assert(
      fc.property(planCases, ({ financeable, today }) => {
        const { amountToFinance: principal, numberOfFees: n } = financeable
        const { financialType, firstDate: first } = financeable.request
        const rate = financialType === 1 ? planRates.tinRefinancing : planRates.tinFinancing
        const plan = amortize(principal, rate, n, first)
        fc.pre(plan !== 'amount_too_small')
        const drawdown = Math.min(epochDay(today), epochDay(first))
        const fees = plan.installments.map((row) => ({ fee: row.fee, days: epochDay(row.dueDate) - drawdown }))
        const expected = referenceRate(principal, fees)
        expect(annualPercentageRate(principal, fees)).toBe(expected)
        const cents = amortizeInCents(principal, rate, n)
        if (cents !== null && cents !== 'amount_too_small') {
          const days = fees.map((row) => row.days)
          const amounts = cents.installments.map((row) => row.fee)
          expect(annualPercentageRateInCents(Number(principal), amounts, days)).toBe(expected)
          inCents += 1
        }
        compared += 1
      }),
      { numRuns: 120, seed: 20261201 },
    )
    expect(compared).toBeGreaterThan(80)
    expect(inCents).toBeGreaterThan(40)
  })
})
