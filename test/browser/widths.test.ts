/**
 * Three widths in every engine and each of the six languages (Basque and Galician words are the longest): a desktop portal (1100 px),
 * a phone (375 px) and a CRM's side column (224 px wide, at the right edge of
 * a desktop page). No text cut off, nothing wider than its room, every target
 * at least 24 × 24 px (WCAG 2.5.8), the calendar inside the viewport. The
 * screenshots land in test-results/screens/<engine>-<width>-<language>.png
 * (and -calendar.png): look at them after a change of CSS.
 */
import { expect, it } from 'vitest'
import { LANGUAGES } from '../../src/domain/language.ts'
import { describeEngines, EVERY_ENGINE } from '../support/harness.ts'
import { layoutProblems, MIN_TARGET_PX, sideColumn } from '../support/layout.ts'

const CASES = [
  { width: 1100, height: 900 },
  { width: 375, height: 812 },
  { width: 224, height: 900 },
] as const
describeEngines('<fees-calculator> at every width', EVERY_ENGINE, (suite) => {
  for (const { width, height } of CASES) {
    it.each(LANGUAGES)(
      `${width} px, in %s: nothing cut, nothing too small, the calendar on screen`,
      async (language) => {
        const page =
          width === 224
            ? await suite.open('', { width: 1100, height, html: sideColumn(language, await suite.demo.token()) })
            : await suite.open(`/demo/portal.html?lang=${language}`, { width, height })
        await page.loaded()
        const shot = `${suite.engine}-${width}-${language}`
        const closed = await layoutProblems(page, MIN_TARGET_PX)

        await page.calendarReady()

        await page.click('button[part=date]')
        await page.waitForInside('.react-datepicker__day--selected')
        const calendar = await page.evaluate(() => {
          const box = document
            .querySelector('fees-calculator')!
            .shadowRoot!.querySelector('.react-datepicker')!
            .getBoundingClientRect()
          return {
            inside:
              box.left >= 0 && box.top >= 0 && box.right <= innerWidth && box.bottom <= innerHeight
                ? true
                : `${Math.round(box.left)},${Math.round(box.top)}–${Math.round(box.right)},${Math.round(box.bottom)} in ${innerWidth} × ${innerHeight}`,
            viewport: innerHeight,
          }
        })
        const open = await layoutProblems(page, MIN_TARGET_PX)
        // Pictures first, so that a failure has them too.
        await page.screenshot(`${shot}-calendar`, calendar.viewport)
        await page.press('Escape')
        await page.waitForGone('.react-datepicker')
        // The CRM column keeps its 224 px in a narrower window: a picture of the column, not of an empty page.
        await page.screenshot(shot, undefined, width === 224 ? 300 : width)
        expect(closed).toEqual([])
        expect(calendar.inside).toBe(true)
        expect(open).toEqual([])
      },
    )
  }
})
