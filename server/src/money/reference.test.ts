import { IPMT, PMT } from '@formulajs/formulajs'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { addMonthsClamped, type CalendarDate } from '../dates.ts'
import { centsToNumber } from './index.ts'
import { amortize, divRoundHalfUp, monthlyFee, parseRate, type Schedule } from './reference.ts'

/**
 * The oracle is a spreadsheet: @formulajs/formulajs computes PMT and IPMT in
 * binary floats, as Excel and LibreOffice do. Its value rounded half-up to
 * cents must be ours, except when the float lands so near a half cent that
 * its own error may tip it either way.
 */
const FIRST: CalendarDate = '2026-01-31'

/** `YYYY-MM-DD` of a year, month (1..12) and day, written out by hand as an oracle for the schedule's dates. */
const ymd = (year: number, month: number, day: number) =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
const lastDayOf = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate()
/** Floor of the oracle's error band, in cents. */
const MIN_ORACLE_ERROR = 1e-6
/** A generous count of the float operations whose rounding errors pile up in PMT. */
const OPERATIONS = 64

/**
 * How far PMT's float may be from the exact fee, in cents: the rounding of its
 * operations, magnified by the cancellation in 1 − (1+i)^−n when n·i is tiny.
 */
function pmtError(cents: number, i: number, n: number): number {
  const magnification = i === 0 ? 1 : 1 / (1 - (1 + i) ** -n)
  return Math.max(MIN_ORACLE_ERROR, cents * OPERATIONS * Number.EPSILON * magnification)
}

function spreadsheetCents(value: number | Error, errorBand = MIN_ORACLE_ERROR): { cents: number; nearTie: boolean } {
  if (value instanceof Error) throw value
  const scaled = Math.abs(value) * 100
  const fraction = scaled - Math.floor(scaled)
  return { cents: Math.floor(scaled + 0.5), nearTie: Math.abs(fraction - 0.5) < errorBand }
}

function expectCentsLike(actual: bigint, oracle: { cents: number; nearTie: boolean }, tolerance = 0): void {
  const allowed = tolerance + (oracle.nearTie ? 1 : 0)
  expect(Math.abs(Number(actual) - oracle.cents)).toBeLessThanOrEqual(allowed)
}

function schedule(cents: bigint, rateText: string, n: number, first = FIRST): Schedule {
  const result = amortize(cents, parseRate(rateText), n, first)
  if (typeof result === 'string') throw new Error(`${cents} over ${n} at ${rateText}: ${result}`)
  return result
}

/**
 * Our interests are rounded every month on a balance that carries the earlier
 * roundings, IPMT's are not: after k months the balances differ by at most
 * about k cents grown by (1+i)^k, and the interests by i times that plus the
 * two roundings.
 */
function ipmtTolerance(monthlyRate: number, k: number): number {
  return 1 + Math.ceil(monthlyRate * k * (1 + monthlyRate) ** k)
}

function compareWithSpreadsheet(cents: bigint, rateText: string, n: number): void {
  const i = Number(rateText) / 12
  const amount = Number(cents) / 100
  const plan = schedule(cents, rateText, n)
  expectCentsLike(plan.feeAmount, spreadsheetCents(PMT(i, n, amount), pmtError(Number(plan.feeAmount), i, n)))
  plan.installments.forEach((row, index) => {
    const k = index + 1
    const oracle = spreadsheetCents(i === 0 ? 0 : IPMT(i, k, n, amount))
    expectCentsLike(row.interest, oracle, k === 1 ? 0 : ipmtTolerance(i, k))
  })
}

describe('monthlyFee and the schedule, against a spreadsheet (formulajs PMT / IPMT)', () => {
  const rates = ['0', '0.0595', '0.0695', '0.12', '0.2999']
  const counts = [1, 2, 3, 6, 11, 12, 13, 18, 24, 36, 60, 119, 120]
  const amounts = [100_000n, 123_456n, 600_000n, 500_000n, 9_999_999n, 123_456_789n, 1_000_000_000n]

  it.each(rates)('agrees on every fee and interest at TIN %s for every n and amount of a grid', (rate) => {
    for (const n of counts) for (const cents of amounts) compareWithSpreadsheet(cents, rate, n)
  })

  it('agrees on random rates, counts and amounts', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 300_000 }),
        fc.integer({ min: 1, max: 120 }),
        fc.bigInt({ min: 1n, max: 1_000_000_000n }),
        (micros, n, cents) => {
          const rate = (micros / 1_000_000).toFixed(6)
          const result = amortize(cents, parseRate(rate), n, FIRST)
          fc.pre(typeof result !== 'string')
          compareWithSpreadsheet(cents, rate, n)
        },
      ),
      { numRuns: 400 },
    )
  })

  it('gives the worked example of API.md: 6000 over 12 fees at 5.95 %', () => {
    const plan = schedule(600_000n, '0.0595', 12)
    expect(centsToNumber(plan.feeAmount)).toBe(516.26)
    expect(centsToNumber(plan.interests)).toBe(195.13)
    expect(centsToNumber(plan.total)).toBe(6195.13)
    expect(plan.installments.at(-1)).toMatchObject({ fee: 51_627n, interest: 255n, principal: 51_372n, balance: 0n })
  })

  it('spreads a rate of 0 evenly, the last fee taking the rest', () => {
    const plan = schedule(100n, '0', 3)
    expect(plan.installments.map((row) => row.fee)).toEqual([33n, 33n, 34n])
    expect(plan.interests).toBe(0n)
  })
})

