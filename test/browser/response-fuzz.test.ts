/**
 * Response fuzzing through the built element in Chromium: a few hundred
 * generated answers (test/support/answers.ts) replayed by a real loopback
 * server, each asked for by a change of the fee count. After each: no page
 * error, no "NaN", "Invalid Date" or "undefined" on screen, exactly one event
 * (the result, or a failed calculation with its code), and the plan on screen
 * kept on a refusal. The last, good answer is shown.
 */
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TuitionPayload } from '../../src/domain/types.ts'
import { type Answer, answers } from '../support/answers.ts'
import { standInFeesTable } from '../support/fixtures.ts'
import type { RecordingWindow } from '../support/pages.ts'
import { startRecordingServer } from '../support/recording-server.ts'
import { ALLOW_LOOPBACK_CROSS_ORIGIN, browserSuite, openHostPage } from './harness.ts'
import { events, settled, text, waitForEvent } from './screen-helpers.ts'

const ANSWERS = 200

// No token: the calls carry no credentials, so the replaying server needs no CORS rule for Authorization.
const input = {
  currency: 'EUR',
  dateOfPayment: '2099-01-05',
  numberOfFees: 12,
  finalAmount: 6000,
  system: 2,
  financialType: 0,
  language: 'en',
  contractId: 'Z-1',
}
const good = (n: number) =>
  standInFeesTable({ ...input, numberOfFees: n } as TuitionPayload, { tin: 0.05, tae: 0.0512 })

const suite = browserSuite({ args: ALLOW_LOOPBACK_CROSS_ORIGIN })
let api: Awaited<ReturnType<typeof startRecordingServer>>
let next: Answer[] = []
beforeAll(async () => {
  api = await startRecordingServer(() => {
    const answer = next.shift() ?? { status: 503, text: null, contentType: 'text/plain' }
    return { status: answer.status, raw: answer.text ?? '', contentType: answer.contentType }
  })
})
afterAll(() => api?.close())

describe(`response fuzzing in Chromium (${ANSWERS} answers)`, () => {
  it('shows every good answer, refuses every other through invalidTuitionEvent, and never shows nonsense', async () => {
    next = [{ status: 200, text: JSON.stringify(good(12)), contentType: 'application/json' }]
    const { page, log } = await openHostPage(
      suite,
      `api-base="${api.origin}/api/v1" tuition-input='${JSON.stringify(input)}'`,
    )
    await waitForEvent(page, 'calculationResultReceivedEvent')
    await settled(page)

    const generated = fc.sample(answers(good(13), ['firstPaymentDate']), { numRuns: ANSWERS, seed: 20261122 })
    for (const [k, answer] of generated.entries()) {
      const before = (await events(page)).length
      const shown = await text(page, '[data-figure=feeAmount]')
      const count = await page.locator('fees-calculator [part=fee-select]').inputValue()
      next = [answer]
      await page.locator('fees-calculator [part=fee-select]').selectOption(count === '13' ? '14' : '13')
      await page.waitForFunction((n) => (window as unknown as RecordingWindow).__fcEvents.length > n, before)
      await settled(page)
      const sent = (await events(page)).slice(before)
      expect(sent, `answer ${k}: ${JSON.stringify(answer).slice(0, 200)}`).toHaveLength(1)
      if (sent[0]!.name === 'invalidTuitionEvent') {
        expect(['invalid_response', 'invalid_date', 'request_failed']).toContain(
          (sent[0]!.detail as { code: string }).code,
        )
        expect(await text(page, '[data-figure=feeAmount]')).toBe(shown)
      } else {
        expect(sent[0]!.name).toBe('calculationResultReceivedEvent')
      }
      expect(await page.locator('fees-calculator').evaluate((el) => el.shadowRoot!.textContent)).not.toMatch(
        /NaN|Invalid Date|undefined|Infinity/,
      )
    }

    next = [{ status: 200, text: JSON.stringify(good(20)), contentType: 'application/json' }]
    await page.locator('fees-calculator [part=fee-select]').selectOption('20')
    await page.waitForFunction(() => (window as unknown as RecordingWindow).__fcEvents.at(-1)?.detail?.totalFees === 20)
    expect(log.errors).toEqual([])
    await page.close()
  }, 240_000)
})
