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
import { type Answer, answers, REFUSAL_CODES, SCREEN_NONSENSE } from '../support/answers.ts'
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
        next = [answer]
        // One call into the page per answer: the other count chosen as the list does it (input, then change), then
        // what the card and the host have once the event has come and nothing is under way.
        const seen = await page.evaluate(async () => {
          const events = (window as unknown as RecordingWindow).__fcEvents
          const root = document.querySelector('fees-calculator')!.shadowRoot!
          const figure = () => root.querySelector('[data-figure=feeAmount]')?.textContent?.trim() ?? null
          const before = events.length
          const shown = figure()
          const select = root.querySelector<HTMLSelectElement>('[part=fee-select]')!
          select.value = select.value === '13' ? '14' : '13'
          select.dispatchEvent(new Event('input', { bubbles: true, composed: true }))
          select.dispatchEvent(new Event('change', { bubbles: true }))
          const end = Date.now() + 15_000
          while (!(events.length > before && root.querySelector('.fc-card[data-busy=false]')) && Date.now() < end)
            await new Promise((resolve) => setTimeout(resolve, 5))
          return {
            sent: events.slice(before).map(({ name, detail }) => ({ name, code: (detail as { code?: string })?.code })),
            shown,
            after: figure(),
            text: root.textContent,
          }
        })
        const said = `answer ${k}: ${JSON.stringify(answer).slice(0, 200)}`
        expect(seen.sent, said).toHaveLength(1)
        if (seen.sent[0]!.name === 'invalidTuitionEvent') {
          expect(REFUSAL_CODES, said).toContain(seen.sent[0]!.code)
          expect(seen.after, said).toBe(seen.shown)
        } else {
          expect(seen.sent[0]!.name, said).toBe('calculationResultReceivedEvent')
        }
        expect(seen.text, said).not.toMatch(SCREEN_NONSENSE)
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
