import { describe, expect, it } from 'vitest'
import { DATE_READINGS } from '../../test/support/date-readings.ts'
import { isCalendarDay, toIsoDate } from './dates.ts'

describe('a date on the wire', () => {
  it.each(DATE_READINGS)('reads %j as the UTC day %s', (text, day) => {
    expect(toIsoDate(text)).toBe(day)
  })

  it('refuses what is not a calendar date and time, and what is not text', () => {
    for (const text of [
      '2027-02-29',
      '2100-02-29',
      '2026-02-30T10:00',
      '2027-04-31T00:00:00Z',
      '2027-13-01',
      '2027-00-10',
    ]) {
      expect(toIsoDate(text), text).toBeNull()
    }
    for (const text of ['2027-01-05T24:00', '2027-01-05T10:60', '2027-01-05T10:00:61', '2027-01-05T10:00+25:00']) {
      expect(toIsoDate(text), text).toBeNull()
    }
    for (const value of ['31/03/2027', '2027-3-1', '', ' 2027-01-05', '2027-01-05T', null, 20270105, undefined]) {
      expect(toIsoDate(value), String(value)).toBeNull()
    }
    expect(toIsoDate('2000-02-29')).toBe('2000-02-29')
  })

  it('knows the days of the calendar', () => {
    expect(isCalendarDay('2024-02-29')).toBe(true)
    expect(isCalendarDay('2023-02-29')).toBe(false)
    expect(isCalendarDay('2026-06-31')).toBe(false)
    expect(isCalendarDay('2026-6-30')).toBe(false)
  })
})
