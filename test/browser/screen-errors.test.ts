import { describe, expect, it } from 'vitest'
import { CHUNK_LOAD_FAILED } from '../../src/lazy/chunk.ts'
import { hashModePage, UNAVAILABLE } from '../support/fixtures.ts'
import { describeEngines, savedPlans, type TestPage } from '../support/harness.ts'

const CALCULATE = '/api/v1/Calculator/CalculateFeeOptions'
const VERSION_NUMBER = '/api/v1/Version/Number'
const CALENDAR = '/dist/chunks/CalendarPicker-'
/** What the browser and the widget say on the console of a request the test refused or cut off. */
const REFUSED = /status of \d{3}|ERR_EMPTY_RESPONSE|^failed to load /

/** The notices' texts: the Spanish ones the product's words spelled in Spanish, and their English counterparts. */
const TEXTS = {
  es: {
    versionTitle: 'Error',
    versionDetail: 'No se ha podido obtener el número de versión',
    dateParse: 'Ha ocurrido un error al parsear la fecha a UTC',
    chunk: 'No se ha podido cargar una parte de la calculadora',
  },
  en: {
    versionTitle: 'Error',
    versionDetail: 'Could not get the version number',
    dateParse: 'An error occurred while parsing the date to UTC',
    chunk: 'Loading chunk failed',
  },
} as const

