import { describe, expect, it } from 'vitest'
import { UNAVAILABLE } from '../support/fixtures.ts'
import { browserSuite, type Page, problemReply, savedPlans } from './harness.ts'
import { events, settled, text, waitForEvent } from './screen-helpers.ts'

/** The notices' texts: the Spanish ones word for word as hosts expect them, and their English counterparts. */
const TEXTS = {
  es: {
    versionTitle: 'Error',
    versionDetail: 'No se ha podido obtener el numero de version',
    dateParse: 'ha ocurrido un error al parsear la fecha a UTC',
    chunk: 'No se ha podido cargar una parte de la calculadora (Loading chunk failed)',
  },
  en: {
    versionTitle: 'Error',
    versionDetail: 'Could not get the version number',
    dateParse: 'An error occurred while parsing the date to UTC',
    chunk: 'Loading chunk failed',
  },
} as const

// Saved versions stay editable here, so hash mode can calculate (and fail to).
const suite = browserSuite({ env: { FEES_EDITABLE_SAVED: 'true' } })
/** A version saved in each language, to reopen by hash. */
const saved = savedPlans(suite)

async function open(path: string, before?: (page: Page) => unknown) {
  const page = await suite.open(path, { before })
  return { page, log: suite.logOf(page) }
}

const toast = (page: Page) => page.locator('fees-calculator [data-sonner-toast]')

describe.each(['es', 'en'] as const)('the error catalogue, in %s', (language) => {
  const words = TEXTS[language]

  it('toasts "Error" when the version number cannot be fetched', async () => {
    const { page } = await open(`/fees/${saved[language]}`, (p) =>
      p.route('**/Version/Number**', (route) => route.fulfill(problemReply())),
    )
    await toast(page).waitFor()
    expect(await toast(page).locator('[data-title]').textContent()).toBe(words.versionTitle)
    expect(await toast(page).locator('[data-description]').textContent()).toBe(words.versionDetail)
    expect(await page.locator('fees-calculator [data-sonner-toast][data-type=error]').count()).toBe(1)
    await page.close()
  })

  it('toasts the date-parse error when a date cannot be read as UTC', async () => {
    // Without the calendar's chunk the field is the browser's date input, which can be cleared.
    const { page } = await open(`/demo/portal.html?lang=${language}`, (p) =>
      p.route('**/chunks/CalendarPicker-*', (route) => route.abort()),
    )
    const dateInput = page.locator('fees-calculator input[type=date]')
    await dateInput.waitFor()
    await dateInput.fill('')
    await toast(page).filter({ hasText: words.dateParse }).waitFor()
    await page.close()
  })

  it('reports a lazy chunk that fails to load as "Loading chunk failed", on the console and in a toast, and keeps working', async () => {
    const { page, log } = await open(`/demo/portal.html?lang=${language}`, (p) =>
      p.route('**/chunks/CalendarPicker-*', (route) => route.abort()),
    )
    await toast(page).filter({ hasText: words.chunk }).waitFor()
    expect(log.console.some((line) => line.startsWith('error: [fees-calculator] Loading chunk failed'))).toBe(true)
    expect(log.errors).toEqual([])
    // The date can still be chosen, with the browser's own date input.
    const first = await waitForEvent(page, 'calculationResultReceivedEvent')
    const next = `${first.firstPaymentDate.slice(0, 8)}20`
    await page.locator('fees-calculator input[type=date]').fill(next)
    expect((await waitForEvent(page, 'calculationResultReceivedEvent', 2)).firstPaymentDate).toBe(next)
    await page.close()
  })
})

