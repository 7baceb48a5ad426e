import { expect, it } from 'vitest'
import { tuitionInput } from '../support/fixtures.ts'
import { describeEngines, type TestPage } from '../support/harness.ts'

/** A bare host page on the demo server's origin that loads the shipped bundle with a script tag. */
const HOST_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>host</title>
<script type="module" src="/dist/fees-calculator.js"></script></head>
<body><fees-calculator id="calc"></fees-calculator></body></html>`

describeEngines('the built bundle dist/fees-calculator.js', ['chromium'], (suite) => {
  async function hostPage(html = HOST_PAGE): Promise<TestPage> {
    const page = await suite.open('/host.html', { html })
    await page.waitFor('the element defined', () => customElements.get('fees-calculator') !== undefined)
    return page
  }

  it('registers <fees-calculator>, calculates a tuitionInput set as a property, and sends calculationResultReceivedEvent', async () => {
    const page = await hostPage()
    const token = await suite.demo.token()
    const input = tuitionInput({
      dateOfPayment: '2030-01-05',
      numberOfFees: 12,
      system: 1,
      language: null,
      token,
      contractId: 'C-BUNDLE',
      studyIdName: 'Grado en Matemáticas',
    })
    await page.evaluate((given) => {
      document.querySelector('fees-calculator')!.tuitionInput = given
    }, input)
    const detail = await page.event('calculationResultReceivedEvent')
    expect(detail).toMatchObject({ totalFees: 12, currency: 'EUR' })
    expect(detail.feeAmount).toBeGreaterThan(500)
    await page.waitFor('the degree on the card', () =>
      (document.querySelector('fees-calculator')!.shadowRoot?.textContent ?? '').includes('Grado en Matemáticas'),
    )
    expect(await page.evaluate(() => document.querySelector('fees-calculator')!.shadowRoot?.mode)).toBe('open')
  })

  it('survives being loaded twice from two script tags', async () => {
    const twice = HOST_PAGE.replace(
      '</head>',
      '<script type="module" src="/dist/fees-calculator.js?copy=2"></script></head>',
    )
    const page = await hostPage(twice)
    // A moment for the second copy to run: what it throws is a page error, which fails the test.
    await page.playwright.waitForTimeout(200)
  })

  it('answers a malformed tuition-input attribute with invalidTuitionEvent, and no page error', async () => {
    const page = await hostPage()
    await page.evaluate(() => document.querySelector('fees-calculator')!.setAttribute('tuition-input', '{not json'))
    expect((await page.event('invalidTuitionEvent')).code).toBe('invalid_json')
  })

  it('sends the first calculation of a tuition-input attribute with a token as the element connects, before its first render', async () => {
    const token = await suite.demo.token()
    const input = JSON.stringify({
      currency: 'EUR',
      dateOfPayment: '2030-01-05',
      finalAmount: 6000,
      system: 1,
      financialType: 0,
      token,
    })
    // The element is upgraded when the script runs: it reads the attribute, writes it back without the token (which
    // runs its pending reactions, its connect among them) and connects, within one task; a first render comes later.
    const html = HOST_PAGE.replace(
      '<fees-calculator id="calc"></fees-calculator>',
      `<fees-calculator id="calc" tuition-input='${input}'></fees-calculator>`,
    )
    const page = await suite.open('/host.html', {
      html,
      before: (page) =>
        page.playwright.addInitScript(() => {
          // What happened first, in order: the calculation's fetch, the element's first connect returning, its
          // shadow root's first content (its first render). Times in the page are too coarse to order them.
          const seen: string[] = []
          ;(window as unknown as { __seen: string[] }).__seen = seen
          const note = (what: string) => {
            if (!seen.includes(what)) seen.push(what)
          }
          const send = window.fetch.bind(window)
          window.fetch = (input, init) => {
            if (String(input instanceof Request ? input.url : input).includes('CalculateFeeOptions')) note('sent')
            return send(input, init)
          }
          const define = customElements.define.bind(customElements)
          customElements.define = (name, ctor, options) => {
            const connect = ctor.prototype.connectedCallback
            ctor.prototype.connectedCallback = function (this: HTMLElement) {
              connect.call(this)
              note('connected')
            }
            return define(name, ctor, options)
          }
          const attach = Element.prototype.attachShadow
          Element.prototype.attachShadow = function (this: Element, init: ShadowRootInit) {
            const root = attach.call(this, init)
            new MutationObserver(() => note('rendered')).observe(root, { childList: true, subtree: true })
            return root
          }
        }),
    })
    await page.event('calculationResultReceivedEvent')
    // Read once all three have happened: the event can leave before the card's first content is observed.
    const seen = () => page.evaluate(() => (window as unknown as { __seen: string[] }).__seen)
    await expect.poll(async () => (await seen()).length).toBe(3)
    expect(await seen()).toEqual(['sent', 'connected', 'rendered'])
    expect(await page.playwright.locator('fees-calculator').getAttribute('tuition-input')).not.toContain(token)
  })
})
