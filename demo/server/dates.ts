/**
 * Calendar dates of the schedule, in UTC and free of any time zone of the
 * machine: a due date is a day, not an instant. dayjs with its utc plugin does
 * the calendar arithmetic, as in the widget.
 */
import dayjs from 'dayjs'
import utc from 'dayjs/plugin/utc.js'

dayjs.extend(utc)

export interface CalendarDate {
  year: number
  /** 1..12 */
  month: number
  /** 1..31 */
  day: number
}

/** Years a first payment date may fall in: four digits all along a schedule, and nothing absurd. */
const MIN_YEAR = 1900
const MAX_YEAR = 9000

/**
 * `YYYY-MM-DD`, optionally with a time and a zone (ISO 8601 extended format).
 * Checked before dayjs reads it: dayjs alone would read `2026-1-5` or roll
 * 2026-02-30 over to March.
 */
const ISO_DATE = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-](\d{2}):(\d{2}))?)?$/

const calendarDateOf = (date: dayjs.Dayjs): CalendarDate => ({ year: date.year(), month: date.month() + 1, day: date.date() })
const utcOf = (date: CalendarDate) => dayjs.utc(formatDate(date))

/**
 * Reads a first payment date the way the client does: a date, or a date-time
 * taken as UTC (a `Z` is added when no zone is given), whose UTC calendar day
 * is the date. Null when it is not a real date and time.
 */
export function parseDateOfPayment(text: string): CalendarDate | null {
  const match = ISO_DATE.exec(text)
  if (!match) return null
  const [, day, hh, mi, ss, zone, oh, om] = match
  const literal = dayjs.utc(day)
  // A day that does not exist is refused, not rolled over.
  if (!day || !literal.isValid() || literal.format('YYYY-MM-DD') !== day) return null
  if (literal.year() < MIN_YEAR || literal.year() > MAX_YEAR) return null
  if (hh === undefined) return calendarDateOf(literal)
  if (Number(hh) > 23 || Number(mi) > 59 || Number(ss ?? 0) > 59) return null
  if (oh !== undefined && (Number(oh) > 23 || Number(om) > 59)) return null
  const instant = dayjs.utc(zone ? text : `${text}Z`)
  return instant.isValid() ? calendarDateOf(instant) : null
}

/**
 * The date `months` calendar months after `first`, on the same day of the
 * month, clamped to that month's last day. Always counted from the first date,
 * so 31 Jan → 28/29 Feb → 31 Mar (never 28 Mar).
 */
export function addMonthsClamped(first: CalendarDate, months: number): CalendarDate {
  const month = utcOf({ ...first, day: 1 }).add(months, 'month')
  return { ...calendarDateOf(month), day: Math.min(first.day, month.daysInMonth()) }
}

export function formatDate(date: CalendarDate): string {
  const pad = (value: number, width: number) => String(value).padStart(width, '0')
  return `${pad(date.year, 4)}-${pad(date.month, 2)}-${pad(date.day, 2)}`
}
