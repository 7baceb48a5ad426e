/**
 * Three widths in every engine and each of the six languages (Basque and Galician words are the longest), one page
 * per width going through them: a desktop portal (1100 px),
 * a phone (375 px) and a CRM's side column (224 px wide, at the right edge of
 * a desktop page). No text cut off, nothing wider than its room, every target
 * at least 24 × 24 px (WCAG 2.5.8), the calendar inside the viewport. With
 * SCREENS=1 the screenshots land in test-results/screens/<engine>-<width>-<language>.png
 * (and -calendar.png): look at them after a change of CSS.
 */
import { expect, it } from 'vitest'
import { LANGUAGES } from '../../src/domain/language.ts'
import { describeEngines, EVERY_ENGINE, savedPlans } from '../support/harness.ts'
import { layoutProblems, MIN_TARGET_PX, sideColumn } from '../support/layout.ts'

const CASES = [
  { width: 1100, height: 900 },
  { width: 375, height: 812 },
  { width: 224, height: 900 },
] as const
describeEngines('<fees-calculator> at every width', EVERY_ENGINE, (suite) => {
  // The save bar comes after the first figures, from a chunk of its own: its place is kept as tall as the bar, so
  // nothing below the card moves when it comes. A new plan at each width; a saved plan opened by its hash, which has
  // the schedule's button alone, on a desktop and a phone.
  const saved = savedPlans(suite)
  const savedPage = (hash: string) => `<!doctype html><html lang="es"><head><meta charset="utf-8">
<script type="module" src="/dist/fees-calculator.js"></script></head>
<body><fees-calculator version-hash-code="${hash}"></fees-calculator></body></html>`
  const barCases = [
    ...CASES.map((size) => ({ ...size, byHash: false })),
    ...CASES.slice(0, 2).map((size) => ({ ...size, byHash: true })),
  ]
  for (const { width, height, byHash } of barCases)
    it(`${width} px, ${byHash ? 'a saved plan opened by its hash' : 'a new plan'}: nothing below the card moves when the save bar comes`, async () => {
      const page = byHash
        ? await suite.open('', { width, height, html: savedPage(saved.es!) })
        : width === 224
          ? await suite.open('', { width: 1100, height, html: sideColumn('es', await suite.demo.token()) })
          : await suite.open('/demo/portal.html', { width, height })
      await page.waitForInside('.fc:is([data-state=loaded],[data-state=locked])')
      await page.settled()
      // The bar as drawn, and its place as it was before it came: an empty one put beside it, in the same layout.
      const heights = await page.evaluate(() => {
        const bar = document.querySelector('fees-calculator')!.shadowRoot!.querySelector('.fc-actions')!
        const place = document.createElement('div')
        place.className = 'fc-actions'
        bar.after(place)
        const measured = { bar: bar.getBoundingClientRect().height, place: place.getBoundingClientRect().height }
        place.remove()
        return measured
      })
      expect(heights.place).toBeCloseTo(heights.bar, 1)
    })

  for (const { width, height } of CASES) {
    // One page per width, going through the languages as a host switching them would (the first load in each
    // language: languages.test.ts); what each language's words do to the layout is read in each.
    it(`${width} px, in every language: nothing cut, nothing too small, the calendar on screen`, async () => {
      const [first] = LANGUAGES
      const page =
        width === 224
          ? await suite.open('', { width: 1100, height, html: sideColumn(first, await suite.demo.token()) })
          : await suite.open(`/demo/portal.html?lang=${first}`, { width, height })
      await page.loaded()
      const found: Record<string, unknown> = {}
      for (const language of LANGUAGES) {
        if (language !== first) {
          await page.changeInput({ language })
          await page.waitForInside(`.fc[lang=${language}][data-state=loaded]`)
          await page.settled()
        }
        const shot = `${suite.engine}-${width}-${language}`
        const closed = await layoutProblems(page, MIN_TARGET_PX)

        await page.calendarReady()
        await page.click('button[part=date]')
        await page.waitForInside(`.react-datepicker[lang=${language}] .react-datepicker__day--selected`)
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
        await page.screenshot(`${shot}-calendar`, calendar.viewport)
        await page.press('Escape')
        await page.waitForGone('.react-datepicker')
        // The CRM column keeps its 224 px in a narrower window: a picture of the column, not of an empty page.
        await page.screenshot(shot, undefined, width === 224 ? 300 : width)
        found[language] = { closed, calendar: calendar.inside, open }
      }
      expect(found).toEqual(
        Object.fromEntries(LANGUAGES.map((language) => [language, { closed: [], calendar: true, open: [] }])),
      )
    })
  }
})
