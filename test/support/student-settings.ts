/**
 * What the tests of the student's settings (a dark scheme, forced colours,
 * reduced motion, print) read in a page, in any engine: colours as the engine
 * computed them, the styles of the widget's parts, and the page as it would
 * print. Page-side functions take everything they use as arguments, since an
 * engine's driver sends them as text.
 */
import type { TestPage } from './harness.ts'

/**
 * The relative luminance (WCAG 2) of a computed colour: `rgb()`/`rgba()` as every engine writes plain colours, and
 * `color(srgb …)` as Chromium and WebKit write a `color-mix()`. Alpha is left aside: ask for backgrounds that are
 * opaque.
 */
export function luminance(css: string): number {
  const rgb = /^rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)/.exec(css)
  const srgb = /^color\(srgb\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)/.exec(css)
  const channels = rgb ? rgb.slice(1, 4).map((v) => Number(v) / 255) : srgb ? srgb.slice(1, 4).map(Number) : undefined
  if (!channels) throw new Error(`not a colour this test reads: ${css}`)
  const [r, g, b] = channels.map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [
    number,
    number,
    number,
  ]
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

/** The alpha of a computed colour (1 when it has none). */
export function alpha(css: string): number {
  const match = /\/\s*([\d.]+)\)$|^rgba\([^)]*,\s*([\d.]+)\)$/.exec(css)
  return match ? Number(match[1] ?? match[2]) : 1
}

/** Waits until nothing in the widget is halfway through a transition, so that colours read are the final ones. */
export function still(page: TestPage): Promise<boolean> {
  return page.waitFor('transitions to end', () =>
    document
      .querySelector('fees-calculator')!
      .shadowRoot!.getAnimations()
      .every((animation) => animation.playState !== 'running'),
  )
}

/**
 * Computed style properties of the first match of each selector inside the widget's shadow root (null: no match),
 * once they hold still: read until two reads in a row agree, since WebKit does not list a running CSS transition
 * among the animations.
 */
export async function stylesOf<K extends string>(
  page: TestPage,
  selectors: Record<K, string>,
  properties: readonly string[],
): Promise<Record<K, Record<string, string> | null>> {
  await still(page)
  const read = () =>
    page.evaluate(
      (wanted, names) => {
        const root = document.querySelector('fees-calculator')!.shadowRoot!
        const styleOf = (selector: string) => {
          const element = root.querySelector(selector)
          if (!element) return null
          const style = getComputedStyle(element)
          return Object.fromEntries(names.map((name) => [name, style.getPropertyValue(name)]))
        }
        return Object.fromEntries(Object.entries(wanted).map(([key, selector]) => [key, styleOf(selector as string)]))
      },
      selectors as Record<string, string>,
      properties as string[],
    ) as Promise<Record<K, Record<string, string> | null>>
  let last = await read()
  const deadline = Date.now() + 5_000
  for (;;) {
    const next = await read()
    if (JSON.stringify(next) === JSON.stringify(last) || Date.now() > deadline) return next
    last = next
  }
}

/**
 * Styles the widget as it would print, in the engine's screen media: the rules of its `@media print` blocks are
 * adopted as a stylesheet of their own, after the others. For an engine whose driver cannot print or emulate print
 * media (WebKitGTK's), this reads the print rules the engine itself parsed. Gives the number of rules taken.
 */
export function styleAsPrinted(page: TestPage): Promise<number> {
  return page.evaluate(() => {
    const root = document.querySelector('fees-calculator')!.shadowRoot!
    const rules = root.adoptedStyleSheets.flatMap((sheet) =>
      [...sheet.cssRules]
        .filter((rule): rule is CSSMediaRule => rule instanceof CSSMediaRule && /\bprint\b/.test(rule.media.mediaText))
        .flatMap((rule) => [...rule.cssRules].map((inner) => inner.cssText)),
    )
    const printed = new CSSStyleSheet()
    // Paper shows the styles a page ends with: nothing fades from the screen's colours to the printed ones.
    printed.replaceSync(['.fc, .fc * { transition: none !important }', ...rules].join('\n'))
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, printed]
    return rules.length
  })
}

/** The parts of the widget a reader would see. */
const WATCHED_PARTS = {
  'monthly fee': '[part=monthly-fee]',
  summary: '[part=summary]',
  rates: '[part=rates]',
  date: '[part=date]',
  'fee count': '[part=fee-select]',
  schedule: '[part=schedule] tbody tr',
  toasts: '[data-sonner-toaster]',
  calendar: '.react-datepicker',
}

/** Which of the widget's parts are rendered (among those on the page), and the text of every button rendered. */
export function visibleParts(page: TestPage): Promise<{ buttons: string[]; hidden: string[]; shown: string[] }> {
  return page.evaluate((watched) => {
    const root = document.querySelector('fees-calculator')!.shadowRoot!
    const rendered = (element: Element) => element.getClientRects().length > 0
    const present = Object.entries(watched).flatMap(([name, selector]) => {
      const element = root.querySelector(selector)
      return element ? [{ name, shown: rendered(element) }] : []
    })
    return {
      buttons: [...root.querySelectorAll('.fc-button')].filter(rendered).map((button) => button.textContent ?? ''),
      hidden: present.filter((part) => !part.shown).map((part) => part.name),
      shown: present.filter((part) => part.shown).map((part) => part.name),
    }
  }, WATCHED_PARTS)
}
