import { toIsoDate } from '@fees-calculator/contract'
import { describe, expect, it } from 'vitest'
import { DATE_READINGS } from '../../test/support/date-readings.ts'
import { isoDateOfLocal, localDateOf, localToday } from './dates.ts'

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
