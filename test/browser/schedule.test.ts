import { expect, it } from 'vitest'
import type { AmortizationTable } from '../../src/domain/types.ts'
import { focusedElement } from '../support/axe.ts'
import { describeEngines, type TestPage } from '../support/harness.ts'
import { type Language, LOCALES, money } from '../support/screen.ts'

const SHOW = { es: 'Ver cuadro de amortización', en: 'Show payment schedule' } as const
const FRONT_CALCULATE = '/api/v1/Calculator/FrontCalculateFees'

/** The schedule as the screen shows it: each row's cells, then the totals row. */
function shownRows(page: TestPage): Promise<{ body: string[][]; total: string[] }> {
  return page.evaluate(() => {
    const table = document.querySelector('fees-calculator')!.shadowRoot!.querySelector('[part=schedule] table')!
    return {
      body: [...table.querySelectorAll('tbody tr')].map((row) =>
        [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? ''),
      ),
      total: [...table.querySelectorAll('tfoot td')].map((cell) => cell.textContent ?? ''),
    }
  })
}

/** The same table formatted as the widget formats it: Intl in the same browser, the API's numbers. */
async function expectedRows(page: TestPage, language: Language, table: AmortizationTable) {
  const amounts = table.fees.flatMap((fee) => [fee.fee, fee.interest, fee.principal, fee.balance])
  const formatted = await money(page, language, table.currency, [
    ...amounts,
    table.totals.finalFee,
    table.totals.interests,
    table.totals.amountToFinance,
  ])
  const day = (iso: string) =>
    new Intl.DateTimeFormat(LOCALES[language], {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(`${iso}T00:00:00Z`))
  return {
    body: table.fees.map((fee, k) => [String(fee.number), day(fee.dueDate), ...formatted.slice(4 * k, 4 * k + 4)]),
    total: [...formatted.slice(amounts.length), ''],
  }
}

// A suite per language, with a server of its own: its database starts empty, so the first save of the contract is
// version 1.
for (const language of ['es', 'en'] as const)
  describeEngines(`the payment schedule on demand, in ${language}`, ['chromium'], (suite) => {
    const open = async (path: string) => {
      const page = await suite.open(path)
      await page.loaded()
      return page
    }

    it('before saving, shows the API amortization table for the plan on screen, and saves nothing', async () => {
      const page = await open(`/demo/portal.html?lang=${language}`)
      await page.playwright.locator('fees-calculator [part=fee-select]').selectOption('18')
      await page.event('calculationResultReceivedEvent', 2)
      await page.settled()

      // Keyboard: focus the button, Enter. The schedule takes the focus the button had.
      const button = page.playwright.getByRole('button', { name: SHOW[language], exact: true })
      await button.focus()
      const answer = page.playwright.waitForResponse((response) => new URL(response.url()).pathname === FRONT_CALCULATE)
      await page.press('Enter')
      // Playwright sees no body for ky's requests (ky sends them with duplex: 'half'): the store's unit test checks that it
      // says isSavedVersion false. Here the answer says nothing was stored, and so does the next save below.
      const table = (await (await answer).json()) as AmortizationTable
      expect(table).toMatchObject({ versionHashCode: null, versionNumber: null })
      expect(table.fees).toHaveLength(18)

      await page.playwright.locator('fees-calculator [part=schedule] tbody tr').first().waitFor()
      await page.settled()
      expect(await shownRows(page)).toEqual(await expectedRows(page, language, table))
      await expect.poll(async () => (await focusedElement(page))?.tag).toBe('h3')
      expect(await button.count()).toBe(0)

      // The CSV has the same rows.
      await page.playwright.locator('fees-calculator [part=schedule] .fc-schedule-head button').first().click()
      const [file] = await page.downloaded(1)
      const csv = file!.text.trim().split('\r\n')
      expect(csv).toHaveLength(table.fees.length + 1)
      const separator = language === 'es' ? ';' : ','
      expect(csv[1]!.split(separator).slice(0, 2)).toEqual(['1', table.fees[0]!.dueDate])

      // Nothing saved: no version on screen, nothing told to the host, SAVE still open, the plan unlocked.
      expect(await page.text('[data-figure=versionNumber]')).toBe('—')
      expect((await page.events()).filter((e) => e.name === 'feeOptionSelectedEvent')).toEqual([])
      expect(await page.playwright.locator('fees-calculator .fc').getAttribute('data-state')).toBe('loaded')
      expect(await page.playwright.locator('fees-calculator [part=save-button]').isDisabled()).toBe(false)

      // A change of plan takes the schedule away (it would be stale) and brings the button back.
      await page.playwright.locator('fees-calculator [part=fee-select]').selectOption('12')
      await page.event('calculationResultReceivedEvent', 3)
      await page.settled()
      expect(await page.playwright.locator('fees-calculator [part=schedule]').count()).toBe(0)
      expect(await button.count()).toBe(1)

      // The database holds no version from the preview: the first save of this contract is number 1.
      await page.playwright.locator('fees-calculator [part=save-button]').click()
      const savedTable = await page.event('feeOptionSelectedEvent')
      expect(savedTable.versionNumber).toBe(1)
      await page.playwright.locator('fees-calculator .fc[data-state=locked]').waitFor()
      await page.close()

      // A plan reopened by its hash (read-only, no SAVE; its stored input says isSavedVersion true) shows its schedule too.
      const reopened = await open(`/fees/${savedTable.versionHashCode}`)
      expect(await reopened.playwright.locator('fees-calculator [part=save-button]').count()).toBe(0)
      const again = reopened.playwright.waitForResponse((r) => new URL(r.url()).pathname === FRONT_CALCULATE)
      await reopened.playwright.getByRole('button', { name: SHOW[language], exact: true }).click()
      const reopenedTable = (await (await again).json()) as AmortizationTable
      expect(reopenedTable).toMatchObject({ versionHashCode: null, versionNumber: null })
      expect(reopenedTable.fees).toEqual(savedTable.fees)
      await reopened.playwright.locator('fees-calculator [part=schedule] tbody tr').first().waitFor()
      expect(await shownRows(reopened)).toEqual(await expectedRows(reopened, language, reopenedTable))
      await reopened.close()

      // Still only one version: the next save of the contract is number 2.
      const next = await open(`/demo/portal.html?lang=${language}`)
      await next.playwright.locator('fees-calculator [part=save-button]').click()
      expect((await next.event('feeOptionSelectedEvent')).versionNumber).toBe(2)
      await next.close()
    })

    it('says so when the schedule cannot be had, and lets the user ask again', async () => {
      const page = await open(`/demo/portal.html?lang=${language}`)
      const lift = suite.pages.refuse(FRONT_CALCULATE, 503, { code: 'unavailable' })
      // Chromium logs the refused request on the console, and the widget the failed preview: the test's own.
      page.expectError(/status of 503|^\[fees-calculator\] schedule preview failed/)
      const button = page.playwright.getByRole('button', { name: SHOW[language], exact: true })
      await button.click()
      const status = page.playwright.locator('fees-calculator .fc-saved[role=status]')
      await status
        .filter({
          hasText: language === 'es' ? 'No se ha podido obtener el cuadro de amortización' : 'could not be loaded',
        })
        .waitFor()
      expect((await page.events()).filter((e) => e.name === 'feeOptionSelectedEvent')).toEqual([])
      lift()
      await button.click()
      await page.playwright.locator('fees-calculator [part=schedule] tbody tr').first().waitFor()
      expect(await status.textContent()).toBe('')
      await page.close()
    })
  })
