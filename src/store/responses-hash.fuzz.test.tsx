/** Response fuzzing of feestable and Version/Number (hash mode): test/support/response-fuzz.tsx says what each answer is checked for. */
import fc from 'fast-check'
import { expect } from 'vitest'
import { answers } from '../../test/support/answers.ts'
import { standInFeesTable } from '../../test/support/fixtures.ts'
import * as fuzz from '../../test/support/response-fuzz.tsx'

fuzz.describeFuzzing(() => {
  fuzz.property(
    'feestable and Version/Number (hash mode): a good answer is shown, anything else leaves the screen empty and sends no event',
    async (widget) => {
      const result = standInFeesTable(fuzz.payload, { isModificable: false })
      const savedTable = { result, tuitionInput: fuzz.payload }
      await fc.assert(
        fc.asyncProperty(answers(savedTable, ['tuitionInput']), answers(3, []), async (table, version) => {
          widget.queue.length = 0
          widget.queue.push(table, version)
          widget.store.getState().setProperty('versionHashCode', 'h-1')
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
          expect(widget.text()).not.toMatch(fuzz.SCREEN_NONSENSE)
        }),
        { numRuns: fuzz.RUNS },
      )
    },
  )
})
