/**
 * The student's other settings, each engine launched with them as far as its
 * driver can: forced colours (Windows high contrast) in Chromium (emulated
 * media) and Firefox (its "override the page's colours" preference); WebKitGTK
 * has no forced colours. Reduced motion in all three (Chromium: emulated;
 * Firefox: its preference; WebKit: GTK's animations off). Printing: a real PDF
 * from Chromium (DevTools) and Firefox (WebDriver BiDi), read back with
 * pdftotext; WebKit's driver cannot print, so there, as in the other two, the
 * widget's own `@media print` rules are applied on screen and the result read.
 * The pictures, with SCREENS=1 (test/support/pictures.ts): test-results/screens/<engine>-forced-*.png and
 * <engine>-print*.pdf.
 */
import { expect, it } from 'vitest'
import { expectAxeClean } from '../support/axe.ts'
import { keepPdf } from '../support/downloads.ts'
import { hashModePage, UNAVAILABLE } from '../support/fixtures.ts'
import { describeEngines, EVERY_ENGINE, type TestPage } from '../support/harness.ts'
import { alpha, styleAsPrinted, stylesOf, visibleParts } from '../support/student-settings.ts'

/** The outline of the control that has the focus. */
async function focusRing(page: TestPage) {
  return page.evaluate(() => {
    const active = document.querySelector('fees-calculator')!.shadowRoot!.activeElement
    if (!active) return null
    const style = getComputedStyle(active)
    return {
      part: active.getAttribute('part') ?? active.className,
      style: style.outlineStyle,
      width: Number.parseFloat(style.outlineWidth),
      color: style.outlineColor,
    }
  })
}

describeEngines(
  'with forced colours',
  EVERY_ENGINE,
  (suite) => {
    it.each([
      ['es', 1100],
      ['eu', 375],
    ] as const)('shows every focus ring, the chosen day and a busy figure in %s at %i px', async (language, width) => {
      const page = await suite.open(`/demo/portal.html?lang=${language}`, { width })
      await page.loaded()
      await page.screenshot(`${suite.engine}-forced-${width}-${language}`)
      await expectAxeClean(page, 'forced colours')

      // Every control from the fee count to SAVE, in the order Tab takes (Compare, the date, the amount, the
      // schedule's button): each shows a ring. Once the calendar is there: a Tab onto the date's stand-in asks for the
      // calendar, and its arrival swaps the button the focus is on (known open, as for a click), which left the focus
      // nowhere for one reading in a full run.
      await page.calendarReady()
      await page.focus('[part=fee-select]')
      await page.press('Home')
      const rings = [await focusRing(page)]
      while (rings.at(-1)?.part !== 'save-button' && rings.length < 12) {
        await page.press('Tab')
        rings.push(await focusRing(page))
      }
      expect(rings.map((ring) => ring?.part)).toEqual([
        'fee-select',
        'compare-button',
        'date',
        'fc-control fc-amount-input',
        'fc-button fc-button--secondary',
        'save-button',
      ])
      for (const ring of rings) {
        expect(ring!.style, ring!.part).not.toBe('none')
        expect(ring!.width, ring!.part).toBeGreaterThanOrEqual(2)
        expect(alpha(ring!.color), `${ring!.part} ${ring!.color}`).toBeGreaterThan(0.5)
      }

      await page.calendarReady()
      await page.click('button[part=date]')
      await page.waitForInside('.react-datepicker__day--selected')
      const days = await stylesOf(
        page,
        {
          chosen: '.react-datepicker__day--selected',
          other: '.react-datepicker__day:not(.react-datepicker__day--selected)',
        },
        ['background-color', 'color'],
      )
      // The chosen day has a background of its own (the system's highlight), with its text in a different colour.
      expect(alpha(days.chosen!['background-color']!)).toBeGreaterThan(0.5)
      expect(days.chosen!['background-color']).not.toBe(days.other!['background-color'])
      expect(days.chosen!.color).not.toBe(days.chosen!['background-color'])
      await page.screenshot(`${suite.engine}-forced-${width}-${language}-calendar`)
      await page.press('Escape')
      await page.waitForGone('.react-datepicker__day--selected')
      // Else the focus, given back to the date button a few frames later, can leave the fee count before its key.
      await page.focusBackOnDate()

      // A recalculation under way: the monthly fee turns the system's grey, away from the other text.
      const held = suite.pages.hold('/api/v1/Calculator/')
      await page.focus('[part=fee-select]')
      await page.press('ArrowDown')
      await held.arrived
      await page.waitForInside('[part=monthly-fee][aria-busy=true]')
      const busy = await stylesOf(page, { fee: '.fc-highlight-amount', label: '.fc-highlight-label' }, ['color'])
      expect(busy.fee!.color).not.toBe(busy.label!.color)
      held.release()
      await page.settled()
    })
  },
  { settings: { forcedColors: true } },
)

/** Every box in the widget's shadow root (calendar and toasts included) that has a transition or an animation. */
function moving(page: TestPage) {
  return page.evaluate(() => {
    const root = document.querySelector('fees-calculator')!.shadowRoot!
    const durations = (value: string) => value.split(',').map((d) => Number.parseFloat(d))
    return [...root.querySelectorAll('*')]
      .filter((element) => {
        const style = getComputedStyle(element)
        return (
          durations(style.transitionDuration).some((d) => d > 0) ||
          (style.animationName !== 'none' && durations(style.animationDuration).some((d) => d > 0))
        )
      })
      .map((element) => `${element.localName}.${element.className}`.slice(0, 60))
      .concat(root.getAnimations().map((animation) => `running: ${animation.constructor.name}`))
  })
}

