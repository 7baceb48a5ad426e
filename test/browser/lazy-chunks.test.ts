import { describe, expect, it } from 'vitest'
import { UNAVAILABLE } from '../support/fixtures.ts'
import { describeEngines, type TestPage } from '../support/harness.ts'
import type { Held } from '../support/page-server.ts'

const SAVE_BUTTON = 'fees-calculator [part~="save-button"]'

/**
 * What a first render does not need comes in lazy chunks (the calendar, the
 * toaster, ky, the failure sentences, the schedule). These tests
 * take chunks away, or hold them back, and check the user and the host still
 * hear about it.
 */
const CHUNKS = {
  calendar: '/dist/chunks/CalendarPicker-',
  toaster: '/dist/chunks/Toasts-',
  http: '/dist/chunks/http-',
  sentences: '/dist/chunks/sentences-',
} as const
const CALCULATE = '/api/v1/Calculator/CalculateFeeOptions'
/** Holds the toaster's chunk back long enough for a notice to come before it. */
const TOASTER_DELAY_MS = 1_500

const chunkLines = async (page: TestPage) =>
  (await page.console()).filter((line) => line.startsWith('error: [fees-calculator] Loading chunk failed'))
/** The built-in alert that says what the toasts would have said when the toaster's chunk cannot load. */
const ALERT = '.fc-notice-alert[role=alert]'

