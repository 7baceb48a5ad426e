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

/**
 * Reads a first payment date the way the widget does: a date, or a date-time
 * taken as UTC (a `Z` is added when no zone is given), whose UTC calendar day
 * is the date. Null when it is not a real date and time, or out of range.
 */
export function parseDateOfPayment(text: string): CalendarDate | null {
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
  return dayjs.utc(first).add(months, 'month').format('YYYY-MM-DD')
}
