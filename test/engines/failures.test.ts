/**
 * The failure states of a calculation in every engine, with axe-core's WCAG 2.2 AA tags: the card says why
 * the plan could not be calculated (an alert, with Try again) and Try again calculates; an amount the API
 * refuses stays in its field, marked and explained.
 */
import { expect, it } from 'vitest'
import { describeEngines } from '../support/engines.ts'
import { UNAVAILABLE } from '../support/fixtures.ts'
import { expectAxeClean } from './axe.ts'

const WORDS = {
  es: { unavailable: 'no está disponible', refused: 'El pago parcial no puede ser mayor que el importe.' },
  en: { unavailable: 'not available', refused: 'The partial payment cannot be larger than the amount.' },
} as const

describeEngines('a calculation that fails', (suite) => {
  it.each([
    ['es', 375],
    ['en', 1100],
  ] as const)('says why in %s at %i px, axe-clean, and Try again calculates', async (language, width) => {
    const restore = suite.pages.refuse('/api/v1/Calculator/CalculateFeeOptions', 503, UNAVAILABLE)
    const page = await suite.open(`/demo/portal.html?lang=${language}`, { width })
    // Chromium logs every refused request on the console: these are the test's own.
    page.expectError(/status of 503/)
    try {
      await page.waitForInside('[part=failure][role=alert]')
      expect(await page.text('[part=failure]')).toContain(WORDS[language].unavailable)
      await page.settled()
      await expectAxeClean(page, 'calculation failed')
      await page.screenshot(`${suite.engine}-${width}-${language}-failure`)
    } finally {
      restore()
    }
    await page.click('[part=failure] button')
    await page.loaded()
    await page.waitForGone('[part=failure]')
    await page.close()
  })

  it.each(['es', 'en'] as const)('keeps an amount the API refuses in its field in %s, explained', async (language) => {
    const page = await suite.open(`/demo/portal.html?lang=${language}&type=1`)
    page.expectError(/status of 422/)
    await page.loaded()
    await page.click('input[data-figure=partialPayment]')
    await page.type('7000')
    await page.press('Tab')
    await page.waitForInside('input[data-figure=partialPayment][aria-invalid=true]')
    expect(await page.text('.fc-field-error')).toBe(WORDS[language].refused)
    await page.settled()
    await expectAxeClean(page, 'amount refused by the API')
    await page.close()
  })
})
