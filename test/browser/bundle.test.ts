import { describe, expect, it } from 'vitest'
import { browserSuite } from './harness.ts'
import { nextEvent } from './screen-helpers.ts'

/** A bare host page on the demo server's origin that loads the shipped bundle with a script tag. */
const HOST_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>host</title>
<script type="module" src="/dist/fees-calculator.js"></script></head>
<body><fees-calculator id="calc"></fees-calculator></body></html>`

describe('the built bundle dist/fees-calculator.js', () => {
  const suite = browserSuite()

  async function hostPage(html = HOST_PAGE) {
    const page = await suite.open('/host.html', { html })
    await page.waitForFunction(() => customElements.get('fees-calculator') !== undefined)
    return { page, seen: suite.logOf(page) }
  }

  it('registers <fees-calculator>, calculates a tuitionInput set as a property, and sends calculationResultReceivedEvent', async () => {
    const { page, seen } = await hostPage()
    const token = await suite.demo.token()
    const event = nextEvent<{ totalFees: number; feeAmount: number; currency: string }>(
      page,
      'calculationResultReceivedEvent',
    )
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
    const detail = await event
    expect(detail).toMatchObject({ totalFees: 12, currency: 'EUR' })
    expect(detail.feeAmount).toBeGreaterThan(500)
    await expect
      .poll(() => page.locator('fees-calculator').getByText('Grado en Matemáticas').count())
      .toBeGreaterThan(0)
    expect(await page.evaluate(() => document.querySelector('fees-calculator')!.shadowRoot?.mode)).toBe('open')
    expect(seen.errors).toEqual([])
    await page.close()
  })

  it('survives being loaded twice from two script tags', async () => {
    const twice = HOST_PAGE.replace(
      '</head>',
      '<script type="module" src="/dist/fees-calculator.js?copy=2"></script></head>',
    )
    const { page, seen } = await hostPage(twice)
    await page.waitForTimeout(200)
    expect(seen.errors).toEqual([])
    await page.close()
  })

  it('answers a malformed tuition-input attribute with invalidTuitionEvent, and no page error', async () => {
    const { page, seen } = await hostPage()
    const event = nextEvent<{ code: string }>(page, 'invalidTuitionEvent')
    await page.evaluate(() => document.querySelector('fees-calculator')!.setAttribute('tuition-input', '{not json'))
    expect((await event).code).toBe('invalid_json')
    expect(seen.errors).toEqual([])
    await page.close()
  })
})
