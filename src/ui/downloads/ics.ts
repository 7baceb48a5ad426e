import { dueDateAfter } from '../../domain/dates.ts'
import type { DownloadablePlan } from './plan.ts'

/** Days before each due date that the student's calendar reminds them, unless the host says otherwise. */
export const REMINDER_DAYS = 3
/** The longest reminder a host may ask for: two months before a fee. */
const MAX_REMINDER_DAYS = 60

/**
 * The host's `reminder-days`: a whole number of days before each due date (0: on the day itself), or `off` (also
 * `none`, `no`, `false`) for no reminder. Absent, empty or unreadable (`abc`, `-2`, more than 60): the default.
 */
export function reminderDaysOf(value: string | null | undefined): number | null {
  const text = (value ?? '').trim()
  if (/^(off|none|no|false)$/i.test(text)) return null
  return /^\d{1,2}$/.test(text) && Number(text) <= MAX_REMINDER_DAYS ? Number(text) : REMINDER_DAYS
}

/** Folds a content line at 75 octets (RFC 5545 3.1), never inside a UTF-8 sequence. */
export function foldLine(line: string): string {
  const encoder = new TextEncoder()
  const parts: string[] = []
  let current = ''
  let octets = 0
  let limit = 75
  for (const char of line) {
    const size = encoder.encode(char).length
    if (octets + size > limit) {
      parts.push(current)
      current = ''
      octets = 0
      limit = 74 // the continuation's leading space counts
    }
    current += char
    octets += size
  }
  parts.push(current)
  return parts.join('\r\n ')
}

const escapeText = (text: string) =>
  text.replaceAll('\\', '\\\\').replaceAll(';', '\\;').replaceAll(',', '\\,').replaceAll('\n', '\\n')

const basicDate = (iso: string) => iso.replaceAll('-', '')
const stamp = (date: Date) => `${date.toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`

export interface IcsTexts {
  calendarName: string
  /** The event's title for a fee: "Fee 3 of 12: 512,34 €". */
  summary(feeNumber: number, total: number, amount: string): string
  description: string
  /** The title of a due date this version no longer has: "Fee 14 of 24: cancelled" (24 fees in the older version). */
  cancelled(feeNumber: number, total: number): string
  /** Why: "Version 3 of your plan no longer has this due date." */
  cancelledDescription: string
}

/**
 * The due dates of the version a plan replaces that the plan no longer has (its fees past the plan's last), when
 * the older version could be read and the plan's own number is known: only a higher SEQUENCE cancels an event.
 */
export function feesCancelled(plan: DownloadablePlan): { number: number; dueDate: string }[] {
  const before = plan.replaces?.saved?.result
  const older = plan.replaces?.versionNumber ?? 0
  if (!before || plan.versionNumber === null || older >= plan.versionNumber) return []
  const kept = plan.table.fees.length
  return Array.from({ length: Math.max(0, before.totalFees - kept) }, (_, index) => ({
    number: kept + index + 1,
    dueDate: dueDateAfter(before.firstPaymentDate, kept + index),
  }))
}

/**
 * The due dates as an iCalendar file: one all-day event a fee, each with a reminder `reminderDays` before it (none
 * when null). An event's UID names the contract and the fee's number, and its SEQUENCE the version, so a calendar
 * that imports a newer version's file after an older one moves each fee to its new date and amount instead of
 * showing both; the same file twice changes nothing. A saved plan whose version number could not be fetched has
 * no SEQUENCE: a calendar takes it as the first.
 *
 * A plan that replaces a version with more fees sends those it no longer has as cancelled (STATUS:CANCELLED, their
 * UIDs, this version's SEQUENCE), so that a calendar holding them no longer shows them as due. One iCalendar object
 * has one METHOD: PUBLISH is the one under which a changed event and a cancelled one travel together (iTIP, RFC 5546:
 * a published event's STATUS may be CANCELLED), and a calendar that reads the file as an iTIP message (Thunderbird
 * does) takes each event whose SEQUENCE is higher than the one it holds. The kept events say CONFIRMED, so that a
 * fee a later version brings back is no longer cancelled. What the calendars do with it: docs/embedding.md.
 */
export function planIcs(
  plan: DownloadablePlan,
  texts: IcsTexts,
  money: (value: number) => string,
  madeAt: Date,
  reminderDays: number | null = REMINDER_DAYS,
): string {
  const contract = encodeURIComponent(plan.contractId ?? plan.versionHashCode ?? 'plan')
  const total = plan.table.fees.length
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//fees-calculator//plan//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(texts.calendarName)}`,
  ]
  /** The lines every event of a fee starts with: its UID, this version, the day. */
  const event = (number: number, dueDate: string) => {
    const next = new Date(`${dueDate}T00:00:00Z`)
    next.setUTCDate(next.getUTCDate() + 1)
    return [
      'BEGIN:VEVENT',
      `UID:${contract}-fee-${number}@fees-calculator`,
      ...(plan.versionNumber === null ? [] : [`SEQUENCE:${plan.versionNumber}`]),
      `DTSTAMP:${stamp(madeAt)}`,
      `DTSTART;VALUE=DATE:${basicDate(dueDate)}`,
      `DTEND;VALUE=DATE:${basicDate(next.toISOString().slice(0, 10))}`,
    ]
  }
  for (const fee of plan.table.fees) {
    const summary = escapeText(texts.summary(fee.number, total, money(fee.fee)))
    lines.push(
      ...event(fee.number, fee.dueDate),
      `SUMMARY:${summary}`,
      `DESCRIPTION:${escapeText(texts.description)}`,
      'STATUS:CONFIRMED',
      'TRANSP:TRANSPARENT',
      // Relative to the all-day event's start, the due day's midnight: -P3D is three days before.
      ...(reminderDays === null
        ? []
        : [
            'BEGIN:VALARM',
            'ACTION:DISPLAY',
            `TRIGGER:${reminderDays ? `-P${reminderDays}D` : 'PT0S'}`,
            `DESCRIPTION:${summary}`,
            'END:VALARM',
          ]),
      'END:VEVENT',
    )
  }
  const cancelled = feesCancelled(plan)
  for (const fee of cancelled)
    lines.push(
      ...event(fee.number, fee.dueDate),
      `SUMMARY:${escapeText(texts.cancelled(fee.number, total + cancelled.length))}`,
      `DESCRIPTION:${escapeText(texts.cancelledDescription)}`,
      'STATUS:CANCELLED',
      'TRANSP:TRANSPARENT',
      'END:VEVENT',
    )
  lines.push('END:VCALENDAR')
  return `${lines.map(foldLine).join('\r\n')}\r\n`
}
