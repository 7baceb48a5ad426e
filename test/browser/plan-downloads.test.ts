import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import ICAL from 'ical.js'
import { describe, expect, it } from 'vitest'
import { browserSuite, type Page } from './harness.ts'
import { nextEvent, settled, waitForEvent } from './screen-helpers.ts'

const suite = browserSuite()
const PDF_CHUNK = '**/dist/chunks/pdf-*'
const PDF_BUTTON = 'Download the plan (PDF)'
const ICS_BUTTON = 'Add the due dates to my calendar'

/** The strict-CSP demo page, with Trusted Types enforced on top when asked (a second policy: both apply). */
async function open(options: { trustedTypes?: boolean; blockPdf?: boolean } = {}) {
  const page = await suite.open('/demo/strict-csp.html?lang=en', {
    timeout: 15_000,
    before: async (page: Page) => {
      if (options.trustedTypes)
        await page.route('**/demo/strict-csp.html*', async (route) => {
          const response = await route.fetch()
          const headers = response.headers()
          const csp = headers['content-security-policy']
          expect(csp).toBeTruthy()
          await route.fulfill({
            response,
            headers: { ...headers, 'content-security-policy': `${csp}, require-trusted-types-for 'script'` },
          })
        })
      if (options.blockPdf) await page.route(PDF_CHUNK, (route) => route.abort())
    },
  })
  await waitForEvent(page, 'calculationResultReceivedEvent')
  await settled(page)
  return { page, log: suite.logOf(page) }
}

const pdfText = (path: string) =>
  execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', path, '-'], { encoding: 'utf8' })

describe.each([false, true])(
  'the plan downloads on the strict-CSP page (Trusted Types enforced: %s)',
  (trustedTypes) => {
    it('before saving: a PDF that says "Simulation", with the figures on screen; no calendar yet', async () => {
      const { page, log } = await open({ trustedTypes })
      await page.getByRole('button', { name: 'Show payment schedule', exact: true }).click()
      await page.locator('fees-calculator [part=schedule] tbody tr').first().waitFor()
      expect(await page.getByRole('button', { name: ICS_BUTTON }).count()).toBe(0)
      const fee = (await page.locator('fees-calculator [data-figure=feeAmount]').textContent())?.trim() ?? ''
      const told = nextEvent<{ kind: string; fileName: string }>(page, 'planDownloadEvent')
      const download = page.waitForEvent('download')
      await page.getByRole('button', { name: PDF_BUTTON }).click()
      const file = await download
      expect(file.suggestedFilename()).toMatch(/^plan-simulation-\d{4}-\d\d-\d\d\.pdf$/)
      const text = pdfText((await file.path())!).replace(/[\u00a0\u202f]/g, ' ')
      expect(text).toContain('Simulation')
      expect(text).toContain('Grado en Ingeniería Informática')
      expect(text).toContain(fee.replace(/[\u00a0\u202f]/g, ' '))
      expect(await told).toMatchObject({ kind: 'pdf', fileName: file.suggestedFilename() })
      expect(log.errors).toEqual([])
      expect(log.console.filter((line) => /violat|Trusted|Refused/i.test(line))).toEqual([])
      await page.close()
    })

    it('after saving: plan-<contract>-v<version>.pdf with the version and its hash, and the due dates as .ics', async () => {
      const { page, log } = await open({ trustedTypes })
      await page.locator('fees-calculator [part=save-button]').click()
      const saved = await waitForEvent(page, 'feeOptionSelectedEvent')
      await page.getByRole('button', { name: PDF_BUTTON }).waitFor()
      const pdf = page.waitForEvent('download')
      await page.getByRole('button', { name: PDF_BUTTON }).click()
      const pdfFile = await pdf
      expect(pdfFile.suggestedFilename()).toBe(`plan-C-2026-0001-v${saved.versionNumber}.pdf`)
      const text = pdfText((await pdfFile.path())!)
      expect(text).toContain(saved.versionHashCode)
      expect(text).not.toContain('Simulation')

      const ics = page.waitForEvent('download')
      await page.getByRole('button', { name: ICS_BUTTON }).click()
      const icsFile = await ics
      expect(icsFile.suggestedFilename()).toBe(`plan-C-2026-0001-v${saved.versionNumber}.ics`)
      const calendar = new ICAL.Component(ICAL.parse(readFileSync((await icsFile.path())!, 'utf8')))
      const events = calendar.getAllSubcomponents('vevent').map((event) => new ICAL.Event(event))
      expect(events.map((event) => event.startDate.toString())).toEqual(
        saved.fees.map((fee: { dueDate: string }) => fee.dueDate),
      )
      expect(log.errors).toEqual([])
      await page.close()
    })
  },
)

it('a PDF maker that cannot be fetched says "Loading chunk failed", and the schedule stays', async () => {
  const { page, log } = await open({ blockPdf: true })
  await page.getByRole('button', { name: 'Show payment schedule', exact: true }).click()
  await page.getByRole('button', { name: PDF_BUTTON }).click()
  await expect
    .poll(() => log.console.filter((line) => line.startsWith('error: [fees-calculator] Loading chunk failed')).length)
    .toBeGreaterThan(0)
  // The notice is the widget's own, inside its shadow root.
  await page
    .locator('fees-calculator')
    .getByText(/Loading chunk failed/)
    .first()
    .waitFor()
  expect(await page.locator('fees-calculator [part=schedule] tbody tr').count()).toBeGreaterThan(0)
  await page.close()
})
