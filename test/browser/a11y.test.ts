import { describe, expect, it } from 'vitest'
import { animationsDone, axeReport, type FocusedElement, focused } from './a11y-helpers.ts'
import { browserSuite, type Page, problemReply, savedPlans } from './harness.ts'
import { events, LOCALES, loaded, money, settled, text, waitForEvent } from './screen-helpers.ts'

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

const suite = browserSuite()
/** A version saved in each language, to reopen by hash. */
const saved = savedPlans(suite)

const open = (path: string, before?: (page: Page) => unknown, width?: number) => suite.open(path, { before, width })
const openLoaded = async (path: string) => loaded(await open(path))

/** axe-core finds no WCAG 2.2 AA violation, and did look inside the shadow root. */
async function expectNoViolations(page: Page): Promise<void> {
  // Colours are measured once they are final, not halfway through a transition.
  await animationsDone(page)
  const report = await axeReport(page)
  expect(report.violations).toEqual([])
  expect(report.checkedInShadowRoot).toBeGreaterThan(20)
}

describe('axe-core, WCAG 2.2 AA', () => {
  it('can fail: a nameless button put into the shadow root is reported', async () => {
    const page = await openLoaded('/demo/portal.html?lang=en')
    await page.evaluate(() => {
      const button = document.createElement('button')
      button.className = 'planted'
      document.querySelector('fees-calculator')!.shadowRoot!.querySelector('.fc-card')!.append(button)
    })
    const report = await axeReport(page)
    expect(report.violations.some((line) => line.startsWith('button-name') && line.includes('.planted'))).toBe(true)
    await page.close()
  })

  it('finds nothing in the single-page app waiting for input (empty, Spanish)', async () => {
    const page = await open('/fees')
    await page.locator('fees-calculator .fc[data-state=empty]').waitFor()
    await expectNoViolations(page)
    await page.close()
  })

  describe.each(['es', 'en'] as const)('in %s', (language) => {
    it('finds nothing while the first plan is on its way (empty)', async () => {
      let release: () => void = () => {}
      const held = new Promise<void>((resolve) => (release = resolve))
      const page = await open(`/demo/portal.html?lang=${language}`, (p) =>
        p.route('**/Calculator/CalculateFeeOptions', async (route) => {
          await held
          await route.continue()
        }),
      )
      await page.locator(`fees-calculator .fc[data-state=empty][lang=${language}]`).waitFor()
      await expectNoViolations(page)
      release()
      await page.close()
    })

    it('finds nothing in an editable plan, with a refused amount explained, and with the calendar open', async () => {
      const page = await openLoaded(`/demo/portal.html?lang=${language}&system=2`)
      await expectNoViolations(page)

      const amount = page.locator('fees-calculator input[data-figure=initialAmount]')
      await amount.focus()
      await page.keyboard.type('seis mil')
      await page.keyboard.press('Enter')
      await page.locator('fees-calculator .fc-field-error').waitFor()
      expect(await amount.getAttribute('aria-invalid')).toBe('true')
      await expectNoViolations(page)
      await amount.press('Escape')

      await page.locator('fees-calculator button[part=date]').click()
      await page.locator('fees-calculator .react-datepicker').waitFor()
      await expectNoViolations(page)
      await page.close()
    })

    it('finds nothing in a refinancing plan', async () => {
      const page = await openLoaded(`/demo/portal.html?lang=${language}&type=1`)
      expect(await page.locator('fees-calculator [data-figure=partialPayment]').count()).toBe(1)
      await expectNoViolations(page)
      await page.close()
    })

    it('finds nothing for an ERP system, before and after it sends its plan', async () => {
      const page = await openLoaded(`/demo/portal.html?lang=${language}&system=3`)
      await expectNoViolations(page)
      await page.locator('fees-calculator [part=save-button]').click()
      await page.locator('fees-calculator [part=schedule]').waitFor()
      await settled(page)
      await expectNoViolations(page)
      await page.close()
    })

    it('finds nothing once the plan is saved and locked, with its schedule', async () => {
      const page = await openLoaded(`/demo/portal.html?lang=${language}`)
      await page.locator('fees-calculator [part=save-button]').click()
      await page.locator('fees-calculator .fc[data-state=locked]').waitFor()
      await page.locator('fees-calculator [part=schedule] tbody tr').first().waitFor()
      await expectNoViolations(page)
      await page.close()
    })

    it('finds nothing with the schedule shown on demand', async () => {
      const page = await openLoaded(`/demo/portal.html?lang=${language}`)
      await page.getByRole('button', { name: WORDS[language].schedule, exact: true }).click()
      await page.locator('fees-calculator [part=schedule] tbody tr').first().waitFor()
      await settled(page)
      await expectNoViolations(page)
      await page.close()
    })

    it('finds nothing with an error toast on screen (hash mode, version number unavailable)', async () => {
      const page = await open(`/fees/${saved[language]}`, (p) =>
        p.route('**/Version/Number**', (route) => route.fulfill(problemReply())),
      )
      await page.locator('fees-calculator [data-sonner-toast][data-type=error]').waitFor()
      await animationsDone(page)
      await expectNoViolations(page)
      await page.close()
    })
  })
})

