import fc from 'fast-check'
import { defineFeesCalculator } from 'fees-calculator'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hostInput } from '../test/support/arbitraries.ts'
import { setPageUrl } from '../test/support/page-url.ts'
import { startRecordingServer } from '../test/support/recording-server.ts'
import { checkTuitionInput, readTuitionText, validateTuitionInput } from './domain/tuition.ts'

/** Issue: at least 10 000 generated tuition inputs through the attribute and the property. */
const RUNS = 10_000

/** The property takes an object, or JSON text like the attribute; null, undefined and "" clear it. */
function expectedForProperty(raw: unknown) {
  if (raw === null || raw === undefined || raw === '') return null
  return typeof raw === 'string' ? checkTuitionInput(readTuitionText(raw)) : validateTuitionInput(raw)
}

let server: Awaited<ReturnType<typeof startRecordingServer>>

beforeAll(async () => {
  server = await startRecordingServer(() => ({
    status: 422,
    body: { status: 422, title: 'Unprocessable', code: 'fuzz' },
  }))
  setPageUrl(`${server.origin}/`)
  defineFeesCalculator()
})
afterAll(() => server.close())

/** Lets React commit and run its effects. */
const settle = async () => {
  for (let k = 0; k < 3; k++) await new Promise((resolve) => setTimeout(resolve, 0))
}

describe('<fees-calculator> fed generated tuition inputs', () => {
  it(`never throws and answers each refused input with invalidTuitionEvent (${RUNS} inputs)`, async () => {
    const element = document.createElement('fees-calculator')
    element.apiBase = `${server.origin}/api/v1`
    document.body.append(element)
    const codes: string[] = []
    element.addEventListener('invalidTuitionEvent', (event) => codes.push(event.detail.code))
    const uncaught: unknown[] = []
    const onError = (event: ErrorEvent) => uncaught.push(event.error ?? event.message)
    window.addEventListener('error', onError)

    let refused = 0
    let lastRefused: string | undefined
    let k = 0
    await fc.assert(
      fc.asyncProperty(hostInput, async (raw) => {
        k++
        codes.length = 0
        // Alternate the two ways in.
        const viaAttribute = k % 2 === 0
        const json = JSON.stringify(raw === undefined ? null : raw)
        const expected = viaAttribute ? checkTuitionInput(readTuitionText(json)) : expectedForProperty(raw)
        if (viaAttribute) element.setAttribute('tuition-input', json)
        else element.tuitionInput = raw as never
        // A refused input is answered at once, synchronously; the same refused input again (as text) is not.
        const given: unknown = viaAttribute ? json : raw
        const text = typeof given === 'string' ? given : JSON.stringify(given)
        if (expected && !expected.ok) {
          if (text === lastRefused) expect(codes).toEqual([])
          else {
            refused++
            expect(codes).toEqual([expected.error.code])
          }
          lastRefused = text
        } else {
          expect(codes).toEqual([])
          lastRefused = undefined
        }
        if (k % 100 === 0) await settle()
      }),
      { numRuns: RUNS },
    )
    await settle()
    window.removeEventListener('error', onError)
    expect(uncaught).toEqual([])
    expect(element.shadowRoot?.childElementCount).toBeGreaterThan(0)
    expect(refused).toBeGreaterThan(RUNS / 2)
  }, 300_000)
})
