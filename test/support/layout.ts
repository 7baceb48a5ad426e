/**
 * How the widget's layout is read in a browser test: text cut off, boxes out of their room, targets too small
 * (WCAG 2.5.8), and the CRM page whose 224 px side column holds the calculator.
 */
import type { Language } from '../../src/domain/language.ts'
import { tuitionInput } from './fixtures.ts'
import type { TestPage } from './harness.ts'

/** WCAG 2.5.8's smallest target. */
export const MIN_TARGET_PX = 24
/** Text for screen readers only, icons, and the calendar's focus sentinels (no box to hit): not checked. */
const HIDDEN_FOR_SIGHT =
  '.fc-visually-hidden, .react-datepicker__sr-only, .react-datepicker__navigation-icon, [class*=tab-loop], svg, [aria-hidden=true]'

/** What is wrong with the layout inside the first element: cut text, boxes out of their room, small targets. */
export function layoutProblems(page: TestPage, minTarget: number) {
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
export const sideColumn = (language: Language, token: string) =>
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
