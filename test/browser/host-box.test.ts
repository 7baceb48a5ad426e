/**
 * The element's box belongs to the host page: its CSS on <fees-calculator>
 * (display, none included, margin, width, position, grid and flex placement)
 * works as on any block element, while what the page's styles would pass down
 * stops inside (test/browser/hardening.test.ts holds the isolation). And
 * `element.focus()` moves the focus to the calculator's first control.
 */
import { describe, expect, it } from 'vitest'
import { tuitionInput } from '../support/fixtures.ts'
import { describeEngines, type TestPage } from '../support/harness.ts'

describeEngines("<fees-calculator>'s box", ['chromium'], (suite) => {
  /**
   * A host page with the page's own CSS and markup around the element(s), every
   * element given a tuition input; returned once all of them have calculated
   * (and, if shown, settled).
   */
  async function hostPage(css: string, body: string, { elements = 1, shown = true } = {}): Promise<TestPage> {
    const page = await suite.open('', {
      html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><style>body { margin: 0 } ${css}</style>
      <script type="module" src="/dist/fees-calculator.js"></script></head><body>${body}</body></html>`,
    })
    const input = tuitionInput({ token: await suite.demo.token(), dateOfPayment: '2030-01-05' })
    await page.waitFor('the element defined', () => customElements.get('fees-calculator') !== undefined)
    await page.evaluate((value) => {
      for (const element of document.querySelectorAll('fees-calculator')) element.tuitionInput = value
    }, input)
    await page.event('calculationResultReceivedEvent', elements)
    if (shown) await page.settled()
    return page
  }

  /** The element's box as the page lays it out. */
  function box(page: TestPage, selector = 'fees-calculator') {
    return page.evaluate((s) => {
      const element = document.querySelector(s)!
      const rect = element.getBoundingClientRect()
      const style = getComputedStyle(element)
      return { x: rect.x, y: rect.y, width: rect.width, height: rect.height, display: style.display }
    }, selector)
  }

  describe("<fees-calculator>'s box is the host page's", () => {
    it.each([
      ['an inline style', '', '<fees-calculator style="display: none"></fees-calculator>'],
      [
        "Bootstrap's d-none",
        '.d-none { display: none !important; }',
        '<fees-calculator class="d-none"></fees-calculator>',
      ],
      ["Tailwind's hidden", '.hidden { display: none; }', '<fees-calculator class="hidden"></fees-calculator>'],
      ['the hidden attribute', '', '<fees-calculator hidden></fees-calculator>'],
    ])('is hidden by display: none from %s', async (_how, css, body) => {
      const page = await hostPage(css, body, { shown: false })
      expect(await box(page)).toMatchObject({ width: 0, height: 0, display: 'none' })
    })

    it('takes width, margin and its grid column in a two-column grid', async () => {
      const page = await hostPage(
        'main { display: grid; grid-template-columns: 400px 600px; }',
        '<main><p>first column</p><fees-calculator style="width: 300px; margin: 40px; grid-column: 2"></fees-calculator></main>',
      )
      expect(await box(page)).toMatchObject({ x: 440, y: 40, width: 300, display: 'block' })
    })

    it('takes max-width, absolute position, inline-block and its share of a flex row', async () => {
      const page = await hostPage(
        '.row { display: flex; width: 1000px; } .row > * { flex: 1 1 0; min-width: 0; } #abs { position: absolute; left: 25px; top: 700px; max-width: 350px; } #inline { display: inline-block; }',
        '<div class="row"><div>aside</div><fees-calculator id="flex"></fees-calculator></div><fees-calculator id="abs"></fees-calculator><fees-calculator id="inline"></fees-calculator>',
        { elements: 3 },
      )
      expect(await box(page, '#flex')).toMatchObject({ x: 500, width: 500 })
      expect(await box(page, '#abs')).toMatchObject({ x: 25, y: 700, width: 350 })
      // Sized to its content, it asks for its full width (880 px, the default --fc-max-width).
      expect(await box(page, '#inline')).toMatchObject({ display: 'inline-block', width: 880 })
    })

    it("keeps its inside as it is when the page styles the host's text", async () => {
      const page = await hostPage(
        'fees-calculator { font: italic 40px serif; color: red; letter-spacing: 5px; text-transform: uppercase; text-align: right; cursor: wait; }',
        '<fees-calculator></fees-calculator>',
      )
      const inside = await page.evaluate(() => {
        const style = getComputedStyle(
          document.querySelector('fees-calculator')!.shadowRoot!.querySelector('[part=fee-select]')!,
        )
        return {
          fontSize: style.fontSize,
          fontStyle: style.fontStyle,
          color: style.color,
          letterSpacing: style.letterSpacing,
          textTransform: style.textTransform,
          cursor: style.cursor,
        }
      })
      expect(inside).toEqual({
        fontSize: '16px',
        fontStyle: 'normal',
        color: expect.not.stringMatching(/^rgb\(255, 0, 0\)$/),
        letterSpacing: 'normal',
        textTransform: 'none',
        cursor: expect.not.stringMatching(/^wait$/),
      })
    })
  })

  describe('element.focus()', () => {
    it("moves the focus to the calculator's first control, as a multi-step form does", async () => {
      const page = await hostPage('', '<button id="before">Back</button><fees-calculator></fees-calculator>')
      await page.evaluate(() => (document.querySelector('#before') as HTMLElement).focus())
      await page.evaluate(() => document.querySelector('fees-calculator')!.focus())
      const focused = await page.evaluate(() => ({
        host: document.activeElement?.localName,
        inside: document.querySelector('fees-calculator')!.shadowRoot!.activeElement?.getAttribute('part'),
      }))
      expect(focused).toEqual({ host: 'fees-calculator', inside: 'fee-select' })
    })
  })
})
