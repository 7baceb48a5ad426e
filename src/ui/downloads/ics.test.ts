import ICAL from 'ical.js'
import { beforeAll, describe, expect, it } from 'vitest'
import { readWithLibical } from '../../../test/support/libical.ts'
import { makePlan } from '../../../test/support/plans.ts'
import { LANGUAGES } from '../../domain/language.ts'
import { formattersFor } from '../format.ts'
import { feesCancelled, foldLine, planIcs, REMINDER_DAYS, reminderDaysOf } from './ics.ts'
import type { DownloadablePlan } from './plan.ts'
import { icsTexts, loadDownloadWords } from './texts.ts'

const MADE_AT = new Date('2026-11-24T16:05:00Z')

/** Each language's event title for fee 7 of 24. */
const TITLES = {
  es: (amount: string) => `Cuota 7 de 24: ${amount}`,
  en: (amount: string) => `Fee 7 of 24: ${amount}`,
  ca: (amount: string) => `Quota 7 de 24: ${amount}`,
  eu: (amount: string) => `7. kuota (24 guztira): ${amount}`,
  gl: (amount: string) => `Cota 7 de 24: ${amount}`,
  pt: (amount: string) => `Prestação 7 de 24: ${amount}`,
}

describe.each(LANGUAGES)('the due dates as a calendar in %s', (language) => {
  const plan = makePlan({ fees: 24, amount: 1_234_567, tin: 0.0595, firstDate: '2027-01-31', language, saved: true })
  const format = formattersFor(language, 'EUR')
  let file = ''
  beforeAll(async () => {
    await loadDownloadWords(language)
    file = planIcs(plan, icsTexts(plan), format.money, MADE_AT)
  })

  it('has one all-day event a fee, on its due date, titled with its number and amount', () => {
    const calendar = new ICAL.Component(ICAL.parse(file))
    const events = calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent))
    expect(events).toHaveLength(24)
    events.forEach((event, index) => {
      const fee = plan.table.fees[index]
      if (!fee) throw new Error('an event without its fee')
      expect(event.startDate.isDate).toBe(true)
      expect(event.startDate.toString()).toBe(fee.dueDate)
      expect(event.endDate.toString()).toBe(event.startDate.clone().adjust(1, 0, 0, 0).toString())
      expect(event.summary).toContain(String(fee.number))
      expect(event.summary).toContain(format.money(fee.fee))
      if (fee.number === 7) expect(event.summary).toBe(TITLES[language](format.money(fee.fee)))
      expect(event.uid).toBe(`CTR-2027-0042-fee-${fee.number}@fees-calculator`)
      expect(event.sequence).toBe(3)
      expect(event.description).toContain('Grado en Ingeniería Informática · Señales, Comunicación y Diseño à la carte')
    })
  })

  it('is the same file twice for the same version (stable UIDs), with CRLF lines of at most 75 octets', () => {
    const again = planIcs(plan, icsTexts(plan), format.money, new Date('2027-02-01T09:00:00Z'))
    const uids = (text: string) => text.split('\r\n').filter((line) => line.startsWith('UID:'))
    expect(uids(again)).toEqual(uids(file))
    expect(new Set(uids(file)).size).toBe(24)
    expect(file.endsWith('\r\n')).toBe(true)
    expect(file.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/)
    const lines = file.split('\r\n')
    for (const line of lines) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75)
    // The long programme name was folded, and unfolds to itself.
    expect(lines.some((line) => line.startsWith(' '))).toBe(true)
  })
})

/** The events of a file as ical.js reads them. */
const eventsOf = (file: string) =>
  new ICAL.Component(ICAL.parse(file)).getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent))

/**
 * What a calendar app keeps after importing files one after the other: one event per UID, a newer SEQUENCE
 * replacing an older one whole (RFC 5545; Thunderbird, whose parser is ical.js, does so with an iTIP PUBLISH: an
 * event whose SEQUENCE is higher, or as high with a later DTSTAMP, replaces the one it holds).
 */
function importInTurn(...files: string[]): ICAL.Event[] {
  const kept = new Map<string, ICAL.Event>()
  for (const file of files)
    for (const event of eventsOf(file)) {
      const held = kept.get(event.uid)
      if (!held || event.sequence >= held.sequence) kept.set(event.uid, event)
    }
  return [...kept.values()]
}

