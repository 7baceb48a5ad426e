import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { answerJson } from './json.ts'

/** The same text as JSON.stringify, or the same error. */
function expectSameAsJson(value: unknown): void {
  let expected: string | undefined
  let failure: unknown = null
  try {
    expected = JSON.stringify(value)
  } catch (error) {
    failure = error
  }
  if (failure !== null) expect(() => answerJson(value)).toThrow((failure as Error).constructor as ErrorConstructor)
  else expect(answerJson(value)).toBe(expected)
}

describe('answerJson: an answer body as JSON.stringify writes it', () => {
  it('writes the numbers, booleans and strings of a plain object as JSON does', () => {
    for (const value of [
      { a: 1, b: -0, c: Number.NaN, d: Number.POSITIVE_INFINITY, e: Number.NEGATIVE_INFINITY, f: 1e21, g: 5e-324 },
      { amount: 6286.58, rate: 0.0595, tae: 0.012271, big: 2 ** 53 + 2, tiny: 1e-7 },
      { yes: true, no: false, nothing: null, gone: undefined, fn: () => 1, sym: Symbol('s') },
      { text: 'quote " backslash \\ newline \n tab \t nul \0 é 𝄞 lone \ud800 end', empty: '' },
      { 'key "quoted"': 1, ключ: 2, '': 3, 10: 'numeric key first', z: 4 },
      { nested: { a: [1, 2, { b: 3 }] }, list: [1, 'two', null, undefined], date: new Date(0) },
      { toJSON: () => 'replaced' },
      { big: 1n },
      [1, 2, 3],
      Object.create(null),
      'a string',
      42,
      null,
    ])
      expectSameAsJson(value)
  })

  it('is JSON.stringify on generated values', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.object(),
          fc.dictionary(
            fc.string(),
            fc.oneof(fc.double(), fc.string(), fc.boolean(), fc.constant(undefined), fc.constant(null)),
          ),
        ),
        (value) => {
          expectSameAsJson(value)
        },
      ),
      { numRuns: 2000, seed: 20261129 },
    )
  })
})
