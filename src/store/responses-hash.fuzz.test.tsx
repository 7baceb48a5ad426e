/**
 * Response fuzzing, feestable and Version/Number (hash mode): generated answers: answers of every shape a backend that is not
 * ours may send go through the real store, client and screen (the harness,
 * test/support/response-fuzz.tsx, says how). After each: no uncaught error, no
 * "NaN", "Invalid Date" or "undefined" on screen, a refusal told through its
 * channel with its code, the plan on screen kept, and the next good answer shown.
 */
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { answers } from '../../test/support/answers.ts'
import { standInFeesTable } from '../../test/support/fixtures.ts'
import { fuzzPage, mount, RUNS, FUZZ_TIMEOUT_MS, payload, SCREEN_NONSENSE } from '../../test/support/response-fuzz.tsx'

beforeAll(fuzzPage)

describe(`response fuzzing (${RUNS} answers per call)`, () => {
  it(
    'feestable and Version/Number (hash mode): a good answer is shown, anything else leaves the screen empty and sends no event',
    async () => {
      const widget = mount()
      const result = standInFeesTable(payload, { isModificable: false })
      const savedTable = { result, tuitionInput: payload }
      await fc.assert(
        fc.asyncProperty(answers(savedTable, ['tuitionInput']), answers(3, []), async (table, version) => {
          widget.queue.length = 0
          widget.queue.push(table, version)
          widget.store.getState().loadByHash('h-1')
          await widget.settled()
          await widget.settled()
          const state = widget.store.getState()
          if (state.result) {
            expect(state.result.totalFees).toBe(result.totalFees)
            expect(
              state.versionNumber === null || (Number.isInteger(state.versionNumber) && state.versionNumber >= 1),
            ).toBe(true)
          }
          expect(widget.events.filter((e) => e.name !== 'calculationResultReceivedEvent')).toEqual([])
          expect(widget.text()).not.toMatch(SCREEN_NONSENSE)
        }),
        { numRuns: RUNS },
      )
    },
    FUZZ_TIMEOUT_MS,
  )
})
