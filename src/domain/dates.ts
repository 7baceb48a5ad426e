// The calendar's date rules, on dayjs: a date is a calendar day (`YYYY-MM-DD`), never an instant that a
// machine's time zone could move. How a date on the wire is read is the contract's (toIsoDate), which the reference
// server applies too. A lazy chunk of its own (src/ui/chunks.ts): the calendar and the downloads bring it, and the
// first figures do without it.
import dayjs, { type Dayjs } from 'dayjs'

const DAY = 'YYYY-MM-DD'

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

/**
 * The due date of the fee `index` months after the first (0 is the first itself): the same day of the month, the
 * month's last day when it has none, always counted from the first date (31 Jan → 28/29 Feb → 31 Mar), as the API
 * dates a schedule (docs/rules.md#due-dates).
 */
export function dueDateAfter(firstPaymentDate: string, index: number): string {
  return dayjs(firstPaymentDate, DAY).add(index, 'month').format(DAY)
}
