// dayjs with its utc plugin is the widget's one date library: the UTC rule for
// the host's dateOfPayment and for every date in an answer, the calendar's
// minimum date, and the dates on screen.
import dayjs from 'dayjs'
import utc from 'dayjs/plugin/utc'

dayjs.extend(utc)

/**
 * The forms a date may take: `YYYY-MM-DD`, or a date-time with or without a
 * zone (`Z` or an offset) and fractional seconds. dayjs alone would also read
 * `2027-3-1` or roll 2026-02-30 over to March, so the form is checked first.
 */
const ISO_DATE = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/

/**
 * Takes a date text as UTC (a `Z` is added when no zone is given) and returns
 * its UTC calendar day as `YYYY-MM-DD`, or null when it is not a real date:
 * a day that does not exist (2026-02-30) is refused, with or without a time.
 */
export function toIsoDate(text: unknown): string | null {
  if (typeof text !== 'string') return null
  const trimmed = text.trim()
  const match = ISO_DATE.exec(trimmed)
  if (!match) return null
  const [, day, hh, mm, ss, zone] = match
  if (!day || dayjs.utc(day).format('YYYY-MM-DD') !== day) return null
  if (hh === undefined) return day
  if (Number(hh) > 23 || Number(mm) > 59 || Number(ss ?? 0) > 59) return null
  const instant = dayjs.utc(`${trimmed.replace(' ', 'T')}${zone ? '' : 'Z'}`)
  return instant.isValid() ? instant.format('YYYY-MM-DD') : null
}

/** Today as `YYYY-MM-DD` in the user's own calendar (the calendar's minimum date). */
export function localToday(now: Date = new Date()): string {
  return dayjs(now).format('YYYY-MM-DD')
}

/** A local midnight `Date` for a `YYYY-MM-DD` text, as a calendar widget wants. */
export function localDateOf(isoDate: string): Date {
  return dayjs(isoDate).toDate()
}

/** The `YYYY-MM-DD` a calendar's local `Date` stands for. */
export function isoDateOfLocal(date: Date): string {
  return dayjs(date).format('YYYY-MM-DD')
}

/** `DD / MM / YYYY`, the read-only first payment date. */
export function displayDate(isoDate: string): string {
  return dayjs.utc(isoDate).format('DD / MM / YYYY')
}

/** A `YYYY-MM-DD` as the UTC midnight `Date` that Intl formats in the UTC zone (the schedule's due dates). */
export function utcDateOf(isoDate: string): Date {
  return dayjs.utc(isoDate).toDate()
}