describeEngines(
  'with reduced motion',
  EVERY_ENGINE,
  (suite) => {
    it('has no transition or animation anywhere: card, recalculation, calendar, schedule, toast', async () => {
      const page = await suite.open('/demo/portal.html?lang=es')
      await page.loaded()
      expect(await moving(page)).toEqual([])
      // A recalculation turns the fee grey at once, with nothing running meanwhile.
      const held = suite.pages.hold('/api/v1/Calculator/')
      await page.focus('[part=fee-select]')
      await page.press('ArrowDown')
      await held.arrived
      await page.waitForInside('[part=monthly-fee][aria-busy=true]')
      expect(await moving(page)).toEqual([])
      held.release()
      await page.settled()
      await page.calendarReady()
      await page.click('button[part=date]')
      await page.waitForInside('.react-datepicker__day--selected')
      expect(await moving(page)).toEqual([])
      await page.press('Escape')
      await page.click('[part=save-button]')
      const { versionHashCode } = await page.event('feeOptionSelectedEvent')
      await page.waitForInside('[part=schedule] tbody tr')
      expect(await moving(page)).toEqual([])
      await page.close()

      const restore = suite.pages.refuse('/api/v1/Version/Number', 503, UNAVAILABLE)
      try {
        const reopened = await suite.open('', { html: hashModePage(versionHashCode) })
        reopened.expectError(/^\[fees-calculator\] version number fetch failed|status of 503/)
        await reopened.waitForInside('[data-sonner-toast][data-type=error]')
        expect(await moving(reopened)).toEqual([])
      } finally {
        restore()
      }
    })
  },
  { settings: { reducedMotion: true } },
)

const spaced = (text: string | null) => (text ?? '').replace(/[\s\u00a0\u202f]+/g, ' ').trim()

describeEngines('printed', EVERY_ENGINE, (suite) => {
  it('prints the figures and the open schedule, without buttons or the calendar', async () => {
    const page = await suite.open('/demo/portal.html?lang=es')
    await page.loaded()
    await page.click('.fc-buttons .fc-button--secondary')
    await page.waitForInside('[part=schedule] tbody tr')
    await page.settled()
    await page.calendarReady()
    await page.click('button[part=date]')
    await page.waitForInside('.react-datepicker__day--selected')
    const figures = await page.evaluate(() => {
      const root = document.querySelector('fees-calculator')!.shadowRoot!
      const text = (selector: string) => root.querySelector(selector)?.textContent ?? null
      return {
        fee: text('[data-figure=feeAmount]'),
        total: text('[data-figure=finalFee]'),
        lastDue: [...root.querySelectorAll('[part=schedule] tbody tr')].at(-1)?.children[1]?.textContent ?? null,
        month: text('.react-datepicker__current-month'),
        buttons: [...root.querySelectorAll('.fc-button')].map((button) => button.textContent ?? ''),
      }
    })
    expect(figures.buttons.length).toBeGreaterThan(1)

    const pdf = await page.pdf()
    if (pdf) {
      const text = spaced(keepPdf(pdf, `${suite.engine}-print`).text)
      for (const figure of [figures.fee, figures.total, figures.lastDue, 'Total a pagar'])
        expect(text, String(figure)).toContain(spaced(figure))
      for (const absent of [...figures.buttons, figures.month])
        expect(text, String(absent)).not.toContain(spaced(absent))
    }

    // The same rules as the engine parsed them, on screen: what shows and what does not.
    expect(await styleAsPrinted(page)).toBeGreaterThan(2)
    const parts = await visibleParts(page)
    expect(parts.buttons).toEqual([])
    expect(parts.hidden).toEqual(['calendar'])
    expect(parts.shown).toEqual(['monthly fee', 'summary', 'rates', 'date', 'fee count', 'schedule'])
    const ink = await stylesOf(page, { title: '[part=title]', fee: '[data-figure=feeAmount]', label: '.fc-label' }, [
      'color',
    ])
    for (const [name, style] of Object.entries(ink)) expect(style!.color, name).toBe('rgb(0, 0, 0)')
  })

  it('prints a saved plan without the toast on screen', async () => {
    const saving = await suite.open('/demo/portal.html?lang=en')
    await saving.loaded()
    await saving.click('[part=save-button]')
    const { versionHashCode } = await saving.event('feeOptionSelectedEvent')
    await saving.close()
    const restore = suite.pages.refuse('/api/v1/Version/Number', 503, UNAVAILABLE)
    try {
      const page = await suite.open('', { html: hashModePage(versionHashCode) })
      page.expectError(/^\[fees-calculator\] version number fetch failed|status of 503/)
      await page.waitForInside('[data-sonner-toast][data-type=error]')
      const toast = await page.text('[data-sonner-toast] [data-title]')
      const fee = await page.text('[data-figure=feeAmount]')
      const pdf = await page.pdf()
      if (pdf) {
        const text = spaced(keepPdf(pdf, `${suite.engine}-print-saved`).text)
        expect(text).toContain(spaced(fee))
        expect(text).not.toContain(spaced(toast))
      }
      await styleAsPrinted(page)
      const parts = await visibleParts(page)
      expect(parts.hidden).toEqual(['toasts'])
      expect(parts.shown).toEqual(expect.arrayContaining(['monthly fee', 'summary', 'rates']))
    } finally {
      restore()
    }
  })
})
