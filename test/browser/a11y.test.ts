/**
 * Accessibility. axe-core with the WCAG 2.2 AA tags (2.0, 2.1 and 2.2, levels A and AA) in Chromium, Firefox and
 * WebKit, in every state the card has: empty, the first plan on its way, editable, a refused amount, the calendar
 * open, refinancing, an ERP system before and after it sends its plan, saved and locked with the schedule, the
 * schedule on demand, an error toast on screen. In Chromium, whose accessibility tree Playwright reads by role and
 * name: every control named with the catalogue's words, the announcements, and the whole flow with the keyboard alone.
 */
import { describe, expect, it } from 'vitest'
import { axeReport, expectAxeClean, type FocusedElement, focusedElement } from '../support/axe.ts'
import { hashModePage, UNAVAILABLE } from '../support/fixtures.ts'
import { describeEngines, EVERY_ENGINE, savedPlans, type TestPage } from '../support/harness.ts'
import { LOCALES, money } from '../support/screen.ts'

/** The catalogue's words for each control, as a screen reader must hear them. */
const WORDS = {
  es: {
    select: 'Selecciona el número de cuotas (entre 12 y 24)',
    date: 'Fecha del primer pago',
    amount: 'Importe de la matrícula',
    save: 'GUARDAR',
    schedule: 'Ver cuadro de amortización',
    calendar: 'Elige la fecha del primer pago',
    close: 'Cerrar',
    toasts: 'Notificaciones',
    amountError: 'Introduce un importe en cifras, por ejemplo 6000 o 6000,50',
    announce: (fee: string, count: number, date: string) =>
      `Cuota mensual de ${fee}: ${count} pagos a partir del ${date}`,
  },
  en: {
    select: 'Select the number of fees (between 12 and 24)',
    date: 'First payment date',
    amount: 'Tuition amount',
    save: 'SAVE',
    schedule: 'Show payment schedule',
    calendar: 'Choose the first payment date',
    close: 'Close',
    toasts: 'Notifications',
    amountError: 'Enter an amount in figures, such as 6000 or 6000.50',
    announce: (fee: string, count: number, date: string) => `Monthly fee ${fee}: ${count} payments from ${date}`,
  },
} as const

