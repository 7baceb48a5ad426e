// The calculator's date rules. Shared by the widget and the reference server: a
// date is a calendar day (`YYYY-MM-DD`), never an instant that a machine's time
// zone could move. They need no date library: a day is read from its digits and
// checked against the calendar by the platform's own Date, in UTC (dayjs did
// this at 2 KB gzip before the first figures, and rolled 2026-02-30 over to March).

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

/** `YYYY-MM-DD` of a date's fields (local or UTC, as the caller reads them). */
const dayText = (year: number, month: number, day: number) =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`

/** The UTC midnight of a `YYYY-MM-DD` text, its year taken as written (Date.UTC reads 0–99 as 1900–1999). */
function utcMidnight(day: string): Date {
  const date = new Date(Date.UTC(2000, Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))))
  date.setUTCFullYear(Number(day.slice(0, 4)))
  return date
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
  if (!isCalendarDay(day)) return null
  if (hh === undefined || mm === undefined) return day
  const offset = offsetMinutes(zone)
  if (Number(hh) > 23 || Number(mm) > 59 || Number(ss) > 59 || offset === null) return null
  // The instant, counted from the day's UTC midnight, read back as its UTC day.
  const instant = utcMidnight(day)
  instant.setUTCMinutes(Number(hh) * 60 + Number(mm) - offset)
  return dayText(instant.getUTCFullYear(), instant.getUTCMonth() + 1, instant.getUTCDate())
}

/** Whether `YYYY-MM-DD` names a day that exists (not 2026-02-30). */
export function isCalendarDay(day: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false
  // A day that does not exist rolls over to another (2026-02-30 to March 2): it comes back as another text.
  const date = utcMidnight(day)
  return dayText(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()) === day
}

/** The `YYYY-MM-DD` a calendar's local `Date` stands for (today, for the calendar's minimum date). */
export function isoDateOfLocal(date: Date): string {
  return dayText(date.getFullYear(), date.getMonth() + 1, date.getDate())
}

/** Today as `YYYY-MM-DD` in the user's own calendar (the calendar's minimum date). */
export const localToday = (now: Date = new Date()): string => isoDateOfLocal(now)

/** A local midnight `Date` for a `YYYY-MM-DD` text, as a calendar widget wants. */
export function localDateOf(isoDate: string): Date {
  const date = new Date(2000, Number(isoDate.slice(5, 7)) - 1, Number(isoDate.slice(8, 10)))
  date.setFullYear(Number(isoDate.slice(0, 4)))
  return date
}

/** `DD / MM / YYYY`: the first payment date when it is shown read-only. */
export function displayDate(isoDate: string): string {
  return `${isoDate.slice(8, 10)} / ${isoDate.slice(5, 7)} / ${isoDate.slice(0, 4)}`
}
