import { describe, expect, it } from 'vitest'
import { browserSuite, type ChromiumOpenOptions, type HeldRequest, hold } from './harness.ts'
import {
  events,
  isoDay,
  type Language,
  money,
  percent,
  settled,
  spacedDate,
  text,
  waitForEvent,
} from './screen-helpers.ts'

// A fee range other than the defaults, to see the dropdown follow the server.
const suite = browserSuite({ env: { FEES_MIN: '12', FEES_MAX: '18' } })

async function open(path: string, options: ChromiumOpenOptions = {}) {
  const page = await suite.open(path, options)
  return { page, log: suite.logOf(page) }
}

describe.each([
  ['es', 'Mensual', 'GUARDAR'],
  ['en', 'Monthly', 'SAVE'],
] as const)('<fees-calculator> on the portal page, in %s', (language: Language, monthly, saveLabel) => {
  it('shows the figures of the API answer, formatted for the language', async () => {
    const { page, log } = await open(`/demo/portal.html?lang=${language}`)
    const result = await waitForEvent(page, 'calculationResultReceivedEvent')
    await settled(page)
    const [feeAmount, interests, finalFee, initialAmount] = await money(page, language, result.currency, [
      result.feeAmount,
      result.interests,
      result.finalFee,
      result.initialAmount,
    ])
    expect(await text(page, '[data-figure=feeAmount]')).toBe(feeAmount)
    expect(await text(page, '[data-figure=interests]')).toBe(interests)
    expect(await text(page, '[data-figure=finalFee]')).toBe(finalFee)
    expect(await page.locator('fees-calculator input[data-figure=initialAmount]').inputValue()).toBe(initialAmount)
    const [tin, tae] = await percent(page, language, [result.tin, result.tae])
    expect(await text(page, '[data-figure=tin]')).toBe(tin)
    expect(await text(page, '[data-figure=tae]')).toBe(tae)
    expect(await text(page, '.fc-chip')).toBe(monthly)
    expect(await text(page, '[part=save-button]')).toBe(saveLabel)
    expect(await text(page, '[part=title]')).toBe('Grado en Ingeniería Informática')
    expect(await text(page, '[part=date]')).toBe(spacedDate(result.firstPaymentDate))
    expect(await text(page, '[data-figure=contractId]')).toBe('C-2026-0001')
    expect(await page.locator('fees-calculator .fc').getAttribute('lang')).toBe(language)
    expect(log.errors).toEqual([])
    await page.close()
  })

  it('lists exactly minFees..maxFees and recalculates when the count changes', async () => {
    const { page } = await open(`/demo/portal.html?lang=${language}`)
    const first = await waitForEvent(page, 'calculationResultReceivedEvent')
    await settled(page)
    const select = page.locator('fees-calculator [part=fee-select]')
    expect(
      await select.locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value)),
    ).toEqual(['12', '13', '14', '15', '16', '17', '18'])
    expect(await text(page, '.fc-field label')).toContain(language === 'es' ? '(entre 12 y 18)' : '(between 12 and 18)')
    await select.selectOption('18')
    const second = await waitForEvent(page, 'calculationResultReceivedEvent', 2)
    await settled(page)
    expect(second.totalFees).toBe(18)
    expect(second.feeAmount).toBeLessThan(first.feeAmount)
    const [feeAmount] = await money(page, language, second.currency, [second.feeAmount])
    expect(await text(page, '[data-figure=feeAmount]')).toBe(feeAmount)
    await page.close()
  })

  it('opens a calendar inside the shadow root that starts on Monday, refuses yesterday and recalculates on select', async () => {
    const { page } = await open(`/demo/portal.html?lang=${language}`)
    const first = await waitForEvent(page, 'calculationResultReceivedEvent')
    await settled(page)
    await page.locator('fees-calculator [part=date]').click()
    const calendar = page.locator('fees-calculator .react-datepicker')
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
    expect((await events(page)).filter((e) => e.name === 'calculationResultReceivedEvent')).toHaveLength(1)

    // Forward to the month of the current date and pick the 20th.
    const next = calendar.locator('.react-datepicker__navigation--next')
    for (let k = 0; k < (reachable ? monthsBack : 0); k += 1) await next.click()
    await calendar.locator('.react-datepicker__day--020:not(.react-datepicker__day--outside-month)').click()
    const second = await waitForEvent(page, 'calculationResultReceivedEvent', 2)
    expect(second.firstPaymentDate).toBe(`${first.firstPaymentDate.slice(0, 8)}20`)
    await settled(page)
    expect(await text(page, '[part=date]')).toBe(spacedDate(second.firstPaymentDate))
    expect(await calendar.isVisible()).toBe(false)
    expect(isoDay(new Date()) < second.firstPaymentDate).toBe(true)
    await page.close()
  })

  it('saves: SAVE disabled, the version number and the schedule shown; the link reopens the plan read-only', async () => {
    const { page } = await open(`/demo/portal.html?lang=${language}&type=1`)
    await waitForEvent(page, 'calculationResultReceivedEvent')
    await settled(page)
    const save = page.locator('fees-calculator [part=save-button]')
    expect(await save.isDisabled()).toBe(false)
    await save.click()
    const table = await waitForEvent(page, 'feeOptionSelectedEvent')
    await page.locator('fees-calculator .fc[data-state=locked]').waitFor()
    expect(await save.isDisabled()).toBe(true)
    expect(await text(page, '[data-figure=versionNumber]')).toBe(String(table.versionNumber))
    const rows = page.locator('fees-calculator [part=schedule] tbody tr')
    await rows.first().waitFor()
    expect(await rows.count()).toBe(table.fees.length)
    const [fee] = await money(page, language, table.currency, [table.fees[0].fee])
    expect(await rows.first().locator('td').nth(2).textContent()).toBe(fee)
    const due = table.fees[0].dueDate.split('-').reverse().join('/')
    expect(await rows.first().locator('td').nth(1).textContent()).toBe(due)
    const download = page.waitForEvent('download')
    await page.locator('fees-calculator [part=schedule] button[data-download=csv]').click()
    const file = await download
    expect(file.suggestedFilename()).toMatch(/\.csv$/)

    const reopened = await open(`/fees/${table.versionHashCode}`)
    const rpage = reopened.page
    await rpage.locator('fees-calculator .fc[data-state=loaded]').waitFor()
    await rpage.locator(`fees-calculator [data-figure=versionNumber]:text-is("${table.versionNumber}")`).waitFor()
    expect(await rpage.locator('fees-calculator [part=save-button]').count()).toBe(0)
    expect(await rpage.locator('fees-calculator [part=fee-select]').isDisabled()).toBe(true)
    expect(await rpage.locator('fees-calculator .fc').getAttribute('lang')).toBe(language)
    expect(await rpage.locator('fees-calculator button[part=date]').count()).toBe(0)
    expect(await text(rpage, '[part=date]')).toBe(spacedDate(table.fees[0].dueDate))
    const [total, toFinance] = await money(rpage, language, table.currency, [
      table.totals.finalFee,
      table.totals.amountToFinance,
    ])
    expect(await text(rpage, '[data-figure=finalFee]')).toBe(total)
    expect(await text(rpage, '[data-figure=amountToFinance]')).toBe(toFinance)
    expect(await text(rpage, '[part=intro]')).toContain(language === 'es' ? 'no modificarlo' : 'not changed')
    expect(reopened.log.errors).toEqual([])
    await rpage.close()
    await page.close()
  })
})

