/**
 * The plan's PDF and its due dates as .ics, from inside the shadow root on the
 * strict-CSP page and on the page that also enforces Trusted Types (with no
 * policy allowed), in Chromium, Firefox and WebKit alike: the PDF read back
 * with pdftotext, the .ics with a calendar parser, the host told of each file,
 * no violation; and a PDF maker that cannot be fetched says so.
 */
import ICAL from 'ical.js'
import { describe, expect, it } from 'vitest'
import { pdfText } from '../support/downloads.ts'
import { describeEngines, EVERY_ENGINE, type TestPage } from '../support/harness.ts'

/** Spaces as a PDF's text has them: Intl's narrow and no-break spaces are plain there. */
const plainSpaces = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ')

const PDF_BUTTON = 'Download the plan (PDF)'
const ICS_BUTTON = 'Add the due dates to my calendar'

const PAGES = [
  ['strict-csp', 'the strict CSP'],
  ['trusted-types', 'Trusted Types and the strict CSP'],
] as const

describeEngines('the plan downloads', EVERY_ENGINE, (suite) => {
  const open = async (demoPage: string) => {
    const page = await suite.open(`/demo/${demoPage}.html?lang=en`)
    await page.loaded()
    return page
  }
  const planDownloads = async (page: TestPage) =>
    (await page.events()).filter((event) => event.name === 'planDownloadEvent').map((event) => event.detail)

  describe.each(PAGES)('on %s.html (%s)', (demoPage) => {
    it('before saving: a PDF that says "Simulation", with the figures on screen; no calendar yet', async () => {
      const page = await open(demoPage)
      expect(await page.text('.fc-buttons .fc-button--secondary')).toBe('Show payment schedule')
      await page.click('.fc-buttons .fc-button--secondary')
      await page.waitForInside('[part=schedule] tbody tr')
      await page.waitForInside('[data-download=pdf]')
      expect(await page.text('[data-download=pdf]')).toBe(PDF_BUTTON)
      expect(await page.text('[data-download=ics]')).toBeNull()
      const fee = (await page.text('[data-figure=feeAmount]')) ?? ''
      await page.click('[data-download=pdf]')
      const [pdf] = await page.downloaded(1)
      expect(pdf!.name).toMatch(/^plan-simulation-\d{4}-\d\d-\d\d\.pdf$/)
      expect(pdf!.type).toBe('application/pdf')
      const text = pdfText(pdf!.bytes)
      expect(text).toContain('Simulation')
      expect(text).toContain('Grado en Ingeniería Informática')
      expect(text).toContain(plainSpaces(fee))
      expect(await planDownloads(page)).toEqual([expect.objectContaining({ kind: 'pdf', fileName: pdf!.name })])
      expect(await page.violations()).toEqual([])
    })

    it('after saving: plan-<contract>-v<version>.pdf with the version and its hash, and its .ics; the host hears of both', async () => {
      const page = await open(demoPage)
      await page.click('[part=save-button]')
      const table = await page.event('feeOptionSelectedEvent')
      await page.waitForInside('[data-download=ics]')
      expect(await page.text('[data-download=ics]')).toBe(ICS_BUTTON)
      await page.click('[data-download=pdf]')
      await page.downloaded(1)
      await page.click('[data-download=ics]')
      const [pdf, ics] = await page.downloaded(2)
      expect(pdf!.name).toBe(`plan-C-2026-0001-v${table.versionNumber}.pdf`)
      expect(pdf!.type).toBe('application/pdf')
      expect(pdf!.text.startsWith('%PDF-')).toBe(true)
      const text = pdfText(pdf!.bytes)
      expect(text).toContain(table.versionHashCode)
      expect(text).not.toContain('Simulation')
      expect(ics!.name).toBe(`plan-C-2026-0001-v${table.versionNumber}.ics`)
      expect(ics!.type).toMatch(/^text\/calendar/)
      const events = new ICAL.Component(ICAL.parse(ics!.text))
        .getAllSubcomponents('vevent')
        .map((vevent) => new ICAL.Event(vevent))
      expect(events.map((event) => event.startDate.toString())).toEqual(
        table.fees.map((fee: { dueDate: string }) => fee.dueDate),
      )
      expect((await planDownloads(page)).map((detail) => detail.kind)).toEqual(['pdf', 'ics'])
      expect(await page.violations()).toEqual([])
    })
  })

  it('a PDF maker that cannot be fetched says "Loading chunk failed", and the schedule stays', async () => {
    suite.pages.block('/dist/chunks/pdf-')
    const page = await open('strict-csp')
    // The failed load is said on the console by the browser and by the widget: the test's own.
    page.expectError(/ERR_EMPTY_RESPONSE|Loading chunk failed|^failed to load |integrity attribute/)
    await page.click('.fc-buttons .fc-button--secondary')
    await page.waitForInside('[data-download=pdf]')
    await page.click('[data-download=pdf]')
    // What a failure says: whether the chunk was asked for, and what the page and the driver heard.
    const heard = async () =>
      JSON.stringify({
        asked: suite.pages.requests.filter((request) => request.path.includes('/dist/chunks/pdf-')).length,
        driver: await page.console(),
        page: await page.evaluate(() => (window as unknown as { __probe: { console: string[] } }).__probe.console),
      })
    // The notice is the widget's own, inside its shadow root (an error toast: read within its 8 s).
    await page
      .waitFor('the notice', () =>
        (document.querySelector('fees-calculator')!.shadowRoot!.textContent ?? '').includes('Loading chunk failed'),
      )
      .catch(async (error: Error) => {
        throw new Error(`${error.message}: ${await heard()}`)
      })
    // The driver hears the console a moment after the page writes it.
    await expect
      .poll(
        async () =>
          (await page.console()).filter((line) => line.startsWith('error: [fees-calculator] Loading chunk failed'))
            .length,
        { timeout: 5_000 },
      )
      .toBeGreaterThan(0)
      .catch(async (error: Error) => {
        throw new Error(`${error.message}: ${await heard()}`)
      })
    expect(
      await page.evaluate(
        () =>
          document.querySelector('fees-calculator')!.shadowRoot!.querySelectorAll('[part=schedule] tbody tr').length,
      ),
    ).toBeGreaterThan(0)
  })
})
