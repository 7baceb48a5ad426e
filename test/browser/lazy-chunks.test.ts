import { describe, expect, it } from 'vitest'
import { browserSuite, type HeldRequest, hold, type Page } from './harness.ts'
import { settled, waitForEvent } from './screen-helpers.ts'

const SAVE_BUTTON = 'fees-calculator [part~="save-button"]'

/**
 * What a first render does not need comes in lazy chunks (the calendar, the
 * toaster, ky, the schedule). These tests
 * take chunks away, or hold them back, and check the user and the host still
 * hear about it.
 */
const CHUNKS = {
  calendar: '**/dist/chunks/CalendarPicker-*',
  toaster: '**/dist/chunks/Toasts-*',
  http: '**/dist/chunks/http-*',
} as const
/** Holds the toaster's chunk back long enough for a notice to come before it. */
const TOASTER_DELAY_MS = 1_500

const suite = browserSuite()

async function open(
  block: (keyof typeof CHUNKS)[],
  options: { delayToaster?: boolean; before?: (page: Page) => Promise<void> } = {},
) {
  const requested: string[] = []
  const page = await suite.open('/demo/portal.html?lang=en', {
    timeout: 15_000,
    before: async (page) => {
      page.on('request', (request) => requested.push(request.url()))
      await options.before?.(page)
      for (const chunk of block) await page.route(CHUNKS[chunk], (route) => route.abort())
      if (options.delayToaster) {
        await page.route(CHUNKS.toaster, async (route) => {
          await new Promise((resolve) => setTimeout(resolve, TOASTER_DELAY_MS))
          await route.continue()
        })
      }
    },
  })
  return { page, log: suite.logOf(page), requested }
}

const chunkLines = (lines: string[]) =>
  lines.filter((line) => line.startsWith('error: [fees-calculator] Loading chunk failed'))
/** The built-in alert that says what the toasts would have said when the toaster's chunk cannot load. */
const alert = (page: Page) => page.locator('fees-calculator .fc-notice-alert[role=alert]')

