/**
 * Response fuzzing through the built element in Chromium: a few hundred
 * generated answers (test/support/answers.ts) replayed by a real loopback
 * server, each asked for by a change of the fee count. After each: no page
 * error, no "NaN", "Invalid Date" or "undefined" on screen, exactly one event
 * (the result, or a failed calculation with its code), and the plan on screen
 * kept on a refusal. The last, good answer is shown.
 */
import fc from 'fast-check'
import { expect, it } from 'vitest'
import type { TuitionPayload } from '../../src/domain/types.ts'
import { type Answer, answers } from '../support/answers.ts'
import { ALLOW_LOOPBACK_CROSS_ORIGIN } from '../support/chromium.ts'
import { standInFeesTable } from '../support/fixtures.ts'
import { describeEngines, started } from '../support/harness.ts'
import type { RecordingWindow } from '../support/page-server.ts'
import { startRecordingServer } from '../support/recording-server.ts'

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

let next: Answer[] = []

describeEngines(
  `response fuzzing (${ANSWERS} answers)`,
  ['chromium'],
  (suite) => {
    const api = started(() =>
      startRecordingServer(() => {
        const answer = next.shift() ?? { status: 503, text: null, contentType: 'text/plain' }
        return { status: answer.status, raw: answer.text ?? '', contentType: answer.contentType }
      }),
    )

    it('shows every good answer, refuses every other through invalidTuitionEvent, and never shows nonsense', async () => {
      next = [{ status: 200, text: JSON.stringify(good(12)), contentType: 'application/json' }]
      const page = await suite.open('', {
        html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><script type="module" src="/dist/fees-calculator.js"></script></head>
<body><fees-calculator api-base="${api().origin}/api/v1" tuition-input='${JSON.stringify(input)}'></fees-calculator></body></html>`,
      })
      // An answer the widget refuses is said on the console (and a failed status by Chromium): the test's own.
      page.expectError(/^\[fees-calculator\]|status of \d{3}/)
      await page.event('calculationResultReceivedEvent')
      await page.settled()

      const generated = fc.sample(answers(good(13), ['firstPaymentDate']), { numRuns: ANSWERS, seed: 20261122 })
      for (const [k, answer] of generated.entries()) {
        const before = (await page.events()).length
        const shown = await page.text('[data-figure=feeAmount]')
        const select = page.playwright.locator('fees-calculator [part=fee-select]')
        const count = await select.inputValue()
        next = [answer]
        await select.selectOption(count === '13' ? '14' : '13')
        await page.waitFor(
          'the next event',
          (n) => (window as unknown as RecordingWindow).__fcEvents.length > n,
          before,
        )
        await page.settled()
        const sent = (await page.events()).slice(before)
        expect(sent, `answer ${k}: ${JSON.stringify(answer).slice(0, 200)}`).toHaveLength(1)
        if (sent[0]!.name === 'invalidTuitionEvent') {
          expect(['invalid_response', 'invalid_date', 'request_failed']).toContain(
            (sent[0]!.detail as { code: string }).code,
          )
          expect(await page.text('[data-figure=feeAmount]')).toBe(shown)
        } else {
          expect(sent[0]!.name).toBe('calculationResultReceivedEvent')
        }
        expect(
          await page.evaluate(() => document.querySelector('fees-calculator')!.shadowRoot!.textContent),
        ).not.toMatch(/NaN|Invalid Date|undefined|Infinity/)
      }

      next = [{ status: 200, text: JSON.stringify(good(20)), contentType: 'application/json' }]
      await page.playwright.locator('fees-calculator [part=fee-select]').selectOption('20')
      await page.waitFor(
        'the last, good answer',
        () => (window as unknown as RecordingWindow).__fcEvents.at(-1)?.detail?.totalFees === 20,
      )
    }, 240_000)
  },
  { chromiumArgs: ALLOW_LOOPBACK_CROSS_ORIGIN },
)