describe('<fees-calculator> attributes and page', () => {
  it('opens the calendar for a click that came before its chunk arrived', async () => {
    let calendar!: HeldRequest
    const { page } = await open('/demo/portal.html?lang=en', {
      before: async (page) => {
        calendar = await hold(page, '**/chunks/CalendarPicker-*')
      },
    })
    await page.locator('fees-calculator .fc[data-state=loaded]').waitFor()
    await page.locator('fees-calculator button[part=date]').click()
    expect(await page.locator('fees-calculator .react-datepicker').count()).toBe(0)
    await calendar.release()
    await page.locator('fees-calculator .react-datepicker').waitFor()
    expect(
      await page.evaluate(() =>
        document.querySelector('fees-calculator')!.shadowRoot!.activeElement?.getAttribute('part'),
      ),
    ).toBe('date')
    await page.close()
  })

  it('hides the header and the footer with show-header="false" and show-footer="false"', async () => {
    const { page } = await open('/demo/portal.html')
    await page.locator('fees-calculator [part=header]').waitFor()
    expect(await page.locator('fees-calculator [part=footer]').count()).toBe(1)
    await page.evaluate(() => {
      const element = document.querySelector('fees-calculator')!
      element.setAttribute('show-header', 'false')
      element.setAttribute('show-footer', 'false')
    })
    await page.locator('fees-calculator [part=header]').waitFor({ state: 'detached' })
    expect(await page.locator('fees-calculator [part=footer]').count()).toBe(0)
    await page.close()
  })

  it('keeps its CSS in adopted stylesheets of its shadow root, none in the page', async () => {
    const { page } = await open('/demo/portal.html')
    await page.locator('fees-calculator .fc[data-state=loaded]').waitFor()
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
    await page.close()
  })

  it('is usable at 320 px: nothing wider than the screen', async () => {
    const { page } = await open('/fees', { width: 320 })
    await page.locator('fees-calculator .fc').waitFor()
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    )
    expect(overflow).toBe(0)
    await page.close()
  })

  it('the single-page app: / goes to /fees, which waits for input with zero figures and disabled controls', async () => {
    const { page } = await open('/')
    await page.waitForURL(/\/fees$/)
    await page.locator('fees-calculator .fc[data-state=empty]').waitFor()
    expect(await page.locator('fees-calculator [part=fee-select]').isDisabled()).toBe(true)
    expect(await page.locator('fees-calculator button[part=date]').isDisabled()).toBe(true)
    expect(await page.locator('fees-calculator [part=save-button]').isDisabled()).toBe(true)
    expect(await text(page, '[data-figure=feeAmount]')).toBe((await money(page, 'es', 'USD', [0]))[0])
    await page.close()
  })

  it('the single-page app: /health-check shows version, environment, API root and the API health', async () => {
    const { page } = await open('/health-check')
    const health = page.locator('[data-testid=health-check]')
    await health.locator('[data-health=ok]').waitFor()
    expect(await health.locator('[data-field=version]').textContent()).toMatch(/^\d+\.\d+\.\d+/)
    expect(await health.locator('[data-field=environment]').textContent()).toBe('local')
    expect(await health.locator('[data-field=api-root]').textContent()).toBe('/api/v1')
    // The app's words come from its own catalogue, in the page's language (Spanish unless ?lang=en).
    expect(await health.locator('h1').textContent()).toBe('Estado del servicio')
    expect(await health.locator('[data-field=api-health]').textContent()).toBe('Responde (HTTP 200)')
    await page.close()
  })
})
