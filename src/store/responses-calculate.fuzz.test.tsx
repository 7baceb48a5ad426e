/** Response fuzzing of CalculateFeeOptions, in order and out of order: test/support/response-fuzz.tsx says what each answer is checked for. */
import fc from 'fast-check'
import { expect } from 'vitest'
import { answers } from '../../test/support/answers.ts'
import { standInFeesTable, tuitionInput } from '../../test/support/fixtures.ts'
import * as fuzz from '../../test/support/response-fuzz.tsx'
import type { TuitionPayload } from '../domain/types.ts'

fuzz.describeFuzzing(() => {
  fuzz.property(
    'CalculateFeeOptions: a good answer is shown, anything else is a failed calculation and the plan stays',
    async (widget) => {
      const good = (body: TuitionPayload) =>
        standInFeesTable(body, { tin: 0.0595, tae: 0.0612, interests: 10, finalFee: 6010 })
      widget.queue.push({ status: 200, text: JSON.stringify(good(fuzz.payload)), contentType: 'application/json' })
      widget.store.getState().setProperty('tuitionInput', tuitionInput({ language: 'en' }))
      await widget.settled()
      expect(widget.store.getState().result).not.toBeNull()

      await fc.assert(
        fc.asyncProperty(answers(good({ ...fuzz.payload, numberOfFees: 14 }), ['firstPaymentDate']), async (answer) => {
          const before = widget.store.getState().result
          const eventsBefore = widget.events.length
          widget.queue.push(answer)
          // Another count than the one on screen, so that every answer is asked for.
          widget.store.getState().chooseFeeCount(widget.store.getState().choice?.numberOfFees === 13 ? 14 : 13)
          await widget.settled()
          const sent = widget.events.slice(eventsBefore)
          expect(sent).toHaveLength(1)
          const [event] = sent
          if (event?.name === 'calculationResultReceivedEvent') {
            expect(widget.store.getState().result).toBe(event.detail)
          } else {
            expect(event?.name).toBe('invalidTuitionEvent')
            expect(fuzz.REFUSAL_CODES).toContain((event!.detail as { code: string }).code)
            expect(widget.store.getState().result).toBe(before)
          }
          expect(widget.text()).not.toMatch(fuzz.SCREEN_NONSENSE)
        }),
        { numRuns: fuzz.RUNS },
      )
      // Recovery: the next good answer is shown.
      widget.queue.push({
        status: 200,
        text: JSON.stringify(good({ ...fuzz.payload, numberOfFees: 18 })),
        contentType: 'application/json',
      })
      widget.store.getState().chooseFeeCount(18)
      await widget.settled()
      expect(widget.store.getState().result?.totalFees).toBe(18)
    },
  )

  fuzz.property('CalculateFeeOptions, out of order: a late answer never replaces the newer one', async (widget) => {
    const good = (n: number) => standInFeesTable({ ...fuzz.payload, numberOfFees: n })
    widget.queue.push({ status: 200, text: JSON.stringify(good(12)), contentType: 'application/json' })
    widget.store.getState().setProperty('tuitionInput', tuitionInput({ language: 'en' }))
    await widget.settled()
    await fc.assert(
      fc.asyncProperty(answers(good(13), ['firstPaymentDate']), fc.integer({ min: 15, max: 24 }), async (stale, n) => {
        // The answer to 13 fees arrives only after the answer to the newer choice has been read.
        let newerRead: () => void = () => {}
        const newer = new Promise<void>((resolve) => (newerRead = resolve))
        widget.respond = async (request) => {
          const body = (await request.clone().json()) as TuitionPayload
          if (body.numberOfFees === 13) {
            await newer
            return stale
          }
          setTimeout(newerRead, 0)
          return {
            status: 200,
            text: JSON.stringify(good(body.numberOfFees ?? 12)),
            contentType: 'application/json',
          }
        }
        widget.store.getState().chooseFeeCount(13)
        await fuzz.turn()
        widget.store.getState().chooseFeeCount(n)
        await widget.settled()
        await newer
        await fuzz.turn()
        expect(widget.store.getState().result?.totalFees).toBe(n)
        expect(widget.text()).not.toMatch(fuzz.SCREEN_NONSENSE)
      }),
      { numRuns: fuzz.RUNS / 10 },
    )
  })
})
