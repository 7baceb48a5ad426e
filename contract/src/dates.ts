/**
 * How a date on the wire is read, by the widget and the reference server alike: a date is a calendar day
 * (`YYYY-MM-DD`), never an instant that a machine's time zone could move. A date-time is taken as UTC when it
 * names no zone (a `Z` is added) and read as the UTC day of its instant. Counted in UTC, with no date library:
 * the same answer in every engine and on every machine.
 */

/**
 * `YYYY-MM-DD`, or a date-time with a `T` or a space, minutes, optional seconds and fraction, and an optional
 * `Z` or offset (`+hh:mm`, `+hhmm`): the forms of ISO 8601 that backends send (.NET and Java send a date-time
 * without a zone).
 */
const DATE_OR_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|([+-])(\d{2}):?(\d{2}))?)?$/i

/** Days in `month` (1–12) of `year`, in the Gregorian calendar. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31
}

/**
 * Takes a date text as UTC — a `Z` is added when it names no zone — and returns its UTC calendar day as
 * `YYYY-MM-DD`; null when it is not a real calendar date and time (2026-02-30, 24:00, an offset of +25:00) or
 * its day leaves the years 0000–9999.
 */
export function toIsoDate(text: unknown): string | null {
  const match = typeof text === 'string' ? DATE_OR_DATE_TIME.exec(text) : null
  if (match === null) return null
  const [, year, month, day, hours = 0, minutes = 0, seconds = 0, sign, zoneHours = 0, zoneMinutes = 0] = match
  const monthIndex = +(month as string) - 1
  const instant = new Date(0)
  // A year as written (Date.UTC would read 0–99 as 1900–1999); a day that does not exist rolls over to another.
  instant.setUTCFullYear(+(year as string), monthIndex, +(day as string))
  if (instant.getUTCMonth() !== monthIndex || instant.getUTCDate() !== +(day as string)) return null
  if (+hours > 23 || +minutes > 59 || +seconds > 59 || +zoneHours > 23 || +zoneMinutes > 59) return null
  instant.setUTCMinutes(+hours * 60 + +minutes - (sign === '-' ? -1 : 1) * (+zoneHours * 60 + +zoneMinutes))
  const iso = instant.toISOString()
  return iso.length === 24 ? iso.slice(0, 10) : null
}

/** Whether `YYYY-MM-DD` names a day that exists (not 2026-02-30). */
export function isCalendarDay(text: string): boolean {
  return toIsoDate(text) === text
}