describeEngines(
  'the error catalogue',
  ['chromium'],
  (suite) => {
    /** A version saved in each language, to reopen by hash. */
    const saved = savedPlans(suite)

    const toast = (page: TestPage) => page.playwright.locator('fees-calculator [data-sonner-toast]')

    describe.each(['es', 'en'] as const)('the error catalogue, in %s', (language) => {
      const words = TEXTS[language]

      it('toasts "Error" when the version number cannot be fetched', async () => {
        suite.pages.refuse(VERSION_NUMBER, 503, UNAVAILABLE)
        const page = await suite.open('', { html: hashModePage(saved[language]!) })
        page.expectError(REFUSED)
        page.expectError(/^\[fees-calculator\] version number fetch failed/)
        await toast(page).waitFor()
        expect(await toast(page).locator('[data-title]').textContent()).toBe(words.versionTitle)
        expect(await toast(page).locator('[data-description]').textContent()).toBe(words.versionDetail)
        expect(await page.playwright.locator('fees-calculator [data-sonner-toast][data-type=error]').count()).toBe(1)
      })

      it('toasts the date-parse error when a date cannot be read as UTC', async () => {
        // Without the calendar's chunk the field is the browser's date input, which can be cleared.
        suite.pages.block(CALENDAR)
        const page = await suite.open(`/demo/portal.html?lang=${language}`)
        page.expectError(REFUSED)
        page.expectError(/^\[fees-calculator\] Loading chunk failed/)
        const dateInput = page.playwright.locator('fees-calculator input[type=date]')
        await dateInput.waitFor()
        await dateInput.fill('')
        await toast(page).filter({ hasText: words.dateParse }).waitFor()
      })

      it('reports a lazy chunk that fails to load as "Loading chunk failed", on the console and in a toast, and keeps working', async () => {
        suite.pages.block(CALENDAR)
        const page = await suite.open(`/demo/portal.html?lang=${language}`)
        page.expectError(REFUSED)
        page.expectError(/^\[fees-calculator\] Loading chunk failed/)
        await toast(page).filter({ hasText: words.chunk }).waitFor()
        expect(await toast(page).locator('[data-title]').textContent()).toBe(words.chunk)
        expect(
          (await page.console()).some((line) => line.startsWith('error: [fees-calculator] Loading chunk failed')),
        ).toBe(true)
        // The date can still be chosen, with the browser's own date input.
        const first = await page.event('calculationResultReceivedEvent')
        const next = `${first.firstPaymentDate.slice(0, 8)}20`
        await page.playwright.locator('fees-calculator input[type=date]').fill(next)
        expect((await page.event('calculationResultReceivedEvent', 2)).firstPaymentDate).toBe(next)
      })
    })

    it('says a chunk that fails to load in Basque on a Basque card, and "Loading chunk failed" on the console', async () => {
      suite.pages.block(CALENDAR)
      const page = await suite.open('/demo/portal.html?lang=eu')
      page.expectError(REFUSED)
      page.expectError(/^\[fees-calculator\] Loading chunk failed/)
      await toast(page).waitFor()
      expect(await toast(page).locator('[data-title]').textContent()).toBe(
        'Ezin izan da kalkulagailuaren zati bat kargatu',
      )
      expect(await toast(page).textContent()).not.toContain(CHUNK_LOAD_FAILED)
      await expect
        .poll(async () =>
          (await page.console()).some((line) => line.startsWith(`error: [fees-calculator] ${CHUNK_LOAD_FAILED}`)),
        )
        .toBe(true)
    })

    describe('the error catalogue: events and logs', () => {
      it('answers a failed calculation in embedded mode with invalidTuitionEvent carrying the error body', async () => {
        const page = await suite.open('/demo/crm.html')
        // The server refuses the amount: Chromium logs the request's status on the console.
        page.expectError(REFUSED)
        await page.event('calculationResultReceivedEvent')
        await page.evaluate(() => {
          const element = document.querySelector('fees-calculator')!
          element.tuitionInput = { ...(element.tuitionInput as object), finalAmount: 0 } as never
        })
        const detail = await page.event('invalidTuitionEvent')
        expect(detail).toMatchObject({ code: 'request_failed', kind: 'http', status: 422, body: { status: 422 } })
        expect(await toast(page).count()).toBe(0)
      })

      it('answers a refused first calculation with invalidTuitionEvent carrying the whole error body', async () => {
        // The first calculation leaves before the API client has loaded; its refusal is read in full all the same.
        suite.pages.refuse(CALCULATE, 422, UNAVAILABLE)
        const page = await suite.open('/demo/portal-client.html')
        page.expectError(REFUSED)
        const detail = await page.event('invalidTuitionEvent')
        expect(detail).toMatchObject({ code: 'request_failed', kind: 'http', status: 422 })
        expect(detail.body).toEqual({ ...UNAVAILABLE, status: 422 })
        expect(detail.message).toMatch(/^Request failed with status code 422/)
      })

      it('answers a failed save in embedded mode with feeOptionSelectedEvent carrying the error body, and stays unlocked', async () => {
        suite.pages.refuse('/api/v1/Calculator/FrontCalculateFees', 503, UNAVAILABLE)
        const page = await suite.open('/demo/portal.html')
        page.expectError(REFUSED)
        await page.event('calculationResultReceivedEvent')
        await page.settled()
        await page.playwright.locator('fees-calculator [part=save-button]').click()
        const detail = await page.event('feeOptionSelectedEvent')
        expect(detail).toMatchObject({ code: 'request_failed', status: 503, body: UNAVAILABLE })
        await page.settled()
        expect(await page.playwright.locator('fees-calculator .fc').getAttribute('data-state')).toBe('loaded')
        expect(await page.playwright.locator('fees-calculator [part=save-button]').isDisabled()).toBe(false)
      })

      it('refuses an invalid date of payment with invalidTuitionEvent and the exact message hosts match on', async () => {
        const page = await suite.open('/demo/crm.html')
        await page.event('calculationResultReceivedEvent')
        await page.evaluate(() => {
          const element = document.querySelector('fees-calculator')!
          element.tuitionInput = { ...(element.tuitionInput as object), dateOfPayment: 'mañana' } as never
        })
        expect(await page.event('invalidTuitionEvent')).toMatchObject({
          message: 'La Fecha de pago introducida no es válida',
        })
      })

      it('only logs a failure in hash mode: the figures stay, no toast, no event', async () => {
        const page = await suite.open(`/fees/${saved.en}`)
        await page.playwright.locator('fees-calculator .fc[data-state=loaded]').waitFor()
        await page.settled()
        const before = await page.text('[data-figure=feeAmount]')
        suite.pages.refuse(CALCULATE, 503, UNAVAILABLE)
        page.expectError(REFUSED)
        page.expectError(/^\[fees-calculator\] calculation failed/)
        await page.playwright.locator('fees-calculator [part=fee-select]').selectOption('24')
        await page.waitFor(
          'nothing under way',
          () =>
            document
              .querySelector('fees-calculator')!
              .shadowRoot!.querySelector('.fc-card')!
              .getAttribute('data-busy') === 'false',
        )
        await expect
          .poll(async () =>
            (await page.console()).some((line) => line.startsWith('error: [fees-calculator] calculation failed')),
          )
          .toBe(true)
        expect(await page.text('[data-figure=feeAmount]')).toBe(before)
        expect(await page.playwright.locator('fees-calculator [part=fee-select]').inputValue()).not.toBe('24')
        expect(await toast(page).count()).toBe(0)
        expect((await page.events()).filter((e) => e.name !== 'calculationResultReceivedEvent')).toEqual([])
      })

      it('only logs a fees table that cannot be loaded', async () => {
        const page = await suite.open('/fees/no-such-version-hash')
        page.expectError(REFUSED)
        page.expectError(/^\[fees-calculator\] fees table load failed/)
        await expect
          .poll(async () =>
            (await page.console()).some((line) => line.startsWith('error: [fees-calculator] fees table load failed')),
          )
          .toBe(true)
        expect(await page.playwright.locator('fees-calculator .fc').getAttribute('data-state')).toBe('empty')
        expect(await toast(page).count()).toBe(0)
      })

      it('shows each element its own toasts', async () => {
        // Only the Spanish version's number cannot be had.
        suite.pages.refuse(new RegExp(`^${VERSION_NUMBER}.*${saved.es}`), 503, UNAVAILABLE)
        const page = await suite.open('/fees')
        page.expectError(REFUSED)
        page.expectError(/^\[fees-calculator\] version number fetch failed/)
        await page.evaluate(
          ([es, en]) => {
            for (const hash of [es, en]) {
              const element = document.createElement('fees-calculator')
              element.setAttribute('version-hash-code', hash!)
              element.id = `v-${hash}`
              document.body.append(element)
            }
          },
          [saved.es, saved.en] as const,
        )
        await page.playwright.locator(`#v-${saved.es} [data-sonner-toast]`).waitFor()
        await page.playwright.locator(`#v-${saved.en} [data-figure=versionNumber]:text-matches("\\\\d")`).waitFor()
        expect(await page.playwright.locator(`#v-${saved.en} [data-sonner-toast]`).count()).toBe(0)
        expect(await page.playwright.locator('[data-sonner-toast]').count()).toBe(1)
      })
    })
  },
  // Saved versions stay editable here, so hash mode can calculate (and fail to).
  { env: { FEES_EDITABLE_SAVED: 'true' } },
)
