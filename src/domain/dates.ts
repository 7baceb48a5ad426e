// Plain Date arithmetic, no date library: these few rules are on the first
// render's path (validation and the date field), where every kilobyte counts.

/** `YYYY-MM-DD`, optionally followed by a time (ISO 8601). */
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/

/**
 * Takes a date text as UTC (spec section 5: a `Z` is added when missing) and
 * returns it as `YYYY-MM-DD`, or null when it is not a real calendar date.
 */
export function toIsoDate(text: unknown): string | null {
  if (typeof text !== 'string') return null
  const match = ISO_DATE.exec(text.trim())
  if (!match) return null
  const [, y, m, d, hh, mm, , zone] = match
  const hasTime = hh !== undefined
  const iso = hasTime ? `${text.trim().replace(' ', 'T')}${zone ? '' : 'Z'}` : `${y}-${m}-${d}T00:00:00Z`
  // Date rolls 2026-02-30 over to March: a day that does not exist is invalid, with or without a time.
  const literal = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)))
  if (literal.getUTCFullYear() !== Number(y) || literal.getUTCMonth() + 1 !== Number(m) || literal.getUTCDate() !== Number(d)) return null
  if (hasTime && (Number(hh) > 23 || Number(mm) > 59)) return null
  // With the zone made explicit, Date parses the instant exactly as a date library would.
  const parsed = new Date(iso)
  if (Number.isNaN(parsed.getTime())) return null
  return isoDateOf(parsed)
}

const pad = (value: number, width: number) => String(value).padStart(width, '0')
const ymd = (year: number, month: number, day: number) => `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`

/** `YYYY-MM-DD` of the given moment in UTC. */
export function isoDateOf(date: Date): string {
  return ymd(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate())
}

/** Today as `YYYY-MM-DD` in the user's own calendar (the calendar's minimum date). */
export function localToday(now: Date = new Date()): string {
  return isoDateOfLocal(now)
}

/** A local midnight `Date` for a `YYYY-MM-DD` text, as a calendar widget wants. */
export function localDateOf(isoDate: string): Date {
  const [y, m, d] = isoDate.split('-').map(Number)
  return new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1)
}

/** The `YYYY-MM-DD` a calendar's local `Date` stands for. */
export function isoDateOfLocal(date: Date): string {
  return ymd(date.getFullYear(), date.getMonth() + 1, date.getDate())
}

/** `DD / MM / YYYY`, the read-only first payment date of spec section 2. */
export function displayDate(isoDate: string): string {
  const [y, m, d] = isoDate.split('-')
  return `${d} / ${m} / ${y}`
}
