/**
 * Three widths in every engine and each of the six languages (Basque and Galician words are the longest): a desktop portal (1100 px),
 * a phone (375 px) and a CRM's side column (224 px wide, at the right edge of
 * a desktop page). No text cut off, nothing wider than its room, every target
 * at least 24 × 24 px (WCAG 2.5.8), the calendar inside the viewport. The
 * screenshots land in test-results/screens/<engine>-<width>-<language>.png
 * (and -calendar.png): look at them after a change of CSS.
 */
import { expect, it } from 'vitest'
import { LANGUAGES, type Language } from '../../src/domain/language.ts'
import { tuitionInput } from '../support/fixtures.ts'
import { describeEngines, EVERY_ENGINE, type TestPage } from '../support/harness.ts'

const CASES = [
  { width: 1100, height: 900 },
  { width: 375, height: 812 },
  { width: 224, height: 900 },
] as const
const MIN_TARGET_PX = 24
/** Text for screen readers only, icons, and the calendar's focus sentinels (no box to hit): not checked. */
const HIDDEN_FOR_SIGHT =
  '.fc-visually-hidden, .react-datepicker__sr-only, .react-datepicker__navigation-icon, [class*=tab-loop], svg, [aria-hidden=true]'

/** What is wrong with the layout inside the first element: cut text, boxes out of their room, small targets. */
function layoutProblems(page: TestPage, minTarget: number) {
  return page.evaluate(
    (min, HIDDEN) => {
      const host = document.querySelector('fees-calculator')!
      const root = host.shadowRoot!
      const problems: string[] = []
      const room = host.getBoundingClientRect()
      const name = (el: Element) =>
        `${el.localName}${el.getAttribute('part') ? `[part=${el.getAttribute('part')}]` : ''}.${el.className}`.slice(
          0,
          90,
        )
      const canvas = document.createElement('canvas').getContext('2d')!
      const textWidth = (el: Element, text: string) => {
        const style = getComputedStyle(el)
        canvas.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`
        return canvas.measureText(text).width
      }
      for (const el of root.querySelectorAll('*')) {
        if (el.closest(HIDDEN) || !(el instanceof HTMLElement)) continue
        const box = el.getBoundingClientRect()
        if (box.width === 0 && box.height === 0) continue
        const style = getComputedStyle(el)
        if (!el.closest('#fc-calendar-portal') && (box.left < room.left - 1 || box.right > room.right + 1))
          problems.push(`${name(el)} sticks out of the element: ${Math.round(box.left)}–${Math.round(box.right)}`)
        // A form control's text: what it shows against the room its padding leaves.
        if (el instanceof HTMLSelectElement || el instanceof HTMLInputElement) {
          const text = el instanceof HTMLSelectElement ? (el.selectedOptions[0]?.text ?? '') : el.value
          const inner = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
          if (textWidth(el, text) > inner + 1)
            problems.push(
              `${name(el)} cuts "${text}" (${Math.round(textWidth(el, text))} px in ${Math.round(inner)} px)`,
            )
        } else if (
          style.display !== 'inline' &&
          el.scrollWidth > el.clientWidth + 1 &&
          [...el.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim())
        ) {
          problems.push(`${name(el)} cuts its text "${el.textContent!.trim().slice(0, 40)}"`)
        }
        const target = el.matches('button, select, input, a[href], [tabindex="0"], [role=option]')
        if (target && (box.width < min - 0.5 || box.height < min - 0.5))
          problems.push(`${name(el)} is a ${Math.round(box.width)} × ${Math.round(box.height)} target`)
      }
      const page = document.documentElement
      if (page.scrollWidth > page.clientWidth) problems.push(`the page scrolls sideways: ${page.scrollWidth} px`)
      return problems
    },
    minTarget,
    HIDDEN_FOR_SIGHT,
  )
}

/**
 * The CRM: a desktop page whose right-hand column, 224 px wide, holds the
 * calculator. Its main column may shrink below its heading's width, so that a
 * 300 px picture shows the whole side column.
 */
const sideColumn = (language: Language, token: string) =>
  `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>CRM</title><link rel="icon" href="data:,">
<meta name="viewport" content="width=device-width, initial-scale=1">
<script type="module" src="/dist/fees-calculator.js"></script>
<style>body { margin: 0; display: grid; grid-template-columns: minmax(0, 1fr) 224px; font-family: sans-serif } main { padding: 1rem; overflow: hidden }</style></head>
<body><main><h1>Enrolment C-2026-0001</h1></main><aside><fees-calculator tuition-input='${JSON.stringify(
    tuitionInput({
      token,
      language,
      dateOfPayment: '2030-01-05',
      contractId: 'C-2026-0001',
      studyIdName: 'Grado en Ingeniería Informática',
    }),
  )}'></fees-calculator></aside></body></html>`

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