describeEngines('axe-core, WCAG 2.2 AA', EVERY_ENGINE, (suite) => {
  it('can fail: a nameless button put into the shadow root is reported', async () => {
    const page = await suite.open('/demo/portal.html?lang=en')
    await page.loaded()
    await page.evaluate(() => {
      const button = document.createElement('button')
      button.className = 'planted'
      document.querySelector('fees-calculator')!.shadowRoot!.querySelector('.fc-card')!.append(button)
    })
    const report = await axeReport(page)
    expect(report.violations.some((line) => line.startsWith('button-name') && line.includes('.planted'))).toBe(true)
  })

  it('finds nothing in the single-page app waiting for input (empty, Spanish)', async () => {
    const page = await suite.open('/fees')
    await page.waitForInside('.fc[data-state=empty]')
    await expectAxeClean(page, 'empty')
  })

  it.each(['es', 'en'] as const)(
    'finds nothing in %s while the first plan is on its way, and with an error toast on screen (hash mode)',
    async (language) => {
      const held = suite.pages.hold('/api/v1/Calculator/CalculateFeeOptions')
      const waiting = await suite.open(`/demo/portal-client.html?lang=${language}`)
      await held.arrived
      await waiting.waitForInside(`.fc[data-state=empty][lang=${language}]`)
      await expectAxeClean(waiting, 'first plan on its way')
      held.release()
      await waiting.loaded()
      await waiting.click('[part=save-button]')
      const { versionHashCode } = await waiting.event('feeOptionSelectedEvent')
      await waiting.close()

      // The version number cannot be had: the reopened plan says so in a toast.
      suite.pages.refuse('/api/v1/Version/Number', 503, UNAVAILABLE)
      const reopened = await suite.open('', { html: hashModePage(versionHashCode) })
      // Hash mode has no host to tell: the failure goes to the console as well as to the toast.
      reopened.expectError(/^\[fees-calculator\] version number fetch failed/)
      reopened.expectError(/status of 503/)
      await reopened.waitForInside('[data-sonner-toast][data-type=error]')
      await expectAxeClean(reopened, 'error toast')
    },
  )

  it.each(['es', 'en'] as const)(
    'finds nothing in %s: editable, a refused amount, the calendar open, refinancing',
    async (language) => {
      const page = await suite.open(`/demo/portal.html?lang=${language}&system=2`)
      await page.loaded()
      await expectAxeClean(page, 'editable')
      await page.click('input[data-figure=initialAmount]')
      await page.type('seis mil')
      await page.press('Enter')
      await page.waitForInside('.fc-field-error')
      expect(
        await page.evaluate(() =>
          document
            .querySelector('fees-calculator')!
            .shadowRoot!.querySelector('input[data-figure=initialAmount]')!
            .getAttribute('aria-invalid'),
        ),
      ).toBe('true')
      await expectAxeClean(page, 'refused amount')
      await page.press('Escape')
      await page.calendarReady()
      await page.click('button[part=date]')
      await page.waitForInside('.react-datepicker__day--selected')
      await expectAxeClean(page, 'calendar')
      await page.close()

      const refinancing = await suite.open(`/demo/portal.html?lang=${language}&type=1`)
      await refinancing.loaded()
      await refinancing.waitForInside('[data-figure=partialPayment]')
      expect(
        await refinancing.evaluate(
          () =>
            document.querySelector('fees-calculator')!.shadowRoot!.querySelectorAll('[data-figure=partialPayment]')
              .length,
        ),
      ).toBe(1)
      await expectAxeClean(refinancing, 'refinancing')
    },
  )

  it.each(['es', 'en'] as const)(
    'finds nothing in %s: an ERP system before and after it sends its plan, a saved plan, the schedule on demand',
    async (language) => {
      const erp = await suite.open(`/demo/portal.html?lang=${language}&system=3`)
      await erp.loaded()
      await expectAxeClean(erp, 'ERP')
      await erp.click('[part=save-button]')
      await erp.waitForInside('[part=schedule] tbody tr')
      await erp.settled()
      await expectAxeClean(erp, 'ERP sent')
      await erp.close()

      const saved = await suite.open(`/demo/portal.html?lang=${language}`)
      await saved.loaded()
      await saved.click('[part=save-button]')
      await saved.waitForInside('.fc[data-state=locked]')
      await saved.waitForInside('[part=schedule] tbody tr')
      await expectAxeClean(saved, 'saved and locked')
      await saved.close()

      const onDemand = await suite.open(`/demo/portal.html?lang=${language}`)
      await onDemand.loaded()
      expect(await onDemand.text('.fc-buttons .fc-button--secondary')).toBe(WORDS[language].schedule)
      await onDemand.click('.fc-buttons .fc-button--secondary')
      await onDemand.waitForInside('[part=schedule] tbody tr')
      await onDemand.settled()
      await expectAxeClean(onDemand, 'schedule on demand')
    },
  )
})

