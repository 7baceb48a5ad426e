/**
 * Sequences of the store's model-based tests (test/model/store-sequences.test.ts)
 * through the built element in Chromium, with real clicks and typing on
 * /demo/portal.html. An answer the test must hold is held by a route that lets
 * it go when the test says: no timing is guessed.
 */
import { expect, it } from 'vitest'
import type { AmortizationTable } from '../../src/domain/types.ts'
import { problemReply } from '../support/fixtures.ts'
import { describeEngines, type TestPage } from '../support/harness.ts'

const CALCULATE = '/api/v1/Calculator/CalculateFeeOptions'
const FRONT_CALCULATE = '/api/v1/Calculator/FrontCalculateFees'
const SAVE = 'fees-calculator [part=save-button]'
const FEE_SELECT = 'fees-calculator [part=fee-select]'
const AMOUNT = 'fees-calculator input[data-figure=initialAmount]'

describeEngines('<fees-calculator> saves exactly the plan on screen (real clicks)', ['chromium'], (suite) => {
  /** The portal in `language`, its first figures shown, the element's events recorded. */
  async function open(language: 'es' | 'en'): Promise<TestPage> {
    const page = await suite.open(`/demo/portal.html?lang=${language}`)
    await page.loaded()
    return page
  }

  it('types 7000, clicks SAVE at once: SAVING… shows, the recalculation answers, and 7000 is what is saved', async () => {
    const page = await open('en')
    const held = suite.pages.hold(CALCULATE)

    await page.playwright.locator(AMOUNT).click()
    // Focusing the amount selects it (so typing replaces it) once it shows as a bare number.
    await expect
      .poll(() =>
        page.playwright
          .locator(AMOUNT)
          .evaluate(
            (input: HTMLInputElement) =>
              input.value !== '' && input.selectionStart === 0 && input.selectionEnd === input.value.length,
          ),
      )
      .toBe(true)
    await page.type('7000')
    // The click blurs the amount (which recalculates) and then presses SAVE, as a student does.
    await page.playwright.locator(SAVE).click()
    await held.arrived
    await expect.poll(() => page.playwright.locator(SAVE).getAttribute('aria-busy')).toBe('true')
    expect(await page.playwright.locator(SAVE).getAttribute('aria-disabled')).toBe('true')
    expect(await page.text('[part=save-button]')).toBe('SAVING…')
    expect(await page.playwright.locator(FEE_SELECT).getAttribute('aria-disabled')).toBe('true')
    expect((await page.events()).some((event) => event.name === 'feeOptionSelectedEvent')).toBe(false)

    held.release()
    const saved = (await page.event('feeOptionSelectedEvent')) as AmortizationTable
    expect(saved.totals.amountToFinance).toBe(7000)
    expect(saved.versionNumber).toBeGreaterThanOrEqual(1)
    await page.playwright.locator('fees-calculator .fc[data-state=locked]').waitFor()
    // The screen, the schedule and the host's event describe the same plan.
    const result = await page.event('calculationResultReceivedEvent', 2)
    expect(result.initialAmount).toBe(7000)
    expect(saved.fees).toHaveLength(result.totalFees)
    expect(saved.totals.finalFee).toBe(result.finalFee)
    // The schedule comes in its own chunk, a moment after the lock.
    await page.playwright.locator('fees-calculator [part=schedule] tbody tr').first().waitFor()
    expect(await page.playwright.locator('fees-calculator [part=schedule] tbody tr').count()).toBe(result.totalFees)
  })

  it('refuses, in Spanish, a SAVE whose recalculation fails, and keeps the plan on screen', async () => {
    const page = await open('es')
    const held = suite.pages.hold(CALCULATE)

    await page.playwright.locator(FEE_SELECT).selectOption('18')
    await page.playwright.locator(SAVE).click()
    await held.arrived
    await expect.poll(() => page.text('[part=save-button]')).toBe('GUARDANDO…')
    // A 500: not one of the answers a read is tried again after.
    held.release(problemReply(500))
    // Chromium logs the refused request on the console: the test's own.
    page.expectError(/status of 500/)

    const failure = await page.event('feeOptionSelectedEvent')
    expect(failure).toMatchObject({ code: 'request_failed', kind: 'http', status: 500 })
    const toast = page.playwright
      .locator('fees-calculator [data-sonner-toast]')
      .filter({ hasText: 'No se ha guardado el plan' })
    await toast.waitFor()
    expect(await toast.locator('[data-title]').textContent()).toBe(
      'No se ha guardado el plan: no se han podido calcular sus nuevas cifras',
    )
    expect(await toast.locator('[data-description]').textContent()).toBe(
      'El servicio no está disponible en este momento. Pulsa GUARDAR de nuevo dentro de un rato.',
    )
    await page.settled()
    // The figures and the controls are the last plan calculated; SAVE works again.
    expect(await page.playwright.locator(FEE_SELECT).inputValue()).toBe('12')
    expect(await page.text('[part=save-button]')).toBe('GUARDAR')
    expect(await page.playwright.locator(SAVE).getAttribute('aria-disabled')).toBeNull()
  })

  it('keeps the plan still while a save is under way, then takes a fresh token without a request or losing the lock', async () => {
    const page = await open('en')
    const held = suite.pages.hold(FRONT_CALCULATE)

    await page.playwright.locator(SAVE).click()
    await held.arrived
    // The select says it cannot change (aria-disabled); a student who tries anyway is refused.
    expect(await page.playwright.locator(FEE_SELECT).getAttribute('aria-disabled')).toBe('true')
    await page.playwright.locator(FEE_SELECT).focus()
    await page.press('ArrowDown')
    // The store refused the change: the select shows the plan being saved, and no calculation went out.
    expect(await page.playwright.locator(FEE_SELECT).inputValue()).toBe('12')
    expect((await page.events()).filter((event) => event.name === 'calculationResultReceivedEvent')).toHaveLength(1)
    held.release()
    const saved = (await page.event('feeOptionSelectedEvent')) as AmortizationTable
    expect(saved.fees).toHaveLength(12)
    await page.playwright.locator('fees-calculator .fc[data-state=locked]').waitFor()
    // The host refreshes its token: the same input, a new token.
    const before = suite.pages.requests.length
    const requests = () => suite.pages.requests.slice(before).filter((request) => request.path.includes('/api/v1/'))
    const token = await suite.demo.token()
    await page.evaluate((fresh) => {
      const element = document.querySelector('fees-calculator') as HTMLElement & { tuitionInput: unknown }
      const input = JSON.parse(element.getAttribute('tuition-input')!) as Record<string, unknown>
      element.tuitionInput = { ...input, token: fresh }
    }, token)
    // A new plan would go back to "loaded" or "loading"; give the element a frame to show whatever it would.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
    expect(await page.playwright.locator('fees-calculator .fc').getAttribute('data-state')).toBe('locked')
    expect(await page.text('[data-figure=versionNumber]')).toBe(String(saved.versionNumber))
    expect(requests()).toEqual([])
    expect((await page.events()).filter((event) => event.name === 'calculationResultReceivedEvent')).toHaveLength(1)
  })
})