describe('a newer version of the same plan, imported after an older one', () => {
  const money = formattersFor('es', 'EUR').money
  const version = (number: number, firstDate: string, fees: number): DownloadablePlan => ({
    ...makePlan({ fees, amount: 600_000, tin: 0.0595, firstDate, language: 'es', saved: true }),
    versionNumber: number,
    versionHashCode: `hash-of-version-${number}`,
  })
  const v1 = version(1, '2027-01-15', 12)
  const v2 = version(2, '2027-02-20', 12)

  it('moves each fee to its new date and amount: every due date of the newer plan once, none of the older', () => {
    const calendar = importInTurn(
      planIcs(v1, icsTexts(v1), money, MADE_AT),
      planIcs(v2, icsTexts(v2), money, new Date('2026-12-01T10:00:00Z')),
    )
    const days = calendar.map((event) => event.startDate.toString()).sort()
    expect(days).toEqual(v2.table.fees.map((fee) => fee.dueDate))
    expect(new Set(days).size).toBe(days.length)
    expect(calendar.every((event) => event.sequence === 2)).toBe(true)
    for (const event of calendar) {
      const fee = v2.table.fees.find((row) => row.dueDate === event.startDate.toString())!
      expect(event.summary).toBe(`Cuota ${fee.number} de 12: ${money(fee.fee)}`)
    }
  })

  it('keeps the newer version when the older file is imported after it, and changes nothing on a second import', () => {
    const newer = planIcs(v2, icsTexts(v2), money, MADE_AT)
    const calendar = importInTurn(newer, planIcs(v1, icsTexts(v1), money, MADE_AT), newer)
    expect(calendar.map((event) => event.startDate.toString()).sort()).toEqual(v2.table.fees.map((fee) => fee.dueDate))
  })

  it('gives a saved plan whose version number is not known no SEQUENCE, and keeps its UIDs', () => {
    const unknown = { ...v2, versionNumber: null }
    const file = planIcs(unknown, icsTexts(unknown), money, MADE_AT)
    const events = eventsOf(file)
    expect(events.map((event) => event.uid)).toEqual(
      v2.table.fees.map((fee) => `CTR-2027-0042-fee-${fee.number}@fees-calculator`),
    )
    expect(file).not.toMatch(/^SEQUENCE:/m)
    expect(events.every((event) => !event.sequence)).toBe(true)
  })
})

describe('the reminder of each due date', () => {
  const plan = makePlan({ fees: 6, amount: 300_000, tin: 0.0595, firstDate: '2027-01-15', language: 'es', saved: true })
  const money = formattersFor('es', 'EUR').money
  const alarms = (file: string) =>
    eventsOf(file).map((event) => {
      const alarm = event.component.getFirstSubcomponent('valarm')
      if (!alarm) return null
      const trigger = alarm.getFirstPropertyValue('trigger') as ICAL.Duration
      return {
        action: alarm.getFirstPropertyValue('action'),
        days: trigger.toSeconds() / 86_400,
        description: alarm.getFirstPropertyValue('description'),
        summary: event.summary,
      }
    })

  it(`is a displayed alarm ${REMINDER_DAYS} days before, saying which fee, unless the host says otherwise`, () => {
    for (const alarm of alarms(planIcs(plan, icsTexts(plan), money, MADE_AT)))
      expect(alarm).toEqual({ action: 'DISPLAY', days: -3, description: alarm?.summary, summary: alarm?.summary })
    expect(alarms(planIcs(plan, icsTexts(plan), money, MADE_AT, 7)).map((alarm) => alarm?.days)).toEqual(
      Array(6).fill(-7),
    )
    expect(alarms(planIcs(plan, icsTexts(plan), money, MADE_AT, 0)).map((alarm) => alarm?.days)).toEqual(
      Array(6).fill(0),
    )
    expect(alarms(planIcs(plan, icsTexts(plan), money, MADE_AT, null))).toEqual(Array(6).fill(null))
  })

  it.each([
    [null, 3],
    ['', 3],
    ['7', 7],
    [' 14 ', 14],
    ['0', 0],
    ['60', 60],
    ['off', null],
    ['NONE', null],
    ['false', null],
    ['61', 3],
    ['-2', 3],
    ['1.5', 3],
    ['soon', 3],
  ])('reads the host’s reminder-days %j as %j', (given, days) => {
    expect(reminderDaysOf(given)).toBe(days)
  })
})

it('folds at 75 octets without splitting a letter of two bytes', () => {
  const folded = foldLine(`DESCRIPTION:${'ñ'.repeat(100)}`)
  for (const line of folded.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75)
  expect(folded.replaceAll('\r\n ', '')).toBe(`DESCRIPTION:${'ñ'.repeat(100)}`)
})

