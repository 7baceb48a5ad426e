import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { dateOfEpochDay } from '../test/support/plan-arbitraries.ts'
import { addMonthsClamped, type CalendarDate, daysBetween, dueEpochDays, epochDay } from './dates.ts'

describe('epochDay and daysBetween: days counted from the dates’ numbers', () => {
  it('counts as Date.UTC does, from 1900 to 9000', () => {
    const day = fc.integer({ min: Date.UTC(1900, 0, 1) / 86_400_000, max: Date.UTC(9000, 11, 31) / 86_400_000 })
    fc.assert(
      fc.property(day, day, (from, to) => {
        expect(epochDay(dateOfEpochDay(from))).toBe(from)
        expect(daysBetween(dateOfEpochDay(from), dateOfEpochDay(to))).toBe(to - from)
      }),
      { numRuns: 2000 },
    )
    expect(epochDay('1970-01-01')).toBe(0)
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2)
    expect(daysBetween('2025-03-01', '2025-02-28')).toBe(-1)
  })
})

describe('dueEpochDays: the due dates as day counts', () => {
  it('is epochDay(addMonthsClamped(first, k)) for every first day of 1900–1904, 2024–2032 and 8990–9000', () => {
    const spans: [CalendarDate, CalendarDate][] = [
      ['1900-01-01', '1904-12-31'],
      ['2024-01-01', '2032-12-31'],
      ['8990-01-01', '9000-12-31'],
    ]
    for (const [from, to] of spans) {
      for (let day = epochDay(from); day <= epochDay(to); day += 1) {
        const first = dateOfEpochDay(day)
        const expected = Array.from({ length: 40 }, (_, k) => epochDay(addMonthsClamped(first, k)))
        expect(dueEpochDays(first, 40)).toEqual(expected)
      }
    }
  })
})