describeEngines('names, announcements and the keyboard alone', ['chromium'], (suite) => {
  /** A version saved in each language, to reopen by hash. */
  const saved = savedPlans(suite)
  const openLoaded = async (path: string) => {
    const page = await suite.open(path)
    await page.loaded()
    return page
  }

  describe.each(['es', 'en'] as const)('names and announcements, in %s', (language) => {
    const words = WORDS[language]

    it('names every control with the catalogue words', async () => {
      const page = await openLoaded(`/demo/portal.html?lang=${language}&system=2`)
      const named = async (role: Parameters<TestPage['playwright']['getByRole']>[0], name: string | RegExp) => {
        const found = page.playwright.getByRole(role, { name, exact: true })
        expect(await found.count(), `${role} "${name}"`).toBe(1)
        return found
      }
      expect(await (await named('combobox', words.select)).getAttribute('part')).toBe('fee-select')
      const date = await named('button', new RegExp(`^${words.date} \\d{2} / \\d{2} / \\d{4}$`))
      expect(await date.getAttribute('part')).toBe('date')
      expect(await date.getAttribute('aria-haspopup')).toBe('dialog')
      expect(await (await named('textbox', words.amount)).getAttribute('data-figure')).toBe('initialAmount')
      expect(await (await named('button', words.save)).getAttribute('part')).toBe('save-button')
      await named('button', words.schedule)

      await date.click()
      await named('dialog', words.calendar)
      expect(await date.getAttribute('aria-expanded')).toBe('true')
      expect(await page.playwright.locator('fees-calculator [role=dialog]').getAttribute('lang')).toBe(language)
      // The dialog takes the focus (on a later frame than it shows); Escape closes it and gives the focus back to
      // the button that opened it.
      await expect
        .poll(async () => (await focusedElement(page))?.className)
        .toContain('react-datepicker__day--selected')
      await page.press('Escape')
      await page.playwright.locator('fees-calculator .react-datepicker').waitFor({ state: 'detached' })
      expect(await date.getAttribute('aria-expanded')).toBe('false')
      await expect.poll(async () => (await focusedElement(page))?.part).toBe('date')
      await page.close()
    })

    it('names the toasts and their close button with the catalogue words', async () => {
      suite.pages.refuse('/api/v1/Version/Number', 503, UNAVAILABLE)
      const page = await suite.open('', { html: hashModePage(saved[language]!) })
      page.expectError(/^\[fees-calculator\] version number fetch failed/)
      page.expectError(/status of 503/)
      await page.playwright.locator('fees-calculator [data-sonner-toast]').waitFor()
      const close = page.playwright.locator('fees-calculator [data-sonner-toast] button[data-close-button]')
      expect(await close.getAttribute('aria-label')).toBe(words.close)
      expect(await page.playwright.getByRole('button', { name: words.close, exact: true }).count()).toBe(1)
      expect(
        await page.playwright.locator('fees-calculator section[aria-live=polite]').getAttribute('aria-label'),
      ).toMatch(new RegExp(`^${words.toasts}\\b`))
      // Measured once the toast has settled: during its entry transition it is still growing to its size.
      await expect
        .poll(async () => {
          const box = (await close.boundingBox())!
          return Math.min(box.width, box.height)
        })
        .toBeGreaterThanOrEqual(24)
      await page.close()
    })

    it('explains a refused amount in words, tied to the field', async () => {
      const page = await openLoaded(`/demo/portal.html?lang=${language}&system=2`)
      const amount = page.playwright.locator('fees-calculator input[data-figure=initialAmount]')
      await amount.focus()
      // Focus selects the whole amount, so what is typed replaces it.
      expect(
        await amount.evaluate((field: HTMLInputElement) => [
          field.selectionStart,
          field.selectionEnd,
          field.value.length,
        ]),
      ).toEqual([0, '6000.00'.length, '6000.00'.length])
      await page.type('??')
      expect(await amount.inputValue()).toBe('??')
      await page.press('Enter')
      const error = page.playwright.locator('fees-calculator .fc-field-error')
      expect(await error.textContent()).toBe(words.amountError)
      expect(await error.getAttribute('role')).toBe('alert')
      expect(await amount.getAttribute('aria-describedby')).toBe(await error.getAttribute('id'))
      // Enter kept the focus in the field, so the user can correct the amount at once.
      expect((await focusedElement(page))?.figure).toBe('initialAmount')
      await page.close()
    })

    it('announces the recalculated monthly fee through a polite live region', async () => {
      const page = await openLoaded(`/demo/portal.html?lang=${language}`)
      const region = page.playwright.locator('fees-calculator [data-announce=fee]')
      expect(await region.getAttribute('aria-live')).toBe('polite')
      // The visible figure is not a live region too: the fee would be read twice.
      expect(
        await page.playwright
          .locator('fees-calculator [data-figure=feeAmount]')
          .evaluate((figure) => !!figure.closest('[aria-live], [role=status], output')),
      ).toBe(false)

      await page.playwright.locator('fees-calculator [part=fee-select]').selectOption('18')
      const result = await page.event('calculationResultReceivedEvent', 2)
      await page.settled()
      const [fee] = await money(page, language, result.currency, [result.feeAmount])
      const date = new Intl.DateTimeFormat(LOCALES[language], {
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
        timeZone: 'UTC',
      }).format(new Date(`${result.firstPaymentDate}T00:00:00Z`))
      expect(await page.text('[data-announce=fee]')).toBe(words.announce(fee!, 18, date))
      await page.close()
    })
  })

  describe.each(['es', 'en'] as const)('the whole flow with the keyboard alone, in %s', (language) => {
    const words = WORDS[language]

    /** Presses Tab until `wanted` has the focus, checking that everything on the way shows it. */
    async function tabTo(
      page: TestPage,
      wanted: (element: FocusedElement) => boolean,
      what: string,
    ): Promise<FocusedElement> {
      for (let presses = 0; presses < 12; presses += 1) {
        await page.press('Tab')
        const element = await focusedElement(page)
        expect(element, `focus lost on the way to ${what}`).not.toBeNull()
        expect(element!.visible, `no visible focus on ${element!.tag}.${element!.className}`).toBe(true)
        if (wanted(element!)) return element!
      }
      throw new Error(`Tab never reached ${what}`)
    }

    async function expectFocusVisible(
      page: TestPage,
      what: (element: FocusedElement) => boolean,
    ): Promise<FocusedElement> {
      const element = await focusedElement(page)
      expect(element).not.toBeNull()
      expect(what(element!), JSON.stringify(element)).toBe(true)
      expect(element!.visible, JSON.stringify(element)).toBe(true)
      return element!
    }

    const feeCount = async (page: TestPage) =>
      (await page.events()).filter((e) => e.name === 'calculationResultReceivedEvent').length

    it('chooses the count, the date and the amount, then saves, with visible focus at every step', async () => {
      const page = await openLoaded(`/demo/portal.html?lang=${language}&system=2`)
      const first = await page.event('calculationResultReceivedEvent')

      // 1. The number of fees: Tab to the dropdown, one more with the arrow key.
      await tabTo(page, (e) => e.part === 'fee-select', 'the fee-count select')
      await page.press('ArrowDown')
      const second = await page.event('calculationResultReceivedEvent', 2)
      expect(second.totalFees).toBe(first.totalFees + 1)
      expect(second.feeAmount).toBeLessThan(first.feeAmount)
      await page.settled()
      await expectFocusVisible(page, (e) => e.part === 'fee-select')

      // 2. The date: Tab to it, open the calendar, the next day with the arrow key, Enter.
      await tabTo(page, (e) => e.tag === 'button' && e.part === 'date', 'the date button')
      await page.press('Enter')
      await page.playwright.locator('fees-calculator .react-datepicker').waitFor()
      // The selected day takes the focus on a later frame than the calendar shows.
      await expect
        .poll(async () => (await focusedElement(page))?.className)
        .toContain('react-datepicker__day--selected')
      const day = await expectFocusVisible(page, (e) => e.className.includes('react-datepicker__day--selected'))
      await page.press('ArrowRight')
      // The focus moved with the highlight to the day the arrow reached (the calendar's one tab stop).
      const nextDay = await expectFocusVisible(
        page,
        (e) => e.className.includes('react-datepicker__day') && e.tabIndex === 0,
      )
      expect(nextDay.ariaLabel).not.toBe(day.ariaLabel)
      await page.press('Enter')
      const third = await page.event('calculationResultReceivedEvent', 3)
      const nextDate = new Date(`${second.firstPaymentDate}T00:00:00Z`)
      nextDate.setUTCDate(nextDate.getUTCDate() + 1)
      expect(third.firstPaymentDate).toBe(nextDate.toISOString().slice(0, 10))
      await page.playwright.locator('fees-calculator .react-datepicker').waitFor({ state: 'detached' })
      await page.settled()
      // Back on the button that opened the calendar, not on the page.
      await expectFocusVisible(page, (e) => e.tag === 'button' && e.part === 'date')

      // 3. The amount: Tab to it, type a new one, Tab away (the blur recalculates).
      await tabTo(page, (e) => e.figure === 'initialAmount', 'the amount')
      // Typing replaces the amount: tabbing in selected all of it.
      await page.type('7500')
      // The blur starts a calculation, during which the next buttons cannot act but must keep the focus.
      await tabTo(page, (e) => e.text === words.schedule, 'the schedule button')
      const fourth = await page.event('calculationResultReceivedEvent', 4)
      expect(fourth.initialAmount).toBe(7500)
      expect(fourth.feeAmount).toBeGreaterThan(third.feeAmount)
      expect(await feeCount(page)).toBe(4)

      // 4. SAVE: Tab to it, Enter.
      await tabTo(page, (e) => e.part === 'save-button', 'SAVE')
      await page.settled()
      await page.press('Enter')
      const table = await page.event('feeOptionSelectedEvent')
      await page.playwright.locator('fees-calculator .fc[data-state=locked]').waitFor()
      expect(await page.text('[data-figure=versionNumber]')).toBe(String(table.versionNumber))
      expect(table.fees).toHaveLength(fourth.totalFees)
      expect(table.fees[0].fee).toBe(fourth.feeAmount)
      // The focus stays on SAVE, now unavailable, rather than falling to the page.
      const after = await focusedElement(page)
      expect(after?.part).toBe('save-button')
      await page.close()
    })
  })
})
