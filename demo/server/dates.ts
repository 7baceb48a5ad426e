/**
 * Calendar dates of the schedule, in UTC and free of any time zone of the
 * machine: a due date is a day, not an instant. The rules are the widget's
 * own (`src/domain/dates.ts`, on dayjs), so both sides read a date alike.
 */
import { addMonths, toIsoDate } from '../../src/domain/dates.ts'

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
export const addMonthsClamped: (first: CalendarDate, months: number) => CalendarDate = addMonths
