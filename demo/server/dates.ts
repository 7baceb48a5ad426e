/**
 * Calendar dates of the schedule, in UTC and free of any time zone of the
 * machine: a due date is a day, not an instant.
 */

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

/** `YYYY-MM-DD`, optionally with a time and a zone (ISO 8601 extended format). */
const ISO_DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:\d{2})?)?$/

export function daysInMonth(year: number, month: number): number {
  // Day 0 of the next month is the last day of this one.
  return new Date(Date.UTC(year, month, 0)).getUTCDate()
}

/**
 * Reads a first payment date the way the client does (spec section 5): a date,
 * or a date-time taken as UTC (a `Z` is added when no zone is given), whose
 * UTC calendar day is the date. Null when it is not a real date and time.
 */
export function parseDateOfPayment(text: string): CalendarDate | null {
  const match = ISO_DATE.exec(text)
  if (!match) return null
  const [, y, m, d, hh, mi, ss, , zone] = match
  const date = { year: Number(y), month: Number(m), day: Number(d) }
  if (date.year < MIN_YEAR || date.year > MAX_YEAR) return null
  if (date.month < 1 || date.month > 12 || date.day < 1 || date.day > daysInMonth(date.year, date.month)) return null
  if (hh === undefined) return date

  const hours = Number(hh)
  const minutes = Number(mi)
  const seconds = ss === undefined ? 0 : Number(ss)
  if (hours > 23 || minutes > 59 || seconds > 59) return null
  let offsetMinutes = 0
  if (zone !== undefined && zone !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1
    const [oh, om] = zone.slice(1).split(':').map(Number)
    if (oh === undefined || om === undefined || oh > 23 || om > 59) return null
    offsetMinutes = sign * (oh * 60 + om)
  }
  const instant = Date.UTC(date.year, date.month - 1, date.day, hours, minutes - offsetMinutes, seconds)
  const utc = new Date(instant)
  return { year: utc.getUTCFullYear(), month: utc.getUTCMonth() + 1, day: utc.getUTCDate() }
}

/**
 * The date `months` calendar months after `first`, on the same day of the
 * month, clamped to that month's last day. Always counted from the first date,
 * so 31 Jan → 28/29 Feb → 31 Mar (never 28 Mar).
 */
export function addMonthsClamped(first: CalendarDate, months: number): CalendarDate {
  const index = first.year * 12 + (first.month - 1) + months
  const year = Math.floor(index / 12)
  const month = (index % 12) + 1
  return { year, month, day: Math.min(first.day, daysInMonth(year, month)) }
}

export function formatDate(date: CalendarDate): string {
  const pad = (value: number, width: number) => String(value).padStart(width, '0')
  return `${pad(date.year, 4)}-${pad(date.month, 2)}-${pad(date.day, 2)}`
}