describe('<fees-calculator> with its lazy chunks', () => {
  it('loads the calendar, the toaster and the HTTP client after the first render, and works', async () => {
    const { page, log, requested } = await open([])
    await waitForEvent(page, 'calculationResultReceivedEvent')
    await settled(page)
    const chunks = () =>
      ['CalendarPicker', 'Toasts', 'http'].filter((name) => requested.some((url) => url.includes(`/chunks/${name}-`)))
    await expect.poll(chunks).toEqual(['CalendarPicker', 'Toasts', 'http'])
    expect(await page.locator('fees-calculator [data-figure=feeAmount]').textContent()).not.toMatch(/^€0\.00$/)
    expect(chunkLines(log.console)).toEqual([])
    expect(log.errors).toEqual([])
    await page.close()
  })

  describe('when the calendar arrives while the user reaches for it', () => {
    /** The portal page with the calendar's chunk held back from the first request (the idle preload). */
    async function withCalendarHeld(): Promise<{ page: Page; calendar: HeldRequest }> {
      let calendar!: HeldRequest
      const { page } = await open([], {
        before: async (page) => {
          calendar = await hold(page, CHUNKS.calendar)
        },
      })
      await waitForEvent(page, 'calculationResultReceivedEvent')
      await settled(page)
      await calendar.arrived
      return { page, calendar }
    }
    const DATE = 'fees-calculator [part=date]'
    const popup = (page: Page) => page.locator('fees-calculator .react-datepicker')
    /** react-datepicker's own wrapper: the stand-in button has gone and the calendar's input is in its place. */
    const swapped = (page: Page) =>
      page.locator('fees-calculator .react-datepicker-wrapper').waitFor({ state: 'attached' })

    it('opens it when it arrives between the press and the release of the date button', async () => {
      const { page, calendar } = await withCalendarHeld()
      const box = (await page.locator(DATE).boundingBox())!
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
      await page.mouse.down()
      await calendar.release()
      await swapped(page)
      await page.mouse.up()
      await popup(page).waitFor()
      expect(await popup(page).isVisible()).toBe(true)
      await page.close()
    })

    it('opens it when it arrives after a click on the date button, and picking a day there works', async () => {
      const { page, calendar } = await withCalendarHeld()
      await page.locator(DATE).click()
      expect(await popup(page).count()).toBe(0)
      await calendar.release()
      await popup(page).waitFor()
      // Picking a day closes it: the calendar opened for the click is a working one.
      await popup(page).locator('.react-datepicker__day--020:not(.react-datepicker__day--outside-month)').click()
      await waitForEvent(page, 'calculationResultReceivedEvent', 2)
      expect(await popup(page).count()).toBe(0)
      await page.close()
    })
  })

  describe('when neither the calendar nor the toaster can load', () => {
    it('says "Loading chunk failed" in a built-in alert and on the console, and keeps the figures and a date field', async () => {
      const { page, log } = await open(['calendar', 'toaster'])
      await waitForEvent(page, 'calculationResultReceivedEvent')
      await alert(page).waitFor()
      expect(await alert(page).textContent()).toContain('Loading chunk failed')
      expect(await alert(page).textContent()).toContain('Check your connection and reload the page.')
      // One line however many chunks failed: the alert says what went wrong, not how often.
      expect(await alert(page).locator('li').count()).toBe(1)
      await expect.poll(() => chunkLines(log.console).length).toBe(2)
      expect(
        chunkLines(log.console)
          .map((line) => /Loading chunk failed: (\w+)/.exec(line)?.[1])
          .sort(),
      ).toEqual(['calendar', 'toaster'])
      expect(await page.locator('fees-calculator [data-sonner-toast]').count()).toBe(0)
      // The browser's own date input stands in for the calendar.
      expect(await page.locator('fees-calculator input[type=date][part=date]').count()).toBe(1)
      expect(await page.locator('fees-calculator [data-figure=feeAmount]').textContent()).not.toMatch(/^€0\.00$/)
      expect(log.errors).toEqual([])

      await alert(page).getByRole('button', { name: 'Close' }).click()
      expect(await alert(page).count()).toBe(0)
      await page.close()
    })
  })

  describe('when the HTTP client cannot load', () => {
    it('shows the first figures without it, and tells the host and the user when a save needs it', async () => {
      const { page, log } = await open(['http'], {
        delayToaster: true,
        // The save's first try is answered "later": trying it again is ky's work.
        before: async (page) => {
          await page.route('**/api/v1/Calculator/FrontCalculateFees*', (route) =>
            route.fulfill({
              status: 503,
              contentType: 'application/problem+json',
              body: JSON.stringify({ type: 'about:blank', title: 'x', status: 503, code: 'database_unavailable' }),
            }),
          )
        },
      })
      // The first calculation goes with the browser's fetch and is read by the response boundary alone.
      await waitForEvent(page, 'calculationResultReceivedEvent')
      expect(await page.locator('fees-calculator [data-figure=feeAmount]').textContent()).not.toMatch(/^€0\.00$/)
      await page.locator(SAVE_BUTTON).click()
      const detail = await waitForEvent(page, 'feeOptionSelectedEvent')
      expect(detail).toMatchObject({ code: 'request_failed', kind: 'network', status: null, body: null })
      expect(detail.message).toContain('Loading chunk failed')
      const toast = page.locator('fees-calculator [data-sonner-toast]', { hasText: 'Loading chunk failed' })
      await toast.waitFor()
      expect(chunkLines(log.console).some((line) => line.includes('Loading chunk failed: http'))).toBe(true)
      // Nothing was locked: the plan can still be changed and saved once the connection is back.
      expect(await page.locator(SAVE_BUTTON).isEnabled()).toBe(true)
      expect(await alert(page).count()).toBe(0)
      expect(log.errors).toEqual([])
      await page.close()
    })
  })
})