describe('a newer version that replaces an older one with more due dates', () => {
  const money = formattersFor('es', 'EUR')
  const version = (number: number, fees: number, firstDate: string): DownloadablePlan => ({
    ...makePlan({ fees, amount: 600_000, tin: 0.0595, firstDate, language: 'es', saved: true }),
    versionNumber: number,
    versionHashCode: `hash-of-version-${number}`,
  })
  // The stand-in plans date fees up to the 28th only (test/support/plans.ts): a day every month has.
  const v1 = version(1, 24, '2027-01-15')
  /** v2 replaces v1, read by its hash: 18 fees from 15 March. */
  const v2: DownloadablePlan = {
    ...version(2, 18, '2027-03-15'),
    replaces: {
      versionHashCode: 'hash-of-version-1',
      versionNumber: 1,
      failed: false,
      reading: false,
      saved: { result: v1.result, tuitionInput: { system: 2, financialType: 0, dateOfPayment: '2027-01-15' } },
    },
  }
  const files = async () => {
    await loadDownloadWords('es')
    return [planIcs(v1, icsTexts(v1), money.money, MADE_AT), planIcs(v2, icsTexts(v2), money.money, MADE_AT)] as const
  }

  it('keeps the UIDs of the fees that remain, with the higher SEQUENCE, and cancels the due dates that no longer exist', async () => {
    const [older, newer] = await files()
    const before = eventsOf(older)
    const after = eventsOf(newer)
    const kept = after.filter((event) => event.component.getFirstPropertyValue('status') === 'CONFIRMED')
    const cancelled = after.filter((event) => event.component.getFirstPropertyValue('status') === 'CANCELLED')
    expect(kept.map((event) => event.uid)).toEqual(before.slice(0, 18).map((event) => event.uid))
    expect(cancelled.map((event) => event.uid)).toEqual(before.slice(18).map((event) => event.uid))
    expect(after.every((event) => event.sequence === 2)).toBe(true)
    // A cancelled event stands on the day the older version had it, says so, and reminds of nothing.
    expect(cancelled.map((event) => event.startDate.toString())).toEqual(
      before.slice(18).map((event) => event.startDate.toString()),
    )
    expect(cancelled[0]?.summary).toBe('Cuota 19 de 24: anulada')
    expect(cancelled[0]?.description).toBe('La versión 2 de tu plan ya no tiene este vencimiento.')
    expect(cancelled.every((event) => event.component.getFirstSubcomponent('valarm') === null)).toBe(true)
    expect(new ICAL.Component(ICAL.parse(newer)).getFirstPropertyValue('method')).toBe('PUBLISH')
  })

  it('imported after the older file, leaves every due date of the newer plan once, and the others cancelled', async () => {
    const calendar = importInTurn(...(await files()))
    const due = calendar.filter((event) => event.component.getFirstPropertyValue('status') !== 'CANCELLED')
    expect(due.map((event) => event.startDate.toString()).sort()).toEqual(v2.table.fees.map((fee) => fee.dueDate))
    expect(calendar).toHaveLength(24)
    expect(calendar.filter((event) => event.component.getFirstPropertyValue('status') === 'CANCELLED')).toHaveLength(6)
  })

  it('reads the same in libical, as GNOME Calendar imports it: the method, the UIDs, the SEQUENCE and each status', async () => {
    const [older, newer] = await files()
    const read = readWithLibical(newer)
    expect(read.method).toBe('PUBLISH')
    expect(read.events.map((event) => event.uid)).toEqual(eventsOf(older).map((event) => event.uid))
    expect(read.events.map((event) => [event.sequence, event.status])).toEqual([
      ...Array(18).fill([2, 'CONFIRMED']),
      ...Array(6).fill([2, 'CANCELLED']),
    ])
    expect(read.events.map((event) => event.start)).toEqual([
      ...v2.table.fees.map((fee) => fee.dueDate.replaceAll('-', '')),
      ...['20280715', '20280815', '20280915', '20281015', '20281115', '20281215'],
    ])
    expect(read.events.at(-1)?.summary).toBe('Cuota 24 de 24: anulada')
  })

  it('cancels nothing when the older version could not be read, or when a SEQUENCE could not win', () => {
    const unread = { ...v2, replaces: { ...v2.replaces!, saved: null, failed: true } }
    expect(feesCancelled(unread)).toEqual([])
    expect(feesCancelled({ ...v2, versionNumber: null })).toEqual([])
    expect(feesCancelled({ ...v2, replaces: { ...v2.replaces!, versionNumber: 2 } })).toEqual([])
    // The older version's number not known: the newer one's SEQUENCE still says it is newer.
    expect(feesCancelled({ ...v2, replaces: { ...v2.replaces!, versionNumber: null } })).toHaveLength(6)
    // A newer version with as many fees or more cancels none.
    expect(
      feesCancelled({ ...v2, replaces: { ...v2.replaces!, saved: { ...v2.replaces!.saved!, result: v2.result } } }),
    ).toEqual([])
  })
})
