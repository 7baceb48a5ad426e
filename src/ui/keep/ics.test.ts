import ICAL from 'ical.js'
import { beforeAll, describe, expect, it } from 'vitest'
import { LANGUAGES } from '../../domain/language.ts'
import { formattersFor } from '../format.ts'
import { makePlan } from './fixtures.ts'
import { foldLine, planIcs } from './ics.ts'
import { icsTexts, loadKeepWords } from './texts.ts'

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
    await loadKeepWords(language)
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
      expect(event.uid).toBe(`a1b2c3d4e5f60718293a4b5c6d7e8f90-fee-${fee.number}@fees-calculator`)
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

it('folds at 75 octets without splitting a letter of two bytes', () => {
  const folded = foldLine(`DESCRIPTION:${'ñ'.repeat(100)}`)
  for (const line of folded.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75)
  expect(folded.replaceAll('\r\n ', '')).toBe(`DESCRIPTION:${'ñ'.repeat(100)}`)
})
