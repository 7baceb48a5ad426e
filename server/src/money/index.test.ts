import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { type CalendarDate, epochDay } from '../dates.ts'
import { centsToNumber, planFigures, scheduleInCents, toCents } from './index.ts'
import { amortize, annualPercentageRate, parseRate, type Rate } from './reference.ts'

describe('amounts on the wire', () => {
  it('reads amounts with at most two decimals exactly', () => {
    expect(toCents(0.29)).toBe(29n)
    expect(toCents(6000)).toBe(600_000n)
    expect(toCents(10_000_000)).toBe(1_000_000_000n)
    expect(toCents(0.001)).toBe(0n)
    expect(toCents(4890.35 + 1100.1)).toBe(599_045n)
    expect(toCents(0.005)).toBe(1n)
    expect(toCents(1.005)).toBe(101n)
    expect(toCents(Number.NaN)).toBeNull()
  })

  it('writes cents back as numbers with at most two decimals', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2_000_000_000n }), (cents) => {
        const text = JSON.stringify(centsToNumber(cents))
        expect(text).toMatch(/^\d+(\.\d{1,2})?$/)
        expect(toCents(JSON.parse(text) as number)).toBe(cents)
      }),
    )
  })
})

describe('planFigures: the doubles where every value is shown exact, the reference beyond', () => {
  const first: CalendarDate = '2026-12-31'
  const today: CalendarDate = '2026-11-22'
  const LIMIT = 2n ** 52n

  /** The largest amount whose interest products, balance · 2p + q, stay within 2^52 (at 0 %, the amount itself). */
  function largestFast(rate: Rate): bigint {
    const q = rate.denominator * 12n
    if (rate.numerator === 0n) return LIMIT
    const largest = (LIMIT - q) / (2n * rate.numerator)
    return largest < LIMIT ? largest : LIMIT
  }

  /** planFigures' answer is the reference's: every fee's cents, the totals and the APR of the dated fees. */
  function expectReference(principal: bigint, rate: Rate, n: number): 'fast' | 'reference' {
    const figures = planFigures(principal, rate, n, first, today)
    const plan = amortize(principal, rate, n, first)
    if (plan === 'amount_too_small' || figures === 'amount_too_small') throw new Error(`no plan for ${principal}`)
    const cents = scheduleInCents(plan)
    expect(JSON.stringify(figures.withRows())).toBe(JSON.stringify(cents))
    expect({ ...figures.schedule, installments: [] }).toEqual({ ...cents, installments: [] })
    const drawdown = Math.min(epochDay(today), epochDay(first))
    const fees = plan.installments.map((row) => ({ fee: row.fee, days: epochDay(row.dueDate) - drawdown }))
    expect(figures.tae).toBe(annualPercentageRate(principal, fees))
    return figures.path
  }

  it.each(['0', '0.0595', '0.0695', '0.000000123457', '0.999999999999'])(
    'at TIN %s, is fast up to the largest amount whose interest products stay within 2^52, and the reference from one cent more, with the same figures',
    (text) => {
      const rate = parseRate(text)
      const largest = largestFast(rate)
      for (const n of [1, 2, 12, 24]) {
        expect(expectReference(largest - 1n, rate, n)).toBe('fast')
        expect(expectReference(largest, rate, n)).toBe('fast')
        expect(expectReference(largest + 1n, rate, n)).toBe('reference')
        expect(expectReference(largest + 2n, rate, n)).toBe('reference')
      }
    },
  )

  it('refuses what the reference refuses: an amount too small to give every fee a cent', () => {
    for (const [principal, n] of [
      [0n, 2],
      [1n, 2],
      [2n, 3],
      [4n, 6],
    ] as const) {
      expect(amortize(principal, parseRate('0.0595'), n, first)).toBe('amount_too_small')
      expect(planFigures(principal, parseRate('0.0595'), n, first, today)).toBe('amount_too_small')
    }
  })
})