describe('schedule properties (fast-check)', () => {
  const rateArb = fc.integer({ min: 0, max: 300_000 }).map((micros) => (micros / 1_000_000).toFixed(6))
  const dateArb = fc
    .record({
      year: fc.integer({ min: 2000, max: 2100 }),
      month: fc.integer({ min: 1, max: 12 }),
      day: fc.integer({ min: 1, max: 31 }),
    })
    .map(({ year, month, day }) => ymd(year, month, Math.min(day, lastDayOf(year, month))))
  const caseArb = fc.record({
    cents: fc.bigInt({ min: 1n, max: 1_000_000_000n }),
    rate: rateArb,
    n: fc.integer({ min: 1, max: 120 }),
    first: dateArb,
  })

  it('repays exactly the amount, ends at 0, and keeps every fee but the last equal to feeAmount', () => {
    fc.assert(
      fc.property(caseArb, ({ cents, rate, n, first }) => {
        const result = amortize(cents, parseRate(rate), n, first)
        if (typeof result === 'string') {
          // Only amounts too small to give each fee a cent are refused.
          const i = Number(rate) / 12
          expect(Number(cents)).toBeLessThan(n * n * (1 + i) ** n)
          return
        }
        const rows = result.installments
        expect(rows).toHaveLength(n)
        expect(rows.reduce((sum, row) => sum + row.principal, 0n)).toBe(cents)
        expect(rows.at(-1)?.balance).toBe(0n)
        for (const row of rows.slice(0, -1)) expect(row.fee).toBe(result.feeAmount)
        expect(result.interests).toBe(result.total - cents)
        expect(result.total).toBe(rows.reduce((sum, row) => sum + row.fee, 0n))
        let balance = cents
        for (const row of rows) {
          expect(row.interest).toBe(
            divRoundHalfUp(balance * parseRate(rate).numerator, parseRate(rate).denominator * 12n),
          )
          balance -= row.principal
          expect(row.balance).toBe(balance)
          expect(row.balance).toBeGreaterThanOrEqual(0n)
          expect(row.fee).toBeGreaterThanOrEqual(1n)
          expect(row.dueDate).toBe(addMonthsClamped(first, row.number - 1))
        }
      }),
      { numRuns: 500 },
    )
  })

  it('never refuses an amount of at least n² cents at these rates', () => {
    fc.assert(
      fc.property(
        rateArb,
        fc.integer({ min: 1, max: 120 }),
        fc.bigInt({ min: 0n, max: 1_000_000n }),
        (rate, n, extra) => {
          const i = Number(rate) / 12
          const cents = BigInt(Math.ceil(n * n * (1 + i) ** n)) + extra
          expect(typeof amortize(cents, parseRate(rate), n, FIRST)).toBe('object')
        },
      ),
      { numRuns: 300 },
    )
  })
})

describe('due dates', () => {
  const dueDates = (first: CalendarDate, n: number) =>
    schedule(100_000n, '0.0595', n, first).installments.map((row) => row.dueDate)

  it('clamps 31 January to the end of February and returns to the 31st in March', () => {
    expect(dueDates('2026-01-31', 4)).toEqual(['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30'])
  })

  it('gives 29 February in a leap year', () => {
    expect(dueDates('2024-01-31', 3)).toEqual(['2024-01-31', '2024-02-29', '2024-03-31'])
  })

  it('counts from a 29 February first date: 28 February in common years, 29 in leap ones', () => {
    const dates = dueDates('2024-02-29', 49)
    expect(dates[12]).toBe('2025-02-28')
    expect(dates[13]).toBe('2025-03-29')
    expect(dates[48]).toBe('2028-02-29')
  })

  it('keeps the 30th in 31-day months and crosses the year', () => {
    expect(dueDates('2026-11-30', 4)).toEqual(['2026-11-30', '2026-12-30', '2027-01-30', '2027-02-28'])
  })

  it('always counts from the first date, never from the previous due date', () => {
    fc.assert(
      // A 31st as the first date: every due date is the 31st or its month's last day.
      fc.property(
        fc.integer({ min: 1900, max: 2900 }),
        fc.constantFrom(1, 3, 5, 7, 8, 10, 12),
        fc.integer({ min: 0, max: 600 }),
        (year, month, k) => {
          const due = addMonthsClamped(ymd(year, month, 31), k)
          const index = year * 12 + month - 1 + k
          const [dueYear, dueMonth] = [Math.floor(index / 12), (index % 12) + 1]
          expect(due).toBe(ymd(dueYear, dueMonth, lastDayOf(dueYear, dueMonth)))
        },
      ),
    )
  })
})

describe('rounding and rates', () => {
  it('rounds half-up to the cent', () => {
    expect(divRoundHalfUp(5n, 2n)).toBe(3n)
    expect(divRoundHalfUp(7n, 3n)).toBe(2n)
    expect(divRoundHalfUp(149n, 100n)).toBe(1n)
    expect(divRoundHalfUp(150n, 100n)).toBe(2n)
    expect(divRoundHalfUp(-150n, 100n)).toBe(-2n)
  })

  it('parses rates as exact fractions and refuses percentages', () => {
    expect(parseRate('0.0595')).toMatchObject({ numerator: 595n, denominator: 10_000n })
    expect(() => parseRate('5.95')).toThrow(/below 1/)
    expect(() => parseRate('-0.1')).toThrow()
    expect(() => parseRate('abc')).toThrow()
  })

  it('refuses a non-positive n', () => {
    expect(() => monthlyFee(100n, parseRate('0.05'), 0)).toThrow(RangeError)
  })
})