describeEngines('<fees-calculator> with its lazy chunks', ['chromium'], (suite) => {
  /** The portal page, with the chunks of `block` cut off (and the toaster's held back a moment, if asked). */
  async function open(block: (keyof typeof CHUNKS)[], options: { delayToaster?: boolean } = {}) {
    for (const chunk of block) suite.pages.block(CHUNKS[chunk])
    if (options.delayToaster) {
      const toaster = suite.pages.hold(CHUNKS.toaster)
      void toaster.arrived.then(() => setTimeout(() => toaster.release(), TOASTER_DELAY_MS))
    }
    const page = await suite.open('/demo/portal-client.html?lang=en')
    // A chunk cut off is said on the console by the browser and by the widget: the test's own.
    if (block.length) page.expectError(/ERR_EMPTY_RESPONSE|Loading chunk failed|^failed to load /)
    return page
  }
  const requested = () => suite.pages.requests.map((request) => request.path)

  it('loads the calendar, the toaster, the HTTP client and the failure sentences after the first render, and works', async () => {
    const page = await open([])
    await page.event('calculationResultReceivedEvent')
    await page.settled()
    const chunks = () =>
      ['CalendarPicker', 'Toasts', 'http', 'sentences', 'failure-sentences-en'].filter((name) =>
        requested().some((url) => url.includes(`/chunks/${name}-`)),
      )
    await expect.poll(chunks).toEqual(['CalendarPicker', 'Toasts', 'http', 'sentences', 'failure-sentences-en'])
    expect(await page.text('[data-figure=feeAmount]')).not.toMatch(/^€0\.00$/)
    expect(await chunkLines(page)).toEqual([])
  })

  describe('when the calendar arrives while the user reaches for it', () => {
    /** The portal page with the calendar's chunk held back from the first request (the idle preload). */
    async function withCalendarHeld(): Promise<{ page: TestPage; calendar: Held }> {
      const calendar = suite.pages.hold(CHUNKS.calendar)
      const page = await open([])
      await page.event('calculationResultReceivedEvent')
      await page.settled()
      await calendar.arrived
      return { page, calendar }
    }
    const DATE = 'fees-calculator [part=date]'
    const popup = (page: TestPage) => page.playwright.locator('fees-calculator .react-datepicker')
    /** react-datepicker's own wrapper: the stand-in button has gone and the calendar's input is in its place. */
    const swapped = (page: TestPage) =>
      page.playwright.locator('fees-calculator .react-datepicker-wrapper').waitFor({ state: 'attached' })

    it('opens it when it arrives between the press and the release of the date button', async () => {
      const { page, calendar } = await withCalendarHeld()
      const pw = page.playwright
      const box = (await pw.locator(DATE).boundingBox())!
      await pw.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
      await pw.mouse.down()
      calendar.release()
      await swapped(page)
      await pw.mouse.up()
      await popup(page).waitFor()
      expect(await popup(page).isVisible()).toBe(true)
    })

    it('opens it when it arrives after a click on the date button, and picking a day there works', async () => {
      const { page, calendar } = await withCalendarHeld()
      await page.playwright.locator(DATE).click()
      expect(await popup(page).count()).toBe(0)
      calendar.release()
      await popup(page).waitFor()
      // Picking a day closes it: the calendar opened for the click is a working one.
      await popup(page).locator('.react-datepicker__day--020:not(.react-datepicker__day--outside-month)').click()
      await page.event('calculationResultReceivedEvent', 2)
      expect(await popup(page).count()).toBe(0)
    })
  })

  describe("when a failure's sentence is on its way, or cannot come", () => {
    const failure = (page: TestPage) => page.playwright.locator('fees-calculator [part=failure]')

    it('shows the title and Try again of a failed first calculation at once, and its sentence once it has arrived', async () => {
      suite.pages.refuse(CALCULATE, 503, UNAVAILABLE)
      const sentences = suite.pages.hold(CHUNKS.sentences)
      const page = await open([])
      page.expectError(/status of 503/)
      // No figures came: the failure fetches its sentence itself.
      await sentences.arrived
      await failure(page).waitFor()
      expect(await failure(page).getAttribute('aria-busy')).toBe('true')
      expect(await failure(page).locator('p').textContent()).toBe('The service is not available right now')
      expect(await failure(page).getByRole('button').textContent()).toBe('Try again')
      sentences.release()
      await page.waitForInside('[part=failure]:not([aria-busy])')
      expect(await failure(page).locator('p').textContent()).toBe(
        'The service is not available right now Wait a moment and press Try again.',
      )
      expect(await chunkLines(page)).toEqual([])
    })

    it("says the general sentence on the card and in a SAVE's notice when they cannot load, and reports the chunk", async () => {
      const page = await open(['sentences'])
      page.expectError(/status of 500|status of 422/)
      await page.loaded()
      suite.pages.refuse('/api/v1/Calculator/FrontCalculateFees', 500, UNAVAILABLE)
      await page.playwright.locator(SAVE_BUTTON).click()
      const toast = page.playwright.locator('fees-calculator [data-sonner-toast]', {
        hasText: 'The plan was not saved',
      })
      await toast.waitFor()
      expect(await toast.locator('[data-description]').textContent()).toBe('Check your connection and reload the page.')
      expect((await chunkLines(page)).some((line) => line.includes('Loading chunk failed: failure-sentences'))).toBe(
        true,
      )

      await page.changeInput({ numberOfFees: 30 })
      await page.waitForInside('[part=failure][data-failure=refused]:not([aria-busy])')
      expect(await failure(page).locator('p').textContent()).toBe(
        'The plan could not be calculated with these details Check your connection and reload the page.',
      )
      expect(await failure(page).getByRole('button').count()).toBe(0)
    })
  })

  describe('when neither the calendar nor the toaster can load', () => {
    it('says "Loading chunk failed" in a built-in alert and on the console, and keeps the figures and a date field', async () => {
      const page = await open(['calendar', 'toaster'])
      const alert = page.playwright.locator(`fees-calculator ${ALERT}`)
      await page.event('calculationResultReceivedEvent')
      await alert.waitFor()
      expect(await alert.textContent()).toContain('Loading chunk failed')
      expect(await alert.textContent()).toContain('Check your connection and reload the page.')
      // One line however many chunks failed: the alert says what went wrong, not how often.
      expect(await alert.locator('li').count()).toBe(1)
      await expect.poll(async () => (await chunkLines(page)).length).toBe(2)
      expect((await chunkLines(page)).map((line) => /Loading chunk failed: (\w+)/.exec(line)?.[1]).sort()).toEqual([
        'calendar',
        'toaster',
      ])
      expect(await page.playwright.locator('fees-calculator [data-sonner-toast]').count()).toBe(0)
      // The browser's own date input stands in for the calendar.
      const native = page.playwright.locator('fees-calculator input[type=date][part=date]')
      expect(await native.count()).toBe(1)
      // Its earliest day is today's, by the date rules' own chunk (dayjs), which the calendar's failure left alone.
      const today = await page.playwright.evaluate(() => new Date().toLocaleDateString('sv'))
      await expect.poll(() => native.getAttribute('min')).toBe(today)
      expect(await page.text('[data-figure=feeAmount]')).not.toMatch(/^€0\.00$/)

      await alert.getByRole('button', { name: 'Close' }).click()
      expect(await alert.count()).toBe(0)
    })
  })

  describe('when the HTTP client cannot load', () => {
    it('shows the first figures without it, and tells the host and the user when a save needs it', async () => {
      const page = await open(['http'], { delayToaster: true })
      // The save's first try is answered "later": trying it again is ky's work. Chromium logs the refusal.
      page.expectError(/status of 503/)
      suite.pages.refuse('/api/v1/Calculator/FrontCalculateFees', 503, {
        type: 'about:blank',
        title: 'x',
        status: 503,
        code: 'database_unavailable',
      })
      // The first calculation goes with the browser's fetch and is read by the response boundary alone.
      await page.event('calculationResultReceivedEvent')
      // The event leaves with the answer; the card shows it on its next render.
      await page.loaded()
      expect(await page.text('[data-figure=feeAmount]')).not.toMatch(/^€0\.00$/)
      await page.playwright.locator(SAVE_BUTTON).click()
      const detail = await page.event('feeOptionSelectedEvent')
      expect(detail).toMatchObject({ code: 'request_failed', kind: 'network', status: null, body: null })
      expect(detail.message).toContain('Loading chunk failed')
      const toast = page.playwright.locator('fees-calculator [data-sonner-toast]', { hasText: 'Loading chunk failed' })
      await toast.waitFor()
      expect((await chunkLines(page)).some((line) => line.includes('Loading chunk failed: http'))).toBe(true)
      // Nothing was locked: the plan can still be changed and saved once the connection is back.
      expect(await page.playwright.locator(SAVE_BUTTON).isEnabled()).toBe(true)
      expect(await page.playwright.locator(`fees-calculator ${ALERT}`).count()).toBe(0)
    })
  })
})
