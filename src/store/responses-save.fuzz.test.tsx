/**
 * Response fuzzing, FrontCalculateFees (save): generated answers: answers of every shape a backend that is not
 * ours may send go through the real store, client and screen (the harness,
 * test/support/response-fuzz.tsx, says how). After each: no uncaught error, no
 * "NaN", "Invalid Date" or "undefined" on screen, a refusal told through its
 * channel with its code, the plan on screen kept, and the next good answer shown.
 */
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { answers } from '../../test/support/answers.ts'
import { standInAmortization, standInFeesTable, tuitionInput } from '../../test/support/fixtures.ts'
import {
  fuzzPage,
  mount,
  RUNS,
  FUZZ_TIMEOUT_MS,
  payload,
  SCREEN_NONSENSE,
  REFUSAL_CODES,
} from '../../test/support/response-fuzz.tsx'

beforeAll(fuzzPage)

describe(`response fuzzing (${RUNS} answers per call)`, () => {
  it(
    'FrontCalculateFees (save): a good answer locks the plan, anything else is a failed save and nothing locks',
    async () => {
      const widget = mount()
      const table = (n: number) => ({
        status: 200,
        text: JSON.stringify(standInFeesTable({ ...payload, numberOfFees: n })),
        contentType: 'application/json',
      })
      widget.queue.push(table(12))
      widget.store.getState().setTuitionInput(tuitionInput({ language: 'en' }))
      await widget.settled()
      const saved = standInAmortization(payload, 'h-1')
      let plans = 0
      await fc.assert(
        fc.asyncProperty(answers(saved, ['currency']), async (answer) => {
          // A new plan on screen, then its save. A saved plan is locked: only a new input from the host starts another.
          const n = widget.store.getState().choice?.numberOfFees === 12 ? 13 : 12
          widget.queue.length = 0
          widget.queue.push(table(n), answer)
          if (widget.store.getState().versionLocked) {
            plans += 1
            widget.store
              .getState()
              .setTuitionInput(tuitionInput({ language: 'en', numberOfFees: n, contractId: `C-${plans}` }))
          } else widget.store.getState().chooseFeeCount(n)
          await widget.settled()
          expect(widget.store.getState().result?.totalFees).toBe(n)
          const eventsBefore = widget.events.length
          await widget.store.getState().save()
          await widget.settled()
          const sent = widget.events.slice(eventsBefore)
          expect(sent).toHaveLength(1)
          const detail = sent[0]?.detail as { code?: string; fees?: unknown[] }
          if ('fees' in detail) {
            expect(widget.store.getState().versionLocked).toBe(true)
            expect(widget.store.getState().amortization).toBe(detail)
          } else {
            expect(REFUSAL_CODES).toContain(detail.code)
            expect(widget.store.getState().versionLocked).toBe(false)
          }
          expect(widget.text()).not.toMatch(SCREEN_NONSENSE)
        }),
        { numRuns: RUNS },
      )
    },
    FUZZ_TIMEOUT_MS,
  )
})
