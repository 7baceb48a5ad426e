/**
 * Calendar dates of the schedule, in UTC and free of any time zone of the
 * machine: a due date is a day, not an instant. A date is read by the widget's
 * own rule (`src/domain/dates.ts`), so both sides read a date alike; due dates
 * are counted with dayjs in UTC.
 */
import dayjs from 'dayjs'
import utc from 'dayjs/plugin/utc.js'
import { toIsoDate } from '../../src/domain/dates.ts'

dayjs.extend(utc)

/** A `YYYY-MM-DD` calendar day. */
export type CalendarDate = string

/** Years a first payment date may fall in: four digits all along a schedule, and nothing absurd. */
const MIN_YEAR = 1900
const MAX_YEAR = 9000
const DASH = 0x2d
const ZERO = 0x30

/**
 * Reads a first payment date the way the widget does: a date, or a date-time
 * taken as UTC (a `Z` is added when no zone is given), whose UTC calendar day
 * is the date. Null when it is not a real date and time, or out of range.
 */
export function parseDateOfPayment(text: string): CalendarDate | null {
  // The usual form, a plain YYYY-MM-DD day within range, is checked from its digits; toIsoDate (dayjs) reads every other.
  if (text.length === 10 && text.charCodeAt(4) === DASH && text.charCodeAt(7) === DASH) {
    const year = digitsAt(text, 0, 4)
    const month = digitsAt(text, 5, 7)
    const day = digitsAt(text, 8, 10)
    if (year >= MIN_YEAR && year <= MAX_YEAR && month >= 0 && day >= 0)
      return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month) ? text : null
  }
  const date = toIsoDate(text)
  if (date === null) return null
  const year = Number(date.slice(0, 4))
  return year < MIN_YEAR || year > MAX_YEAR ? null : date
}

/**
 * The date `months` calendar months after `first`, on the same day of the
 * month, clamped to that month's last day. Always counted from the first date,
 * so 31 Jan → 28/29 Feb → 31 Mar (never 28 Mar).
 */
export function addMonthsClamped(first: CalendarDate, months: number): CalendarDate {
  const monthIndex = Number(first.slice(0, 4)) * 12 + Number(first.slice(5, 7)) - 1 + months
  const year = Math.floor(monthIndex / 12)
  const month = monthIndex - year * 12 + 1
  const day = Math.min(Number(first.slice(8, 10)), daysInMonth(year, month))
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}

/** Days in `month` (1–12) of `year`, in the Gregorian calendar. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31
}

/**
 * The number the ASCII digits of text[from, to) write, or -1 when one of them is not a digit: the
 * numbers of a `YYYY-MM-DD` day, read without a pattern or a substring on every calculation.
 */
export function digitsAt(text: string, from: number, to: number): number {
  let value = 0
  for (let k = from; k < to; k += 1) {
    const digit = text.charCodeAt(k) - ZERO
    if (!(digit >= 0 && digit <= 9)) return -1
    value = value * 10 + digit
  }
  return value
}
