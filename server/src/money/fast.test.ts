import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { amortizeInCents, feeInCents } from './fast.ts'
import { scheduleInCents } from './index.ts'
import { amortize, divRoundHalfUp, monthlyFee, parseRate, type Rate } from './reference.ts'

/**
 * The schedule in doubles (amortizeInCents) is the reference's (amortize) computed another way: it must
 * give the same cents for every input, or decline (null) and leave it to the reference.
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

describe('amortizeInCents: the reference’s schedule, in doubles where that is exact', () => {
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

describe('feeInCents: the reference’s fee, from a double where that decides it', () => {
  it('gives the exact fee again for a rate and count seen before, whatever came between (its ratios are kept per rate)', () => {
    // The same Rate objects throughout, as a server's configured rates are; two rates share every count.
    const used = [parseRate('0.0595'), parseRate('0.0695'), parseRate('0')]
    const exact = (cents: bigint, rate: (typeof used)[number], n: number) => {
      const p = rate.numerator
      const q = rate.denominator * 12n
      if (p === 0n) return divRoundHalfUp(cents, BigInt(n))
      return divRoundHalfUp(cents * p * (q + p) ** BigInt(n), q * ((q + p) ** BigInt(n) - q ** BigInt(n)))
    }
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.integer({ min: 0, max: 2 }),
            fc.integer({ min: 1, max: 120 }),
            fc.bigInt({ min: 1n, max: 10n ** 12n }),
          ),
          { minLength: 1, maxLength: 40 },
        ),
        (calls) => {
          for (const [which, n, cents] of calls) {
            const rate = used[which] as (typeof used)[number]
            expect(monthlyFee(cents, rate, n)).toBe(exact(cents, rate, n))
            expect(feeInCents(cents, Number(cents), rate, n)).toBe(Number(exact(cents, rate, n)))
          }
        },
      ),
      { numRuns: 300 },
    )
  })
})
