// The calculator's date rules, on dayjs. Shared by the widget and the
// reference server: a date is a calendar day (`YYYY-MM-DD`), never an instant
// that a machine's time zone could move. An instant is read through its UTC
// ISO text (dayjs's toISOString), so neither the widget's first render nor the
// server needs more than dayjs's core.
import dayjs, { type Dayjs } from 'dayjs'

const DAY = 'YYYY-MM-DD'

/**
 * `YYYY-MM-DD`, or a date-time with a `T` or a space, minutes, optional
 * seconds and fraction, and an optional `Z` or offset: the forms of ISO 8601
 * that backends send (.NET and Java send a date-time without a zone).
 */
const DATE_OR_DATE_TIME =
  /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/i

/** A zone `+hhmm` or `+hh:mm` within ±23:59, as the minutes it adds to UTC; null when out of range. */
function offsetMinutes(zone: string): number | null {
  if (zone.toUpperCase() === 'Z') return 0
  const hours = Number(zone.slice(1, 3))
  const minutes = Number(zone.slice(-2))
  if (hours > 23 || minutes > 59) return null
  return (zone.startsWith('-') ? -1 : 1) * (hours * 60 + minutes)
}

/**
 * Takes a date text as UTC — a `Z` is added when it names no zone — and
 * returns its UTC calendar day as `YYYY-MM-DD`; null when it is not a real
 * calendar date and time (2026-02-30, 24:00, an offset of +25:00).
 */
export function toIsoDate(text: unknown): string | null {
  if (typeof text !== 'string') return null
  const match = DATE_OR_DATE_TIME.exec(text)
  if (!match) return null
  const [, day = '', hh, mm, ss = '00', , zone = 'Z'] = match
  // dayjs rolls 2026-02-30 over to March: a day that does not exist is refused.
  if (!isCalendarDay(day)) return null
  if (hh === undefined || mm === undefined) return day
  const offset = offsetMinutes(zone)
  if (Number(hh) > 23 || Number(mm) > 59 || Number(ss) > 59 || offset === null) return null
  // The instant, counted from the day's UTC midnight, read back as its UTC day.
  return dayjs(`${day}T00:00:00Z`)
    .add(Number(hh) * 60 + Number(mm) - offset, 'minute')
    .toISOString()
    .slice(0, 10)
}

/** Whether `YYYY-MM-DD` names a day that exists (not 2026-02-30). */
export function isCalendarDay(day: string): boolean {
  const date = dayjs(day, DAY)
  return date.isValid() && date.format(DAY) === day
}

/** Today as `YYYY-MM-DD` in the user's own calendar (the calendar's minimum date). */
export function localToday(now: Date = new Date()): string {
  return dayjs(now).format(DAY)
}

/** A local midnight `Date` for a `YYYY-MM-DD` text, as a calendar widget wants. */
export function localDateOf(isoDate: string): Date {
  return dayjs(isoDate, DAY).toDate()
}

/** The `YYYY-MM-DD` a calendar's local `Date` stands for. */
export function isoDateOfLocal(date: Date | Dayjs): string {
  return dayjs(date).format(DAY)
}

/** `DD / MM / YYYY`: the first payment date when it is shown read-only. */
export function displayDate(isoDate: string): string {
  return dayjs(isoDate, DAY).format('DD / MM / YYYY')
}
