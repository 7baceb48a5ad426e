/**
 * What a student and a host page do with <fees-calculator>, in Chromium,
 * Firefox and WebKit alike: pointer and keyboard, save and reopen, the
 * schedule's CSV, a strict CSP, hostile page CSS, two elements, the host's
 * box and element.focus(). A page error or console error fails the test.
 */
import { expect, it } from 'vitest'
import { tuitionInput } from '../support/fixtures.ts'
import { describeEngines, EVERY_ENGINE, type TestPage } from '../support/harness.ts'
import { cardTop, cardTopOf, money } from '../support/screen.ts'

const WORDS = {
  es: { save: 'GUARDAR', monthly: 'Mensual', separator: ';' },
  en: { save: 'SAVE', monthly: 'Monthly', separator: ',' },
} as const

/** Chooses an option of a <select> inside the shadow root as its list does: selected, then input and change. */
function choose(page: TestPage, selector: string, value: string, host = 'fees-calculator') {
  return page.evaluate(
    (h, s, v) => {
      const select = document.querySelector(h)!.shadowRoot!.querySelector(s) as HTMLSelectElement
      select.focus()
      select.value = v
      select.dispatchEvent(new Event('input', { bubbles: true, composed: true }))
      select.dispatchEvent(new Event('change', { bubbles: true }))
    },
    host,
    selector,
    value,
  )
}

/** By keyboard: Enter on the date button, the selected day takes the focus, the next day with the arrow key, Enter. */
async function pickNextDayByKeyboard(page: TestPage): Promise<void> {
  // What reaches the page from here on, for a failure to say whether the key arrived and what it did.
  await page.evaluate(() => {
    const seen: string[] = []
    ;(window as unknown as { __seen: string[] }).__seen = seen
    const start = performance.now()
    for (const type of ['keydown', 'keyup', 'click', 'focusin', 'focusout'])
      window.addEventListener(
        type,
        (event) => {
          const target = event.composedPath()[0] as Element
          const name = target.getAttribute?.('part') ?? target.className?.toString().split(' ')[0] ?? target.nodeName
          const key = event instanceof KeyboardEvent ? ` ${event.key}` : ''
          seen.push(`${Math.round(performance.now() - start)}ms ${type}${key} ${name}`)
        },
        true,
      )
  })
  await page.focus('button[part=date]')
  await page.press('Enter')
  await page
    .waitFor('the selected day to have the focus', () =>
      document
        .querySelector('fees-calculator')!
        .shadowRoot!.activeElement?.classList.contains('react-datepicker__day--selected'),
    )
    .catch(async (error: Error) => {
      // What the student would see: whether the calendar opened, and where the focus is.
      const state = await page.evaluate(() => {
        const root = document.querySelector('fees-calculator')!.shadowRoot!
        return {
          open: !!root.querySelector('.react-datepicker'),
          focus: root.activeElement?.outerHTML.slice(0, 160) ?? `outside: ${document.activeElement?.tagName}`,
          tabStop: root.querySelector('.react-datepicker__day[tabindex="0"]')?.outerHTML.slice(0, 160) ?? null,
          seen: (window as unknown as { __seen: string[] }).__seen,
        }
      })
      throw new Error(`${error.message}: ${JSON.stringify(state)}`)
    })
  await page.press('ArrowRight', 'Enter')
}

const count = async (page: TestPage, name: string) => (await page.events()).filter((e) => e.name === name).length

