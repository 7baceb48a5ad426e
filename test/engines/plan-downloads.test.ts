/**
 * The plan's PDF and its due dates as .ics, from inside the shadow root on the
 * strict-CSP page and on the page that also enforces Trusted Types (with no
 * policy allowed), in Chromium, Firefox and WebKit alike.
 */
import ICAL from 'ical.js'
import { expect, it } from 'vitest'
import { describeEngines } from '../support/engines.ts'

describeEngines('the plan downloads', (suite) => {
  it.each([
    ['strict-csp', 'the strict CSP'],
    ['trusted-types', 'Trusted Types and the strict CSP'],
  ])(
    'after saving, plan-<contract>-v<version>.pdf and its .ics come out of the shadow root on %s.html (%s), and the host hears of both',
    async (demoPage) => {
      const page = await suite.open(`/demo/${demoPage}.html?lang=en`)
      await page.loaded()
      await page.click('[part=save-button]')
      const table = await page.event('feeOptionSelectedEvent')
      await page.waitForInside('[data-download=ics]')
      await page.click('[data-download=pdf]')
      await page.waitFor('the PDF', () =>
        (window as unknown as { __probe: { downloads: unknown[] } }).__probe.downloads.length === 1 ? true : null,
      )
      await page.click('[data-download=ics]')
      await page.waitFor('the calendar', () =>
        (window as unknown as { __probe: { downloads: unknown[] } }).__probe.downloads.length === 2 ? true : null,
      )
      const [pdf, ics] = await page.downloads()
      expect(pdf!.name).toBe(`plan-C-2026-0001-v${table.versionNumber}.pdf`)
      expect(pdf!.type).toBe('application/pdf')
      expect(pdf!.text.startsWith('%PDF-')).toBe(true)
      expect(ics!.name).toBe(`plan-C-2026-0001-v${table.versionNumber}.ics`)
      expect(ics!.type).toMatch(/^text\/calendar/)
      const events = new ICAL.Component(ICAL.parse(ics!.text))
        .getAllSubcomponents('vevent')
        .map((vevent) => new ICAL.Event(vevent))
      expect(events.map((event) => event.startDate.toString())).toEqual(
        table.fees.map((fee: { dueDate: string }) => fee.dueDate),
      )
      const told = (await page.events()).filter((event) => event.name === 'planDownloadEvent')
      expect(told.map((event) => event.detail.kind)).toEqual(['pdf', 'ics'])
      expect(await page.violations()).toEqual([])
    },
  )
})
