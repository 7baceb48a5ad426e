/**
 * The main flows against a backend that is not ours (test/support/foreign-backend.ts):
 * date-times without a zone, extra fields, money with every decimal of a
 * double. Calculate, recalculate by fee count and by date, save, reopen by
 * hash, and the schedule — through the built element, cross-origin.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ForeignBackend, startForeignBackend } from '../support/foreign-backend.ts'
import { ALLOW_LOOPBACK_CROSS_ORIGIN, browserSuite, openHostPage } from './harness.ts'
import { events, money, settled, text, waitForEvent } from './screen-helpers.ts'

const suite = browserSuite({ args: ALLOW_LOOPBACK_CROSS_ORIGIN })
let foreign: ForeignBackend
beforeAll(async () => {
  foreign = await startForeignBackend()
})
afterAll(() => foreign?.close())

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

/** A host page of the demo server's origin whose element talks to the foreign API. */
const open = (attributes: string) => openHostPage(suite, `api-base="${foreign.api}" ${attributes}`)

const embedded = () => `tuition-input='${JSON.stringify(input)}'`

describe('against a backend that is not ours', () => {
  it('calculates and recalculates: its date-times are read as UTC days and its long decimals shown to the cent', async () => {
    const { page, log } = await open(embedded())
    const first = await waitForEvent(page, 'calculationResultReceivedEvent')
    await settled(page)
    expect(first.firstPaymentDate).toBe('2099-03-31')
    expect(first).not.toHaveProperty('calculatedAt')
    expect(first).not.toHaveProperty('_links')
    expect(String(first.feeAmount).split('.')[1]?.length).toBeGreaterThan(2)
    const [fee, interests] = await money(page, 'en', 'EUR', [first.feeAmount, first.interests])
    expect(await text(page, '[data-figure=feeAmount]')).toBe(fee)
    expect(await text(page, '[data-figure=interests]')).toBe(interests)
    // Its own fee range (6 to 36), not the reference API's.
    expect(await page.locator('fees-calculator [part=fee-select] option').count()).toBe(31)

    await page.locator('fees-calculator [part=fee-select]').selectOption('18')
    const second = await waitForEvent(page, 'calculationResultReceivedEvent', 2)
    expect(second.totalFees).toBe(18)
    await settled(page)
    expect(await text(page, '[data-figure=feeAmount]')).toBe((await money(page, 'en', 'EUR', [second.feeAmount]))[0])

    // A date through the calendar: the 30th of the next month shown.
    await page.locator('fees-calculator .fc-date-button').click()
    const calendar = page.locator('fees-calculator .react-datepicker')
    await calendar.waitFor()
    await calendar.locator('.react-datepicker__navigation--next').click()
    await calendar.locator('.react-datepicker__day--030:not(.react-datepicker__day--outside-month)').click()
    const third = await waitForEvent(page, 'calculationResultReceivedEvent', 3)
    expect(third.firstPaymentDate).toMatch(/^2099-04-30$/)
    expect(third.totalFees).toBe(18)
    expect(log.errors).toEqual([])
    expect((await events(page)).map((e) => e.name)).toEqual(Array(3).fill('calculationResultReceivedEvent'))
    await page.close()
  })

  it('saves (locked, its own hash), shows the schedule with its dates, and reopens the version by hash', async () => {
    const { page, log } = await open(embedded())
    await waitForEvent(page, 'calculationResultReceivedEvent')
    await settled(page)
    await page.locator('fees-calculator [part=save-button]').click()
    const saved = await waitForEvent(page, 'feeOptionSelectedEvent')
    expect(saved.versionHashCode).toMatch(/^fx/)
    expect(saved.versionNumber).toBe(1)
    expect(saved.fees.map((fee: { dueDate: string }) => fee.dueDate).slice(0, 4)).toEqual([
      '2099-03-31',
      '2099-04-30',
      '2099-05-31',
      '2099-06-30',
    ])
    expect(saved.fees[0]).not.toHaveProperty('rowId')
    await page.locator('fees-calculator .fc[data-state=locked]').waitFor()
    const rows = page.locator('fees-calculator [part=schedule] tbody tr')
    await rows.first().waitFor()
    expect(await rows.count()).toBe(12)
    expect(await page.locator('fees-calculator [part=schedule]').textContent()).not.toMatch(
      /NaN|Invalid Date|undefined/,
    )

    const reopened = await open(`version-hash-code="${saved.versionHashCode}" api-key="foreign-key"`)
    const loaded = await waitForEvent(reopened.page, 'calculationResultReceivedEvent')
    expect(loaded.firstPaymentDate).toBe('2099-03-31')
    await settled(reopened.page)
    await expect.poll(() => text(reopened.page, '[data-figure=versionNumber]')).toBe('1')
    expect(log.errors).toEqual([])
    expect(reopened.log.errors).toEqual([])
    expect(foreign.requests).toContain(`GET /api/v2/Calculator/feestable/${saved.versionHashCode}`)
    await Promise.all([page.close(), reopened.page.close()])
  })
})
