/**
 * Calendar dates of the schedule, in UTC and free of any time zone of the
 * machine: a due date is a day, not an instant. A date is read by the contract's
 * rule (toIsoDate), as the widget reads it. Due dates
 * and the days between two dates (the APR's time) are counted from the dates'
 * numbers: no Date, no dayjs, no time zone.
 */
import { daysInMonth, toIsoDate } from '@fees-calculator/contract'

/** A `YYYY-MM-DD` calendar day. */
export type CalendarDate = string

/** Years a first payment date may fall in: four digits all along a schedule, and nothing absurd. */
const MIN_YEAR = 1900
const MAX_YEAR = 9000
const DASH = 0x2d
const ZERO = 0x30
/** Days from 0000-03-01 to 1970-01-01, where the epoch-day count starts. */
const DAYS_FROM_0000_03_01_TO_EPOCH = 719_468

/**
 * Reads a first payment date the way the widget does: a date, or a date-time
 * taken as UTC (a `Z` is added when no zone is given), whose UTC calendar day
 * is the date. Null when it is not a real date and time, or out of range.
 */
export function parseDateOfPayment(text: string): CalendarDate | null {
  // The usual form, a plain YYYY-MM-DD day within range, is checked from its digits; toIsoDate reads every other.
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

/** Days from `from` to `to`, both `YYYY-MM-DD` calendar days (negative when `to` is earlier). */
export function daysBetween(from: CalendarDate, to: CalendarDate): number {
  return epochDay(to) - epochDay(from)
}

/** Days since 1970-01-01 of a `YYYY-MM-DD` day, from its numbers (the proleptic Gregorian calendar, as Date.UTC). */
export function epochDay(date: CalendarDate): number {
  return epochDayOf(digitsAt(date, 0, 4), digitsAt(date, 5, 7), digitsAt(date, 8, 10))
}

/** Days since 1970-01-01 of `year`-`month`-`day` (month 1–12), as epochDay. */
export function epochDayOf(year: number, month: number, day: number): number {
  // Counted from 1 March, so that the leap day ends the year.
  const y = month <= 2 ? year - 1 : year
  const era = Math.floor(y / 400)
  const yearOfEra = y - era * 400
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear
  return era * 146_097 + dayOfEra - DAYS_FROM_0000_03_01_TO_EPOCH
}

/**
 * The epoch days (epochDay) of the n due dates of a schedule whose first fee falls on `first`:
 * epochDay(addMonthsClamped(first, k)) for k = 0..n−1, counted from the date's numbers without
 * writing each date out.
 */
export function dueEpochDays(first: CalendarDate, n: number): number[] {
  let year = digitsAt(first, 0, 4)
  let month = digitsAt(first, 5, 7)
  const firstDay = digitsAt(first, 8, 10)
  // Each due day is its month's first day plus the first date's day (clamped), less one; a month's first
  // day is the one before it plus that month's length.
  let monthStart = epochDayOf(year, month, 1)
  const days = new Array<number>(n)
  for (let k = 0; k < n; k += 1) {
    const length = daysInMonth(year, month)
    days[k] = monthStart + Math.min(firstDay, length) - 1
    monthStart += length
    if (month === 12) {
      year += 1
      month = 1
    } else month += 1
  }
  return days
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
