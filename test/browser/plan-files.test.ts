/**
 * Files a student can trust, in Chromium, Firefox and WebKit: the PDF is offered before the schedule is asked
 * for; a plan opened by its hash is that saved version even when its number cannot be fetched (its PDF is no
 * simulation, its calendar file is still offered); the calendar file reminds the student of each fee as the host
 * says (three days before unless it says otherwise, or not at all).
 */
import ICAL from 'ical.js'
import { expect, it } from 'vitest'
import { keepPdf, pdfInfo } from '../support/downloads.ts'
import { describeEngines, EVERY_ENGINE, type TestPage } from '../support/harness.ts'

const shadowHas = (page: TestPage, selector: string) =>
  page.evaluate((s) => !!document.querySelector('fees-calculator')!.shadowRoot!.querySelector(s), selector)

/** The events of an .ics as a calendar reads them: UID, SEQUENCE, day and reminder (days before, or null). */
function calendarOf(text: string) {
  return new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent)
    const alarm = vevent.getFirstSubcomponent('valarm')
    const trigger = alarm?.getFirstPropertyValue('trigger') as ICAL.Duration | undefined
    return {
      uid: event.uid,
      sequence: event.sequence,
      day: event.startDate.toString(),
      reminder: trigger ? -trigger.toSeconds() / 86_400 : null,
    }
  })
}

/** Saves the plan on a portal page and gives the saved table. */
async function savedPlan(page: TestPage) {
  await page.loaded()
  await page.click('[part=save-button]')
  return page.event('feeOptionSelectedEvent')
}

describeEngines('the plan as files', EVERY_ENGINE, (suite) => {
  it('offers the PDF before the schedule is asked for; pressing it fetches the schedule and keeps a simulation', async () => {
    const page = await suite.open('/demo/portal.html?lang=en')
    await page.loaded()
    await page.waitForInside('[part=downloads] [data-download=pdf]')
    expect(await shadowHas(page, '[part=schedule]')).toBe(false)
    // A plan not saved has no due dates to put in a calendar.
    expect(await shadowHas(page, '[data-download=ics]')).toBe(false)
    await page.click('[data-download=pdf]')
    const [pdf] = await page.downloaded(1)
    expect(pdf!.name).toMatch(/^plan-simulation-\d{4}-\d{2}-\d{2}\.pdf$/)
    const { text } = keepPdf(pdf!.bytes, `${suite.engine}-simulation-plan`)
    expect(text).toContain('Simulation')
    await page.waitForInside('[part=schedule] tbody tr')
    // The button the student pressed keeps the focus while the schedule arrives below it.
    expect(
      await page.evaluate(() =>
        document.querySelector('fees-calculator')!.shadowRoot!.activeElement?.getAttribute('data-download'),
      ),
    ).toBe('pdf')
  })

  it('keeps a plan opened by its hash as that version when its number cannot be fetched: no simulation, and its calendar', async () => {
    const portal = await suite.open('/demo/portal.html?lang=en')
    const table = await savedPlan(portal)
    await portal.close()
    const hash: string = table.versionHashCode
    const restore = suite.pages.refuse('/api/v1/Version/Number', 503, {
      title: 'Service Unavailable',
      code: 'unavailable',
    })
    try {
      // The element as a portal embeds it in hash mode, with the shipped bundle.
      const page = await suite.open('', {
        html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>saved plan</title><link rel="icon" href="data:,">
<script type="module" src="/dist/fees-calculator.js"></script></head>
<body><fees-calculator version-hash-code="${hash}" api-key="demo-api-key"></fees-calculator></body></html>`,
      })
      // The failed number is logged, as hash mode logs its failures; Chromium logs each refused request too.
      page.expectError(/version number|status of 503/i)
      await page.loaded()
      await page.waitForInside('[data-download=ics]')
      expect(await page.text('[data-figure=versionNumber]')).toBe('—')
      await page.click('[data-download=pdf]')
      await page.downloaded(1)
      await page.click('[data-download=ics]')
      const [pdf, ics] = await page.downloaded(2)
      expect(pdf!.name).toBe(`plan-C-2026-0001-${hash.slice(0, 8)}.pdf`)
      const { text } = keepPdf(pdf!.bytes, `${suite.engine}-hash-without-number-plan`)
      expect(text).not.toMatch(/simulation/i)
      expect(text).toContain(hash)
      expect(pdfInfo(pdf!.bytes)).not.toMatch(/simulation/i)
      expect(ics!.name).toBe(`plan-C-2026-0001-${hash.slice(0, 8)}.ics`)
      const events = calendarOf(ics!.text)
      expect(events.map((event) => event.day)).toEqual(table.fees.map((fee: { dueDate: string }) => fee.dueDate))
      expect(events.map((event) => event.uid)).toEqual(
        table.fees.map((fee: { number: number }) => `C-2026-0001-fee-${fee.number}@fees-calculator`),
      )
      expect(events.every((event) => !event.sequence && event.reminder === 3)).toBe(true)
    } finally {
      restore()
    }
  })

  it.each([
    ['attribute', 'off', null],
    ['property', '7', 7],
  ] as const)('reminds the student as the host says, by %s (%s)', async (how, value, reminder) => {
    const page = await suite.open('/demo/portal.html?lang=es')
    await page.evaluate(
      (by, given) => {
        const element = document.querySelector('fees-calculator') as HTMLElement & { reminderDays?: string }
        if (by === 'attribute') element.setAttribute('reminder-days', given)
        else element.reminderDays = given
      },
      how,
      value,
    )
    const table = await savedPlan(page)
    await page.waitForInside('[data-download=ics]')
    await page.click('[data-download=ics]')
    const [ics] = await page.downloaded(1)
    const events = calendarOf(ics!.text)
    expect(events).toHaveLength(table.fees.length)
    expect(events.every((event) => event.reminder === reminder && event.sequence === table.versionNumber)).toBe(true)
  })
})
