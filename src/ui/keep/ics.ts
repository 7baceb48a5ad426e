import type { KeptPlan } from './plan.ts'

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
}

/**
 * The due dates as an iCalendar file: one all-day event a fee. The UID names the
 * plan's version and the fee, so importing the same file twice updates the
 * events instead of doubling them.
 */
export function planIcs(plan: KeptPlan, texts: IcsTexts, money: (value: number) => string, madeAt: Date): string {
  const version = plan.versionHashCode ?? 'simulation'
  const total = plan.table.fees.length
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//fees-calculator//plan//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(texts.calendarName)}`,
  ]
  for (const fee of plan.table.fees) {
    const next = new Date(`${fee.dueDate}T00:00:00Z`)
    next.setUTCDate(next.getUTCDate() + 1)
    lines.push(
      'BEGIN:VEVENT',
      `UID:${version}-fee-${fee.number}@fees-calculator`,
      `DTSTAMP:${stamp(madeAt)}`,
      `DTSTART;VALUE=DATE:${basicDate(fee.dueDate)}`,
      `DTEND;VALUE=DATE:${basicDate(next.toISOString().slice(0, 10))}`,
      `SUMMARY:${escapeText(texts.summary(fee.number, total, money(fee.fee)))}`,
      `DESCRIPTION:${escapeText(texts.description)}`,
      'TRANSP:TRANSPARENT',
      'END:VEVENT',
    )
  }
  lines.push('END:VCALENDAR')
  return `${lines.map(foldLine).join('\r\n')}\r\n`
}