/** A host page of the demo's origin loading the shipped bundle, with the page's CSS and markup. */
const hostPage = (css: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>host</title><link rel="icon" href="data:,"><style>body { margin: 0 } ${css}</style>
<script type="module" src="/dist/fees-calculator.js"></script></head><body>${body}</body></html>`

const inputAttribute = (input: object) => `tuition-input='${JSON.stringify(input)}'`

describeEngines('<fees-calculator> in every engine', EVERY_ENGINE, (suite) => {
  it.each(['es', 'en'] as const)('renders the API figures formatted for %s', async (language) => {
    const page = await suite.open(`/demo/portal.html?lang=${language}`)
    const result = await page.event('calculationResultReceivedEvent')
    await page.settled()
    expect(await cardTop(page)).toEqual(await cardTopOf(page, language, result))
    expect(await page.text('.fc-chip')).toBe(WORDS[language].monthly)
    expect(await page.text('[part=save-button]')).toBe(WORDS[language].save)
  })

  it('changes the date by pointer and by keyboard, the amount, and the count by keyboard and from the list', async () => {
    const page = await suite.open('/demo/portal.html?lang=en')
    const first = await page.event('calculationResultReceivedEvent')
    await page.settled()

    // The calendar by pointer: open it, pick the 20th of the month shown.
    await page.calendarReady()
    await page.click('button[part=date]')
    await page.waitForInside('.react-datepicker')
    await page.click('.react-datepicker__day--020:not(.react-datepicker__day--outside-month)')
    const second = await page.event('calculationResultReceivedEvent', 2)
    expect(second.firstPaymentDate).toBe(`${first.firstPaymentDate.slice(0, 8)}20`)
    await page.waitForGone('.react-datepicker')
    await page.settled()
    // The pick by pointer leaves the focus on the date button once the late blur has come and been answered. A WebKit
    // run that pressed Enter without this wait failed in the state that moment leaves (the calendar closed, the focus
    // given back to the button): the key can reach the page while the button is without the focus.
    await page.focusBackOnDate()

    // By keyboard: Enter on the date button, the next day with the arrow key, Enter; the focus comes back.
    await pickNextDayByKeyboard(page)
    const third = await page.event('calculationResultReceivedEvent', 3)
    expect(third.firstPaymentDate).toBe(`${first.firstPaymentDate.slice(0, 8)}21`)
    await page.waitForGone('.react-datepicker')
    await page.settled()

    // The amount: click into it (which selects it all), type over it, Enter.
    await page.click('input[data-figure=initialAmount]')
    await page.type('7500')
    await page.press('Enter')
    const fourth = await page.event('calculationResultReceivedEvent', 4)
    expect(fourth).toMatchObject({ initialAmount: 7500, totalFees: 12, firstPaymentDate: third.firstPaymentDate })
    expect(fourth.feeAmount).toBeGreaterThan(third.feeAmount)
    await page.settled()

    // The count by keyboard, then from the list. Last: in WebKitGTK a key on a select can leave its native list
    // open, which then swallows the next click on the page.
    await page.focus('[part=fee-select]')
    await page.press('ArrowDown')
    const fifth = await page.event('calculationResultReceivedEvent', 5)
    expect(fifth).toMatchObject({ totalFees: 13, initialAmount: 7500 })
    expect(fifth.feeAmount).toBeLessThan(fourth.feeAmount)
    await page.settled()
    await choose(page, '[part=fee-select]', '19')
    expect((await page.event('calculationResultReceivedEvent', 6)).totalFees).toBe(19)
  })

  // In WebKit react-datepicker blurs its input after giving it the focus back: the widget returns it to the button.
  it('gives the focus back to the date button after a keyboard pick', async () => {
    const page = await suite.open('/demo/portal.html?lang=es')
    await page.loaded()
    // The calendar's own button, not the stand-in shown while its chunk loads (that one keeps the focus on purpose).
    await page.calendarReady()
    await pickNextDayByKeyboard(page)
    await page.event('calculationResultReceivedEvent', 2)
    await page.waitForGone('.react-datepicker')
    await page.settled()
    await page.focusBackOnDate()
  })

  it('saves: locked, feeOptionSelectedEvent, the schedule and its CSV; the hash reopens it read-only', async () => {
    const page = await suite.open('/demo/portal.html?lang=es')
    await page.loaded()
    await page.click('[part=save-button]')
    const table = await page.event('feeOptionSelectedEvent')
    await page.waitForInside('.fc[data-state=locked]')
    expect(table.versionHashCode).toMatch(/^[\w-]{22,}$/)
    expect(await page.text('[data-figure=versionNumber]')).toBe(String(table.versionNumber))
    // Every event left the shadow root, bubbling and composed, from the element itself.
    const events = await page.events()
    expect(events.map((e) => e.name)).toEqual(['calculationResultReceivedEvent', 'feeOptionSelectedEvent'])
    for (const event of events) expect(event).toMatchObject({ target: 'calculator', bubbles: true, composed: true })

    await page.waitForInside('[part=schedule] tbody tr')
    expect(
      await page.evaluate(
        () =>
          document.querySelector('fees-calculator')!.shadowRoot!.querySelectorAll('[part=schedule] tbody tr').length,
      ),
    ).toBe(table.fees.length)
    await page.click('[part=schedule] .fc-schedule-head button')
    await page.waitFor('the CSV', () =>
      (window as unknown as { __probe: { downloads: unknown[] } }).__probe.downloads.length === 1 ? true : null,
    )
    const [csv] = await page.downloads()
    expect(csv!.name).toMatch(/\.csv$/)
    expect(csv!.type).toMatch(/^text\/csv/)
    const lines = csv!.text.trim().split('\r\n')
    expect(lines).toHaveLength(table.fees.length + 1)
    expect(lines[1]!.split(WORDS.es.separator).slice(0, 2)).toEqual(['1', table.fees[0].dueDate])
    await page.close()

    const reopened = await suite.open(`/fees/${table.versionHashCode}`)
    await reopened.waitForInside(`[data-figure=versionNumber]`)
    await reopened.waitFor(
      'the version number',
      (n) =>
        document
          .querySelector('fees-calculator')!
          .shadowRoot!.querySelector('[data-figure=versionNumber]')!
          .textContent!.trim() === n,
      String(table.versionNumber),
    )
    expect(
      await reopened.evaluate(() => {
        const root = document.querySelector('fees-calculator')!.shadowRoot!
        return {
          save: root.querySelectorAll('[part=save-button]').length,
          select: (root.querySelector('[part=fee-select]') as HTMLSelectElement).disabled,
          dateButton: root.querySelectorAll('button[part=date]').length,
        }
      }),
    ).toEqual({ save: 0, select: true, dateButton: 0 })
  })

  it('works under a strict CSP, styled, calendar included, with no violation', async () => {
    const page = await suite.open('/demo/strict-csp.html?lang=en')
    await page.loaded()
    const background = await page.evaluate(
      () =>
        getComputedStyle(document.querySelector('fees-calculator')!.shadowRoot!.querySelector('[part=save-button]')!)
          .backgroundColor,
    )
    expect(background).not.toMatch(/^rgb\(239, 239, 239\)$|^rgba\(0, 0, 0, 0\)$|^transparent$/)
    await page.calendarReady()
    await page.click('button[part=date]')
    await page.waitForInside('.react-datepicker')
    expect(await page.violations()).toEqual([])
  })

  it('measures the same inside under hostile page CSS as on a blank page', async () => {
    const token = await suite.demo.token()
    const input = inputAttribute(tuitionInput({ token, dateOfPayment: '2030-01-05', contractId: 'C-HOSTILE' }))
    const hostile =
      'html { font-size: 40px !important } * { font-size: 40px !important; color: red !important } button, select, input { display: none !important }'
    const measure = async (css: string) => {
      const page = await suite.open('', {
        html: hostPage(css, `<fees-calculator style="width: 640px" ${input}></fees-calculator>`),
      })
      await page.loaded()
      const styles = await page.evaluate(() => {
        const root = document.querySelector('fees-calculator')!.shadowRoot!
        return ['title', 'monthly-fee', 'fee-select', 'save-button', 'summary', 'date'].map((part) => {
          const element = root.querySelector(`[part~="${part}"]`)!
          const style = getComputedStyle(element)
          const box = element.getBoundingClientRect()
          return {
            part,
            fontSize: style.fontSize,
            color: style.color,
            display: style.display,
            width: Math.round(box.width),
            height: Math.round(box.height),
          }
        })
      })
      await page.close()
      return styles
    }
    const blank = await measure('')
    expect(blank.find((s) => s.part === 'save-button')!.display).not.toBe('none')
    expect(await measure(hostile)).toEqual(blank)
  })

  it('keeps two elements on one page apart: figures, events and changes', async () => {
    const token = await suite.demo.token()
    const a = tuitionInput({ token, dateOfPayment: '2030-01-05', contractId: 'C-TWO-A', language: 'es' })
    const b = tuitionInput({ token, dateOfPayment: '2030-01-05', contractId: 'C-TWO-B', finalAmount: 1200 })
    const page = await suite.open('', {
      html: hostPage(
        '',
        `<fees-calculator id="a" ${inputAttribute(a)}></fees-calculator><fees-calculator id="b" ${inputAttribute(b)}></fees-calculator>`,
      ),
    })
    await page.loaded('#a')
    await page.loaded('#b')
    expect(await page.text('[data-figure=feeAmount]', '#a')).toMatch(/^5\d\d,\d\d\s€$/)
    expect(await page.text('[data-figure=feeAmount]', '#b')).toMatch(/^€1\d\d\.\d\d$/)
    await choose(page, '[part=fee-select]', '24', '#b')
    await page.event('calculationResultReceivedEvent', 3)
    await page.settled('#b')
    const results = (await page.events()).filter((e) => e.name === 'calculationResultReceivedEvent')
    expect(results.map((e) => [e.target, e.detail.totalFees, e.detail.initialAmount]).sort()).toEqual([
      ['a', 12, 6000],
      ['b', 12, 1200],
      ['b', 24, 1200],
    ])
    const [aFee] = await money(page, 'es', 'EUR', [results.find((e) => e.target === 'a')!.detail.feeAmount])
    const [bFee] = await money(page, 'en', 'EUR', [results.at(-1)!.detail.feeAmount])
    expect(await page.text('[data-figure=feeAmount]', '#a')).toBe(aFee)
    expect(await page.text('[data-figure=feeAmount]', '#b')).toBe(bFee)
    expect(await count(page, 'feeOptionSelectedEvent')).toBe(0)
  })

  it("leaves the element's box to the page (display none, width, margin, grid) and focus() reaches the first control", async () => {
    const token = await suite.demo.token()
    const input = inputAttribute(tuitionInput({ token, dateOfPayment: '2030-01-05', contractId: 'C-BOX' }))
    const page = await suite.open('', {
      html: hostPage(
        '.d-none { display: none !important } .hidden { display: none } main { display: grid; grid-template-columns: 400px 600px }',
        `<fees-calculator id="styled" style="display: none" ${input}></fees-calculator>
        <fees-calculator id="bootstrap" class="d-none"></fees-calculator>
        <fees-calculator id="tailwind" class="hidden"></fees-calculator>
        <fees-calculator id="attribute" hidden></fees-calculator>
        <main><p>first column</p><fees-calculator id="placed" style="width: 300px; margin: 40px; grid-column: 2" ${input}></fees-calculator></main>`,
      ),
    })
    await page.loaded('#placed')
    await page.event('calculationResultReceivedEvent', 2)
    const boxes = await page.evaluate(() =>
      [...document.querySelectorAll('fees-calculator')].map((element) => {
        const box = element.getBoundingClientRect()
        return [element.id, box.x, box.y, box.width, box.height, getComputedStyle(element).display]
      }),
    )
    expect(boxes.slice(0, 4)).toEqual(
      ['styled', 'bootstrap', 'tailwind', 'attribute'].map((id) => [id, 0, 0, 0, 0, 'none']),
    )
    expect(boxes[4]!.slice(0, 4)).toEqual(['placed', 440, 40, 300])

    await page.evaluate(() => (document.querySelector('#placed') as HTMLElement).focus())
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('placed')
    expect(await page.focused('#placed')).toBe('fee-select')
  })
})
