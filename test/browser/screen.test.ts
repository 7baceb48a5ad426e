import { describe, expect, it } from 'vitest'
import { describeEngines } from '../support/harness.ts'
import { cardTop, cardTopOf, isoDay, type Language, money, percent, spacedDate } from '../support/screen.ts'

describeEngines(
  '<fees-calculator> on the screen',
  ['chromium'],
  (suite) => {
    describe.each([
      ['es', 'Mensual', 'GUARDAR'],
      ['en', 'Monthly', 'SAVE'],
    ] as const)('<fees-calculator> on the portal page, in %s', (language: Language, monthly, saveLabel) => {
      it('shows the figures of the API answer, formatted for the language', async () => {
        const page = await suite.open(`/demo/portal.html?lang=${language}`)
        const result = await page.event('calculationResultReceivedEvent')
        await page.settled()
        expect(await cardTop(page)).toEqual(await cardTopOf(page, language, result))
        const [initialAmount] = await money(page, language, result.currency, [result.initialAmount])
        expect(await page.playwright.locator('fees-calculator input[data-figure=initialAmount]').inputValue()).toBe(
          initialAmount,
        )
        const [tin, tae] = await percent(page, language, [result.tin, result.tae])
        expect(await page.text('[data-figure=tin]')).toBe(tin)
        expect(await page.text('[data-figure=tae]')).toBe(tae)
        expect(await page.text('.fc-chip')).toBe(monthly)
        expect(await page.text('[part=save-button]')).toBe(saveLabel)
        expect(await page.text('[part=title]')).toBe('Grado en Ingeniería Informática')
        expect(await page.text('[data-figure=contractId]')).toBe('C-2026-0001')
      })

      it('lists exactly minFees..maxFees and recalculates when the count changes', async () => {
        const page = await suite.open(`/demo/portal.html?lang=${language}`)
        const first = await page.event('calculationResultReceivedEvent')
        await page.settled()
        const select = page.playwright.locator('fees-calculator [part=fee-select]')
        expect(
          await select.locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value)),
        ).toEqual(['12', '13', '14', '15', '16', '17', '18'])
        expect(await page.text('.fc-field label')).toContain(
          language === 'es' ? '(entre 12 y 18)' : '(between 12 and 18)',
        )
        await select.selectOption('18')
        const second = await page.event('calculationResultReceivedEvent', 2)
        await page.settled()
        expect(second.totalFees).toBe(18)
        expect(second.feeAmount).toBeLessThan(first.feeAmount)
        const [feeAmount] = await money(page, language, second.currency, [second.feeAmount])
        expect(await page.text('[data-figure=feeAmount]')).toBe(feeAmount)
      })

      it('opens a calendar inside the shadow root that starts on Monday, refuses yesterday and recalculates on select', async () => {
        const page = await suite.open(`/demo/portal.html?lang=${language}`)
        const first = await page.event('calculationResultReceivedEvent')
        await page.settled()
        await page.playwright.locator('fees-calculator [part=date]').click()
        const calendar = page.playwright.locator('fees-calculator .react-datepicker')
        await calendar.waitFor()
        const where = await page.evaluate(() => ({
          inShadow: !!document.querySelector('fees-calculator')!.shadowRoot!.querySelector('.react-datepicker'),
          inDocument: !!document.querySelector('.react-datepicker'),
          headStyles: [...document.head.querySelectorAll('style')].filter((s) =>
            /react-datepicker|sonner/.test(s.textContent ?? ''),
          ).length,
        }))
        expect(where).toEqual({ inShadow: true, inDocument: false, headStyles: 0 })
        // Each column header holds the full name (for screen readers) and the short one shown.
        const dayNames = (await calendar.locator('.react-datepicker__day-name').allTextContents()).map((name) =>
          name.toLowerCase(),
        )
        expect(dayNames[0]).toBe(language === 'es' ? 'luneslu' : 'mondaymo')
        expect(dayNames[6]).toBe(language === 'es' ? 'domingodo' : 'sundaysu')

        // Back to the month of yesterday, if the calendar lets us go there at all.
        const yesterday = new Date()
        yesterday.setDate(yesterday.getDate() - 1)
        const [y, m] = first.firstPaymentDate.split('-').map(Number)
        const monthsBack = (y - yesterday.getFullYear()) * 12 + (m - 1 - yesterday.getMonth())
        const previous = calendar.locator('.react-datepicker__navigation--previous')
        let reachable = true
        for (let k = 0; k < monthsBack; k += 1) {
          if ((await previous.count()) === 0 || (await previous.isDisabled())) {
            reachable = false
            break
          }
          await previous.click()
        }
        if (reachable) {
          const day = String(yesterday.getDate()).padStart(3, '0')
          const cell = calendar.locator(`.react-datepicker__day--${day}:not(.react-datepicker__day--outside-month)`)
          expect(await cell.getAttribute('aria-disabled')).toBe('true')
          await cell.click({ force: true })
          expect(await calendar.isVisible()).toBe(true)
        }
        expect((await page.events()).filter((e) => e.name === 'calculationResultReceivedEvent')).toHaveLength(1)

        // Forward to the month of the current date and pick the 20th.
        const next = calendar.locator('.react-datepicker__navigation--next')
        for (let k = 0; k < (reachable ? monthsBack : 0); k += 1) await next.click()
        await calendar.locator('.react-datepicker__day--020:not(.react-datepicker__day--outside-month)').click()
        const second = await page.event('calculationResultReceivedEvent', 2)
        expect(second.firstPaymentDate).toBe(`${first.firstPaymentDate.slice(0, 8)}20`)
        await page.settled()
        expect(await page.text('[part=date]')).toBe(spacedDate(second.firstPaymentDate))
        expect(await calendar.isVisible()).toBe(false)
        expect(isoDay(new Date()) < second.firstPaymentDate).toBe(true)
      })

      it('saves: SAVE disabled, the version number and the schedule shown; the link reopens the plan read-only', async () => {
        const page = await suite.open(`/demo/portal.html?lang=${language}&type=1`)
        await page.event('calculationResultReceivedEvent')
        await page.settled()
        const save = page.playwright.locator('fees-calculator [part=save-button]')
        expect(await save.isDisabled()).toBe(false)
        await save.click()
        const table = await page.event('feeOptionSelectedEvent')
        await page.playwright.locator('fees-calculator .fc[data-state=locked]').waitFor()
        expect(await save.isDisabled()).toBe(true)
        expect(await page.text('[data-figure=versionNumber]')).toBe(String(table.versionNumber))
        const rows = page.playwright.locator('fees-calculator [part=schedule] tbody tr')
        await rows.first().waitFor()
        expect(await rows.count()).toBe(table.fees.length)
        const [fee] = await money(page, language, table.currency, [table.fees[0].fee])
        expect(await rows.first().locator('td').nth(2).textContent()).toBe(fee)
        const due = table.fees[0].dueDate.split('-').reverse().join('/')
        expect(await rows.first().locator('td').nth(1).textContent()).toBe(due)
        await page.playwright.locator('fees-calculator [part=schedule] button[data-download=csv]').click()
        const [file] = await page.downloaded(1)
        expect(file!.name).toMatch(/\.csv$/)

        const rpage = await suite.open(`/fees/${table.versionHashCode}`)
        await rpage.playwright.locator('fees-calculator .fc[data-state=loaded]').waitFor()
        await rpage.playwright
          .locator(`fees-calculator [data-figure=versionNumber]:text-is("${table.versionNumber}")`)
          .waitFor()
        expect(await rpage.playwright.locator('fees-calculator [part=save-button]').count()).toBe(0)
        expect(await rpage.playwright.locator('fees-calculator [part=fee-select]').isDisabled()).toBe(true)
        expect(await rpage.playwright.locator('fees-calculator .fc').getAttribute('lang')).toBe(language)
        expect(await rpage.playwright.locator('fees-calculator button[part=date]').count()).toBe(0)
        expect(await rpage.text('[part=date]')).toBe(spacedDate(table.fees[0].dueDate))
        const [total, toFinance] = await money(rpage, language, table.currency, [
          table.totals.finalFee,
          table.totals.amountToFinance,
        ])
        expect(await rpage.text('[data-figure=finalFee]')).toBe(total)
        expect(await rpage.text('[data-figure=amountToFinance]')).toBe(toFinance)
        expect(await rpage.text('[part=intro]')).toContain(language === 'es' ? 'no modificarlo' : 'not changed')
      })
    })

    describe('<fees-calculator> attributes and page', () => {
      it('opens the calendar for a click that came before its chunk arrived', async () => {
        const calendar = suite.pages.hold('/dist/chunks/CalendarPicker-')
        const page = await suite.open('/demo/portal.html?lang=en')
        await page.playwright.locator('fees-calculator .fc[data-state=loaded]').waitFor()
        await page.playwright.locator('fees-calculator button[part=date]').click()
        expect(await page.playwright.locator('fees-calculator .react-datepicker').count()).toBe(0)
        calendar.release()
        await page.playwright.locator('fees-calculator .react-datepicker').waitFor()
        expect(
          await page.evaluate(() =>
            document.querySelector('fees-calculator')!.shadowRoot!.activeElement?.getAttribute('part'),
          ),
        ).toBe('date')
      })

      it('hides the header and the footer with show-header="false" and show-footer="false"', async () => {
        const page = await suite.open('/demo/portal.html')
        await page.playwright.locator('fees-calculator [part=header]').waitFor()
        expect(await page.playwright.locator('fees-calculator [part=footer]').count()).toBe(1)
        await page.evaluate(() => {
          const element = document.querySelector('fees-calculator')!
          element.setAttribute('show-header', 'false')
          element.setAttribute('show-footer', 'false')
        })
        await page.playwright.locator('fees-calculator [part=header]').waitFor({ state: 'detached' })
        expect(await page.playwright.locator('fees-calculator [part=footer]').count()).toBe(0)
      })

      it('keeps its CSS in adopted stylesheets of its shadow root, none in the page', async () => {
        const page = await suite.open('/demo/portal.html')
        // The server's card is loaded before the element runs: its inline style gives way once the card is taken over.
        await page.loaded()
        const styles = await page.evaluate(() => {
          const root = document.querySelector('fees-calculator')!.shadowRoot!
          return {
            adopted: root.adoptedStyleSheets.length,
            inlineInRoot: root.querySelectorAll('style').length,
            headStyles: document.head.querySelectorAll('style').length,
            documentAdopted: document.adoptedStyleSheets.length,
            display: getComputedStyle(root.host).display,
          }
        })
        expect(styles.adopted).toBeGreaterThanOrEqual(2)
        expect(styles).toMatchObject({ inlineInRoot: 0, headStyles: 1, documentAdopted: 0, display: 'block' })
      })

      it('is usable at 320 px: nothing wider than the screen', async () => {
        const page = await suite.open('/fees', { width: 320 })
        await page.playwright.locator('fees-calculator .fc').waitFor()
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        )
        expect(overflow).toBe(0)
      })

      it('the single-page app: / goes to /fees, which waits for input with zero figures and disabled controls', async () => {
        const page = await suite.open('/')
        await page.playwright.waitForURL(/\/fees$/)
        await page.playwright.locator('fees-calculator .fc[data-state=empty]').waitFor()
        expect(await page.playwright.locator('fees-calculator [part=fee-select]').isDisabled()).toBe(true)
        expect(await page.playwright.locator('fees-calculator button[part=date]').isDisabled()).toBe(true)
        expect(await page.playwright.locator('fees-calculator [part=save-button]').isDisabled()).toBe(true)
        expect(await page.text('[data-figure=feeAmount]')).toBe((await money(page, 'es', 'USD', [0]))[0])
      })

      it('the single-page app: /health-check shows version, environment, API root and the API health', async () => {
        const page = await suite.open('/health-check')
        const health = page.playwright.locator('[data-testid=health-check]')
        await health.locator('[data-health=ok]').waitFor()
        expect(await health.locator('[data-field=version]').textContent()).toMatch(/^\d+\.\d+\.\d+/)
        expect(await health.locator('[data-field=environment]').textContent()).toBe('local')
        expect(await health.locator('[data-field=api-root]').textContent()).toBe('/api/v1')
        // The app's words come from its own catalogue, in the page's language (Spanish unless ?lang=en).
        expect(await health.locator('h1').textContent()).toBe('Estado del servicio')
        expect(await health.locator('[data-field=api-health]').textContent()).toBe('Responde (HTTP 200)')
      })
    })
  },
  // A fee range other than the defaults, to see the dropdown follow the server.
  { env: { FEES_MIN: '12', FEES_MAX: '18' } },
)
