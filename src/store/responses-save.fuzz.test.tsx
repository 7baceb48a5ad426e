/** Response fuzzing of FrontCalculateFees (save): test/support/response-fuzz.tsx says what each answer is checked for. */
import fc from 'fast-check'
import { expect } from 'vitest'
import { answers } from '../../test/support/answers.ts'
import { standInAmortization, standInFeesTable, tuitionInput } from '../../test/support/fixtures.ts'
import * as fuzz from '../../test/support/response-fuzz.tsx'

fuzz.describeFuzzing(() => {
  fuzz.property(
    'FrontCalculateFees (save): a good answer locks the plan, anything else is a failed save and nothing locks',
    async (widget) => {
      const table = (n: number) => ({
        status: 200,
        text: JSON.stringify(standInFeesTable({ ...fuzz.payload, numberOfFees: n })),
        contentType: 'application/json',
      })
      widget.queue.push(table(12))
      widget.store.getState().setProperty('tuitionInput', tuitionInput({ language: 'en' }))
      await widget.settled()
      const saved = standInAmortization(fuzz.payload, 'h-1')
      let plans = 0
      await fc.assert(
        // After a failed save the student presses SAVE again, or first chooses another count (one time in four). A
        // saved plan is locked: only a new input from the host starts another.
        fc.asyncProperty(answers(saved, ['currency']), fc.nat(3), async (answer, choice) => {
          const state = widget.store.getState()
          const current = state.choice?.numberOfFees ?? 12
          widget.queue.length = 0
          if (state.versionLocked || choice === 0) {
            const n = current === 12 ? 13 : 12
            widget.queue.push(table(n))
            if (state.versionLocked) {
              plans += 1
              state.setProperty(
                'tuitionInput',
                tuitionInput({ language: 'en', numberOfFees: n, contractId: `C-${plans}` }),
              )
            } else state.chooseFeeCount(n)
            await widget.settled()
            expect(widget.store.getState().result?.totalFees).toBe(n)
          }
          widget.queue.push(answer)
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
            expect(fuzz.REFUSAL_CODES).toContain(detail.code)
            expect(widget.store.getState().versionLocked).toBe(false)
          }
          expect(widget.text()).not.toMatch(fuzz.SCREEN_NONSENSE)
        }),
        { numRuns: fuzz.RUNS },
      )
    },
  )
})
