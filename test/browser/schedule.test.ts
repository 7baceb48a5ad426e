import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import type { AmortizationTable } from '../../src/domain/types.ts'
import { focused } from './a11y-helpers.ts'
import { browserSuite, type Page } from './harness.ts'
import { events, type Language, LOCALES, loaded, money, settled, text, waitForEvent } from './screen-helpers.ts'

const SHOW = { es: 'Ver cuadro de amortización', en: 'Show payment schedule' } as const
const FRONT_CALCULATE = '/api/v1/Calculator/FrontCalculateFees'

/** The schedule as the screen shows it: each row's cells, then the totals row. */
function shownRows(page: Page): Promise<{ body: string[][]; total: string[] }> {
  return page.locator('fees-calculator [part=schedule] table').evaluate((table) => ({
    body: [...table.querySelectorAll('tbody tr')].map((row) =>
      [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? ''),
    ),
    total: [...table.querySelectorAll('tfoot td')].map((cell) => cell.textContent ?? ''),
  }))
}

/** The same table formatted as the widget formats it: Intl in the same browser, the API's numbers. */
async function expectedRows(page: Page, language: Language, table: AmortizationTable) {
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

describe.each(['es', 'en'] as const)('the payment schedule on demand, in %s', (language) => {
  // A server of its own: its database starts empty, so the first save of the contract is version 1.
  const suite = browserSuite()
  const open = async (path: string) => loaded(await suite.open(path))

  it('before saving, shows the API amortization table for the plan on screen, and saves nothing', async () => {
    const page = await open(`/demo/portal.html?lang=${language}`)
    await page.locator('fees-calculator [part=fee-select]').selectOption('18')
    await waitForEvent(page, 'calculationResultReceivedEvent', 2)
    await settled(page)

    // Keyboard: focus the button, Enter. The schedule takes the focus the button had.
    const button = page.getByRole('button', { name: SHOW[language], exact: true })
    await button.focus()
    const answer = page.waitForResponse((response) => new URL(response.url()).pathname === FRONT_CALCULATE)
    await page.keyboard.press('Enter')
    // Playwright sees no body for ky's requests (ky sends them with duplex: 'half'): the store's unit test checks that it
    // says isSavedVersion false. Here the answer says nothing was stored, and so does the next save below.
    const table = (await (await answer).json()) as AmortizationTable
    expect(table).toMatchObject({ versionHashCode: null, versionNumber: null })
    expect(table.fees).toHaveLength(18)

    await page.locator('fees-calculator [part=schedule] tbody tr').first().waitFor()
    await settled(page)
    expect(await shownRows(page)).toEqual(await expectedRows(page, language, table))
    await expect.poll(async () => (await focused(page))?.tag).toBe('h3')
    expect(await button.count()).toBe(0)

    // The CSV has the same rows.
    const download = page.waitForEvent('download')
    await page.locator('fees-calculator [part=schedule] .fc-schedule-head button').first().click()
    const csv = readFileSync((await (await download).path())!, 'utf8')
      .trim()
      .split('\r\n')
    expect(csv).toHaveLength(table.fees.length + 1)
    const separator = language === 'es' ? ';' : ','
    expect(csv[1]!.split(separator).slice(0, 2)).toEqual(['1', table.fees[0]!.dueDate])

    // Nothing saved: no version on screen, nothing told to the host, SAVE still open, the plan unlocked.
    expect(await text(page, '[data-figure=versionNumber]')).toBe('—')
    expect((await events(page)).filter((e) => e.name === 'feeOptionSelectedEvent')).toEqual([])
    expect(await page.locator('fees-calculator .fc').getAttribute('data-state')).toBe('loaded')
    expect(await page.locator('fees-calculator [part=save-button]').isDisabled()).toBe(false)

    // A change of plan takes the schedule away (it would be stale) and brings the button back.
    await page.locator('fees-calculator [part=fee-select]').selectOption('12')
    await waitForEvent(page, 'calculationResultReceivedEvent', 3)
    await settled(page)
    expect(await page.locator('fees-calculator [part=schedule]').count()).toBe(0)
    expect(await button.count()).toBe(1)

    // The database holds no version from the preview: the first save of this contract is number 1.
    await page.locator('fees-calculator [part=save-button]').click()
    const savedTable = await waitForEvent(page, 'feeOptionSelectedEvent')
    expect(savedTable.versionNumber).toBe(1)
    await page.locator('fees-calculator .fc[data-state=locked]').waitFor()
    await page.close()

    // A plan reopened by its hash (read-only, no SAVE; its stored input says isSavedVersion true) shows its schedule too.
    const reopened = await open(`/fees/${savedTable.versionHashCode}`)
    expect(await reopened.locator('fees-calculator [part=save-button]').count()).toBe(0)
    const again = reopened.waitForResponse((r) => new URL(r.url()).pathname === FRONT_CALCULATE)
    await reopened.getByRole('button', { name: SHOW[language], exact: true }).click()
    const reopenedTable = (await (await again).json()) as AmortizationTable
    expect(reopenedTable).toMatchObject({ versionHashCode: null, versionNumber: null })
    expect(reopenedTable.fees).toEqual(savedTable.fees)
    await reopened.locator('fees-calculator [part=schedule] tbody tr').first().waitFor()
    expect(await shownRows(reopened)).toEqual(await expectedRows(reopened, language, reopenedTable))
    await reopened.close()

    // Still only one version: the next save of the contract is number 2.
    const next = await open(`/demo/portal.html?lang=${language}`)
    await next.locator('fees-calculator [part=save-button]').click()
    expect((await waitForEvent(next, 'feeOptionSelectedEvent')).versionNumber).toBe(2)
    await next.close()
  })

  it('says so when the schedule cannot be had, and lets the user ask again', async () => {
    const page = await open(`/demo/portal.html?lang=${language}`)
    await page.route(`**${FRONT_CALCULATE}`, (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/problem+json',
        body: JSON.stringify({ status: 503, code: 'unavailable' }),
      }),
    )
    const button = page.getByRole('button', { name: SHOW[language], exact: true })
    await button.click()
    const status = page.locator('fees-calculator .fc-saved[role=status]')
    await status
      .filter({
        hasText: language === 'es' ? 'No se ha podido obtener el cuadro de amortización' : 'could not be loaded',
      })
      .waitFor()
    expect((await events(page)).filter((e) => e.name === 'feeOptionSelectedEvent')).toEqual([])
    await page.unroute(`**${FRONT_CALCULATE}`)
    await button.click()
    await page.locator('fees-calculator [part=schedule] tbody tr').first().waitFor()
    expect(await status.textContent()).toBe('')
    await page.close()
  })
})
