import { toIsoDate } from '@fees-calculator/contract'
import { describe, expect, it } from 'vitest'
import { DATE_READINGS } from '../../test/support/date-readings.ts'
import { dueDateAfter, isoDateOfLocal, localDateOf, localToday } from './dates.ts'

describe('dates', () => {
  it.each(DATE_READINGS)('reads %j as the UTC day %s', (text, day) => {
    expect(toIsoDate(text)).toBe(day)
  })
  it('refuses a time or an offset that does not exist', () => {
    for (const text of [
      '2027-01-05T24:00',
      '2027-01-05T10:60',
      '2027-01-05T10:00:61',
      '2027-01-05T10:00+25:00',
      '2027-01-05T',
      ' 2027-01-05',
    ]) {
      expect(toIsoDate(text)).toBeNull()
    }
  })
  it('refuses what is not a calendar date', () => {
    for (const text of [
      '2027-02-29',
      '2026-02-30T10:00',
      '2027-04-31T00:00:00Z',
      '31/03/2027',
      '2027-3-1',
      '',
      'null',
    ]) {
      expect(toIsoDate(text)).toBeNull()
    }
    expect(toIsoDate('2028-02-29')).toBe('2028-02-29')
  })
  it('round-trips a calendar date through a local Date', () => {
    expect(isoDateOfLocal(localDateOf('2027-12-31'))).toBe('2027-12-31')
  })
  it("gives today's date in the local calendar", () => {
    expect(localToday(new Date(2027, 0, 5, 23, 59))).toBe('2027-01-05')
  })
})

describe('the due date of a fee', () => {
  it.each([
    ['2027-01-15', 0, '2027-01-15'],
    ['2027-01-15', 11, '2027-12-15'],
    ['2027-01-31', 1, '2027-02-28'],
    ['2027-01-31', 2, '2027-03-31'],
    ['2028-01-31', 1, '2028-02-29'],
    ['2027-12-31', 2, '2028-02-29'],
    ['2027-08-31', 1, '2027-09-30'],
    ['2027-03-05', 23, '2029-02-05'],
  ])(
    '%s, %i months on, is %s: the same day, the month end when it has none, counted from the first',
    (first, k, due) => {
      expect(dueDateAfter(first, k)).toBe(due)
    },
  )
})
