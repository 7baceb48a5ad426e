/**
 * The main flows against a backend that is not ours (test/support/foreign-backend.ts):
 * date-times without a zone, extra fields, money with every decimal of a
 * double. Calculate, recalculate by fee count and by date, save, reopen by
 * hash, and the schedule — through the built element, cross-origin.
 */
import { expect, it } from 'vitest'
import { SCREEN_NONSENSE } from '../support/answers.ts'
import { ALLOW_LOOPBACK_CROSS_ORIGIN } from '../support/chromium.ts'
import { startForeignBackend } from '../support/foreign-backend.ts'
import { describeEngines, started } from '../support/harness.ts'
import { money } from '../support/screen.ts'

const input = {
  currency: 'EUR',
  dateOfPayment: '2099-03-31',
  numberOfFees: 12,
  finalAmount: 6000,
  system: 2,
  financialType: 0,
  language: 'en',
  token: 'token-of-another-identity-provider',
  studyIdName: 'Grado en Historia',
  contractId: 'F-1',
}

const embedded = () => `tuition-input='${JSON.stringify(input)}'`

describeEngines(
  'against a backend that is not ours',
  ['chromium'],
  (suite) => {
    const foreign = started(startForeignBackend)

    /** A host page of the demo server's origin whose element talks to the foreign API. */
    const open = (attributes: string) =>
      suite.open('', {
        html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><script type="module" src="/dist/fees-calculator.js"></script></head>
<body><fees-calculator api-base="${foreign().api}" ${attributes}></fees-calculator></body></html>`,
      })

    it('calculates and recalculates: its date-times are read as UTC days and its long decimals shown to the cent', async () => {
      const page = await open(embedded())
      const first = await page.event('calculationResultReceivedEvent')
      await page.settled()
      expect(first.firstPaymentDate).toBe('2099-03-31')
      expect(first).not.toHaveProperty('calculatedAt')
      expect(first).not.toHaveProperty('_links')
      expect(String(first.feeAmount).split('.')[1]?.length).toBeGreaterThan(2)
      const [fee, interests] = await money(page, 'en', 'EUR', [first.feeAmount, first.interests])
      expect(await page.text('[data-figure=feeAmount]')).toBe(fee)
      expect(await page.text('[data-figure=interests]')).toBe(interests)
      // Its own fee range (6 to 36), not the reference API's.
      expect(await page.playwright.locator('fees-calculator [part=fee-select] option').count()).toBe(31)

      await page.playwright.locator('fees-calculator [part=fee-select]').selectOption('18')
      const second = await page.event('calculationResultReceivedEvent', 2)
      expect(second.totalFees).toBe(18)
      await page.settled()
      expect(await page.text('[data-figure=feeAmount]')).toBe((await money(page, 'en', 'EUR', [second.feeAmount]))[0])

      // A date through the calendar: the 30th of the next month shown.
      await page.playwright.locator('fees-calculator .fc-date-button').click()
      const calendar = page.playwright.locator('fees-calculator .react-datepicker')
      await calendar.waitFor()
      await calendar.locator('.react-datepicker__navigation--next').click()
      await calendar.locator('.react-datepicker__day--030:not(.react-datepicker__day--outside-month)').click()
      const third = await page.event('calculationResultReceivedEvent', 3)
      expect(third.firstPaymentDate).toMatch(/^2099-04-30$/)
      expect(third.totalFees).toBe(18)
      expect((await page.events()).map((e) => e.name)).toEqual(Array(3).fill('calculationResultReceivedEvent'))
    })

    it('saves (locked, its own hash), shows the schedule with its dates, and reopens the version by hash', async () => {
      const page = await open(embedded())
      await page.event('calculationResultReceivedEvent')
      await page.settled()
      await page.playwright.locator('fees-calculator [part=save-button]').click()
      const saved = await page.event('feeOptionSelectedEvent')
      expect(saved.versionHashCode).toMatch(/^fx/)
      expect(saved.versionNumber).toBe(1)
      expect(saved.fees.map((fee: { dueDate: string }) => fee.dueDate).slice(0, 4)).toEqual([
        '2099-03-31',
        '2099-04-30',
        '2099-05-31',
        '2099-06-30',
      ])
      expect(saved.fees[0]).not.toHaveProperty('rowId')
      await page.playwright.locator('fees-calculator .fc[data-state=locked]').waitFor()
      const rows = page.playwright.locator('fees-calculator [part=schedule] tbody tr')
      await rows.first().waitFor()
      expect(await rows.count()).toBe(12)
      expect(await page.playwright.locator('fees-calculator [part=schedule]').textContent()).not.toMatch(
        SCREEN_NONSENSE,
      )

      const reopened = await open(`version-hash-code="${saved.versionHashCode}" api-key="foreign-key"`)
      const loaded = await reopened.event('calculationResultReceivedEvent')
      expect(loaded.firstPaymentDate).toBe('2099-03-31')
      await reopened.settled()
      await expect.poll(() => reopened.text('[data-figure=versionNumber]')).toBe('1')
      expect(foreign().requests).toContain(`GET /api/v2/Calculator/feestable/${saved.versionHashCode}`)
    })
  },
  { chromiumArgs: ALLOW_LOOPBACK_CROSS_ORIGIN },
)