describe.each(['es', 'en'] as const)('names and announcements, in %s', (language) => {
  const words = WORDS[language]

  it('names every control with the catalogue words', async () => {
    const page = await openLoaded(`/demo/portal.html?lang=${language}&system=2`)
    const named = async (role: Parameters<Page['getByRole']>[0], name: string | RegExp) => {
      const found = page.getByRole(role, { name, exact: true })
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
    expect(await page.locator('fees-calculator [role=dialog]').getAttribute('lang')).toBe(language)
    // The dialog takes the focus (on a later frame than it shows); Escape closes it and gives the focus back to
    // the button that opened it.
    await expect.poll(async () => (await focused(page))?.className).toContain('react-datepicker__day--selected')
    await page.keyboard.press('Escape')
    await page.locator('fees-calculator .react-datepicker').waitFor({ state: 'detached' })
    expect(await date.getAttribute('aria-expanded')).toBe('false')
    await expect.poll(async () => (await focused(page))?.part).toBe('date')
    await page.close()
  })

  it('names the toasts and their close button with the catalogue words', async () => {
    const page = await open(`/fees/${saved[language]}`, (p) =>
      p.route('**/Version/Number**', (route) => route.fulfill(problemReply())),
    )
    await page.locator('fees-calculator [data-sonner-toast]').waitFor()
    const close = page.locator('fees-calculator [data-sonner-toast] button[data-close-button]')
    expect(await close.getAttribute('aria-label')).toBe(words.close)
    expect(await page.getByRole('button', { name: words.close, exact: true }).count()).toBe(1)
    expect(await page.locator('fees-calculator section[aria-live=polite]').getAttribute('aria-label')).toMatch(
      new RegExp(`^${words.toasts}\\b`),
    )
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
    const amount = page.locator('fees-calculator input[data-figure=initialAmount]')
    await amount.focus()
    // Focus selects the whole amount, so what is typed replaces it.
    expect(
      await amount.evaluate((field: HTMLInputElement) => [
        field.selectionStart,
        field.selectionEnd,
        field.value.length,
      ]),
    ).toEqual([0, '6000.00'.length, '6000.00'.length])
    await page.keyboard.type('??')
    expect(await amount.inputValue()).toBe('??')
    await page.keyboard.press('Enter')
    const error = page.locator('fees-calculator .fc-field-error')
    expect(await error.textContent()).toBe(words.amountError)
    expect(await error.getAttribute('role')).toBe('alert')
    expect(await amount.getAttribute('aria-describedby')).toBe(await error.getAttribute('id'))
    // Enter kept the focus in the field, so the user can correct the amount at once.
    expect((await focused(page))?.figure).toBe('initialAmount')
    await page.close()
  })

  it('announces the recalculated monthly fee through a polite live region', async () => {
    const page = await openLoaded(`/demo/portal.html?lang=${language}`)
    const region = page.locator('fees-calculator [data-announce=fee]')
    expect(await region.getAttribute('aria-live')).toBe('polite')
    // The visible figure is not a live region too: the fee would be read twice.
    expect(
      await page
        .locator('fees-calculator [data-figure=feeAmount]')
        .evaluate((figure) => !!figure.closest('[aria-live], [role=status], output')),
    ).toBe(false)

    await page.locator('fees-calculator [part=fee-select]').selectOption('18')
    const result = await waitForEvent(page, 'calculationResultReceivedEvent', 2)
    await settled(page)
    const [fee] = await money(page, language, result.currency, [result.feeAmount])
    const date = new Intl.DateTimeFormat(LOCALES[language], {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(`${result.firstPaymentDate}T00:00:00Z`))
    expect(await text(page, '[data-announce=fee]')).toBe(words.announce(fee!, 18, date))
    await page.close()
  })
})

describe.each(['es', 'en'] as const)('the whole flow with the keyboard alone, in %s', (language) => {
  const words = WORDS[language]

  /** Presses Tab until `wanted` has the focus, checking that everything on the way shows it. */
  async function tabTo(
    page: Page,
    wanted: (element: FocusedElement) => boolean,
    what: string,
  ): Promise<FocusedElement> {
    for (let presses = 0; presses < 12; presses += 1) {
      await page.keyboard.press('Tab')
      const element = await focused(page)
      expect(element, `focus lost on the way to ${what}`).not.toBeNull()
      expect(element!.visible, `no visible focus on ${element!.tag}.${element!.className}`).toBe(true)
      if (wanted(element!)) return element!
    }
    throw new Error(`Tab never reached ${what}`)
  }

  async function expectFocusVisible(page: Page, what: (element: FocusedElement) => boolean): Promise<FocusedElement> {
    const element = await focused(page)
    expect(element).not.toBeNull()
    expect(what(element!), JSON.stringify(element)).toBe(true)
    expect(element!.visible, JSON.stringify(element)).toBe(true)
    return element!
  }

  const feeCount = async (page: Page) =>
    (await events(page)).filter((e) => e.name === 'calculationResultReceivedEvent').length

  it('chooses the count, the date and the amount, then saves, with visible focus at every step', async () => {
    const page = await openLoaded(`/demo/portal.html?lang=${language}&system=2`)
    const first = await waitForEvent(page, 'calculationResultReceivedEvent')

    // 1. The number of fees: Tab to the dropdown, one more with the arrow key.
    await tabTo(page, (e) => e.part === 'fee-select', 'the fee-count select')
    await page.keyboard.press('ArrowDown')
    const second = await waitForEvent(page, 'calculationResultReceivedEvent', 2)
    expect(second.totalFees).toBe(first.totalFees + 1)
    expect(second.feeAmount).toBeLessThan(first.feeAmount)
    await settled(page)
    await expectFocusVisible(page, (e) => e.part === 'fee-select')

    // 2. The date: Tab to it, open the calendar, the next day with the arrow key, Enter.
    await tabTo(page, (e) => e.tag === 'button' && e.part === 'date', 'the date button')
    await page.keyboard.press('Enter')
    await page.locator('fees-calculator .react-datepicker').waitFor()
    // The selected day takes the focus on a later frame than the calendar shows.
    await expect.poll(async () => (await focused(page))?.className).toContain('react-datepicker__day--selected')
    const day = await expectFocusVisible(page, (e) => e.className.includes('react-datepicker__day--selected'))
    await page.keyboard.press('ArrowRight')
    // The focus moved with the highlight to the day the arrow reached (the calendar's one tab stop).
    const nextDay = await expectFocusVisible(
      page,
      (e) => e.className.includes('react-datepicker__day') && e.tabIndex === 0,
    )
    expect(nextDay.ariaLabel).not.toBe(day.ariaLabel)
    await page.keyboard.press('Enter')
    const third = await waitForEvent(page, 'calculationResultReceivedEvent', 3)
    const nextDate = new Date(`${second.firstPaymentDate}T00:00:00Z`)
    nextDate.setUTCDate(nextDate.getUTCDate() + 1)
    expect(third.firstPaymentDate).toBe(nextDate.toISOString().slice(0, 10))
    await page.locator('fees-calculator .react-datepicker').waitFor({ state: 'detached' })
    await settled(page)
    // Back on the button that opened the calendar, not on the page.
    await expectFocusVisible(page, (e) => e.tag === 'button' && e.part === 'date')

    // 3. The amount: Tab to it, type a new one, Tab away (the blur recalculates).
    await tabTo(page, (e) => e.figure === 'initialAmount', 'the amount')
    // Typing replaces the amount: tabbing in selected all of it.
    await page.keyboard.type('7500')
    // The blur starts a calculation, during which the next buttons cannot act but must keep the focus.
    await tabTo(page, (e) => e.text === words.schedule, 'the schedule button')
    const fourth = await waitForEvent(page, 'calculationResultReceivedEvent', 4)
    expect(fourth.initialAmount).toBe(7500)
    expect(fourth.feeAmount).toBeGreaterThan(third.feeAmount)
    expect(await feeCount(page)).toBe(4)

    // 4. SAVE: Tab to it, Enter.
    await tabTo(page, (e) => e.part === 'save-button', 'SAVE')
    await settled(page)
    await page.keyboard.press('Enter')
    const table = await waitForEvent(page, 'feeOptionSelectedEvent')
    await page.locator('fees-calculator .fc[data-state=locked]').waitFor()
    expect(await text(page, '[data-figure=versionNumber]')).toBe(String(table.versionNumber))
    expect(table.fees).toHaveLength(fourth.totalFees)
    expect(table.fees[0].fee).toBe(fourth.feeAmount)
    // The focus stays on SAVE, now unavailable, rather than falling to the page.
    const after = await focused(page)
    expect(after?.part).toBe('save-button')
    await page.close()
  })
})