describe('the error catalogue: events and logs', () => {
  it('answers a failed calculation in embedded mode with invalidTuitionEvent carrying the error body', async () => {
    const { page } = await open('/demo/crm.html')
    await waitForEvent(page, 'calculationResultReceivedEvent')
    await page.evaluate(() => {
      const element = document.querySelector('fees-calculator')!
      element.tuitionInput = { ...(element.tuitionInput as object), finalAmount: 0 } as never
    })
    const detail = await waitForEvent(page, 'invalidTuitionEvent')
    expect(detail).toMatchObject({ code: 'request_failed', kind: 'http', status: 422, body: { status: 422 } })
    expect(await toast(page).count()).toBe(0)
    await page.close()
  })

  it('answers a refused first calculation with invalidTuitionEvent carrying the whole error body', async () => {
    // The first calculation leaves before the API client has loaded; its refusal is read in full all the same.
    const { page } = await open('/demo/portal.html', (p) =>
      p.route('**/Calculator/CalculateFeeOptions', (route) => route.fulfill(problemReply(422))),
    )
    const detail = await waitForEvent(page, 'invalidTuitionEvent')
    expect(detail).toMatchObject({ code: 'request_failed', kind: 'http', status: 422 })
    expect(detail.body).toEqual({ ...UNAVAILABLE, status: 422 })
    expect(detail.message).toMatch(/^Request failed with status code 422/)
    await page.close()
  })

  it('answers a failed save in embedded mode with feeOptionSelectedEvent carrying the error body, and stays unlocked', async () => {
    const { page } = await open('/demo/portal.html', (p) =>
      p.route('**/Calculator/FrontCalculateFees', (route) => route.fulfill(problemReply())),
    )
    await waitForEvent(page, 'calculationResultReceivedEvent')
    await settled(page)
    await page.locator('fees-calculator [part=save-button]').click()
    const detail = await waitForEvent(page, 'feeOptionSelectedEvent')
    expect(detail).toMatchObject({ code: 'request_failed', status: 503, body: UNAVAILABLE })
    await settled(page)
    expect(await page.locator('fees-calculator .fc').getAttribute('data-state')).toBe('loaded')
    expect(await page.locator('fees-calculator [part=save-button]').isDisabled()).toBe(false)
    await page.close()
  })

  it('refuses an invalid date of payment with invalidTuitionEvent and the exact message hosts match on', async () => {
    const { page } = await open('/demo/crm.html')
    await waitForEvent(page, 'calculationResultReceivedEvent')
    await page.evaluate(() => {
      const element = document.querySelector('fees-calculator')!
      element.tuitionInput = { ...(element.tuitionInput as object), dateOfPayment: 'mañana' } as never
    })
    expect(await waitForEvent(page, 'invalidTuitionEvent')).toMatchObject({
      message: 'La Fecha de pago introducida no es válida',
    })
    await page.close()
  })

  it('only logs a failure in hash mode: the figures stay, no toast, no event', async () => {
    const { page, log } = await open(`/fees/${saved.en}`)
    await page.locator('fees-calculator .fc[data-state=loaded]').waitFor()
    await settled(page)
    const before = await text(page, '[data-figure=feeAmount]')
    await page.route('**/Calculator/CalculateFeeOptions', (route) => route.fulfill(problemReply()))
    await page.locator('fees-calculator [part=fee-select]').selectOption('24')
    await page.waitForFunction(
      () =>
        document.querySelector('fees-calculator')!.shadowRoot!.querySelector('.fc-card')!.getAttribute('data-busy') ===
        'false',
    )
    await expect
      .poll(() => log.console.some((line) => line.startsWith('error: [fees-calculator] calculation failed')))
      .toBe(true)
    expect(await text(page, '[data-figure=feeAmount]')).toBe(before)
    expect(await page.locator('fees-calculator [part=fee-select]').inputValue()).not.toBe('24')
    expect(await toast(page).count()).toBe(0)
    expect((await events(page)).filter((e) => e.name !== 'calculationResultReceivedEvent')).toEqual([])
    await page.close()
  })

  it('only logs a fees table that cannot be loaded', async () => {
    const { page, log } = await open('/fees/no-such-version-hash')
    await expect
      .poll(() => log.console.some((line) => line.startsWith('error: [fees-calculator] fees table load failed')))
      .toBe(true)
    expect(await page.locator('fees-calculator .fc').getAttribute('data-state')).toBe('empty')
    expect(await toast(page).count()).toBe(0)
    await page.close()
  })

  it('shows each element its own toasts', async () => {
    const { page } = await open('/fees', (p) =>
      p.route('**/Version/Number**', (route) =>
        route.request().url().includes(saved.es!) ? route.fulfill(problemReply()) : route.continue(),
      ),
    )
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
    await page.locator(`#v-${saved.es} [data-sonner-toast]`).waitFor()
    await page.locator(`#v-${saved.en} [data-figure=versionNumber]:text-matches("\\\\d")`).waitFor()
    expect(await page.locator(`#v-${saved.en} [data-sonner-toast]`).count()).toBe(0)
    expect(await page.locator('[data-sonner-toast]').count()).toBe(1)
    await page.close()
  })
})
