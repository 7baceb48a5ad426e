import { expect, it } from 'vitest'
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
    await page.evaluate((bearer) => {
      document.querySelector('fees-calculator')!.tuitionInput = {
        currency: 'EUR',
        dateOfPayment: '2030-01-05',
        finalAmount: 6000,
        numberOfFees: 12,
        system: 1,
        financialType: 0,
        token: bearer,
        contractId: 'C-BUNDLE',
        studyIdName: 'Grado en Matemáticas',
      }
    }, token)
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
})
