import dayjs from 'dayjs'
import utc from 'dayjs/plugin/utc'

dayjs.extend(utc)

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
  // Date and dayjs roll 2026-02-30 over to March: a day that does not exist is invalid, with or without a time.
  const literal = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)))
  if (literal.getUTCFullYear() !== Number(y) || literal.getUTCMonth() + 1 !== Number(m) || literal.getUTCDate() !== Number(d)) return null
  if (hasTime && (Number(hh) > 23 || Number(mm) > 59)) return null
  const parsed = dayjs.utc(iso)
  if (!parsed.isValid()) return null
  return parsed.format('YYYY-MM-DD')
}

/** `YYYY-MM-DD` of the given moment in UTC. */
export function isoDateOf(date: Date): string {
  return dayjs.utc(date).format('YYYY-MM-DD')
}

/** Today as `YYYY-MM-DD` in the user's own calendar (the calendar's minimum date). */
export function localToday(now: Date = new Date()): string {
  return dayjs(now).format('YYYY-MM-DD')
}

/** A local midnight `Date` for a `YYYY-MM-DD` text, as a calendar widget wants. */
export function localDateOf(isoDate: string): Date {
  const [y, m, d] = isoDate.split('-').map(Number)
  return new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1)
}

/** The `YYYY-MM-DD` a calendar's local `Date` stands for. */
export function isoDateOfLocal(date: Date): string {
  return dayjs(date).format('YYYY-MM-DD')
}

/** `DD / MM / YYYY`, the read-only first payment date of spec section 2. */
export function displayDate(isoDate: string): string {
  const [y, m, d] = isoDate.split('-')
  return `${d} / ${m} / ${y}`
}
