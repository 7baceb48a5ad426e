/**
 * A server writes a problem's `detail` in its own words (English, most often): the card never shows it, whatever
 * the problem's code (one the widget has no sentence for included), in Chromium, Firefox and WebKit; it says the
 * refusal in its own language. Read from what the card renders: its text and every text an assistive technology
 * reads.
 */
import { expect, it } from 'vitest'
import { LANGUAGES } from '../../src/domain/language.ts'
import { describeEngines, EVERY_ENGINE, type TestPage } from '../support/harness.ts'

/** A refusal with a code no widget knows and an English sentence of the server's own. */
const PROBLEM = {
  type: 'https://api.example.edu/problems/tuition-cap',
  title: 'Unprocessable Content',
  code: 'tuition_cap_exceeded',
  detail: 'The tuition amount exceeds the cap of this programme.',
}

/** Everything the card says: its text, and the names and descriptions its attributes give. */
const cardWords = (page: TestPage) =>
  page.evaluate(() => {
    const root = document.querySelector('fees-calculator')!.shadowRoot!
    const attributes = [...root.querySelectorAll('*')].flatMap((element) =>
      ['aria-label', 'aria-description', 'title', 'placeholder', 'alt']
        .map((name) => element.getAttribute(name))
        .filter((value): value is string => !!value),
    )
    return [root.textContent ?? '', ...attributes].join('\n')
  })

describeEngines('a server problem with a detail of its own', EVERY_ENGINE, (suite) => {
  it.each(LANGUAGES)('never reaches the card (%s)', async (language) => {
    const page = await suite.open(`/demo/portal.html?lang=${language}`)
    // Chromium logs every refused request on the console: these are the test's own.
    page.expectError(/status of 422/)
    await page.loaded()
    const restore = suite.pages.refuse('/api/v1/Calculator/CalculateFeeOptions', 422, PROBLEM)
    try {
      // The calendar's chunk swaps the date's stand-in, which can scroll the page under a click: the student's click
      // comes once it is there (see calendarReady).
      await page.calendarReady()
      await page.click('input[data-figure=initialAmount]')
      await page.type('7000')
      await page.press('Tab')
      await page.waitForInside('input[data-figure=initialAmount][aria-invalid=true][aria-describedby]')
      await page.settled()
      const said = await cardWords(page)
      expect(await page.text('.fc-field-error')).not.toBe('')
      expect(said).not.toContain(PROBLEM.detail)
      // Any of the detail's words, on a card whose own words are not English.
      if (language !== 'en') expect(said).not.toMatch(/tuition amount|exceeds|programme/i)
    } finally {
      restore()
    }
  })
})
