import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Problem } from '../../src/domain/types.ts'
import { call, financing, refinancing, startTestServer, type TestServer } from './server.ts'

/** Bad inputs one by one: each gets its status, its code and the failing field. */
let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.remove())

const post = (body: unknown, headers: Record<string, string> = {}) =>
  call<Problem>(server, 'POST', '/Calculator/CalculateFeeOptions', { body, headers })

interface BadCase {
  name: string
  body: unknown
  status: number
  code: string
  fields?: string[]
}

const without = (field: string) => {
  const payload: Record<string, unknown> = financing()
  delete payload[field]
  return payload
}

const CASES: BadCase[] = [
  { name: 'malformed JSON', body: '{"finalAmount": 6000', status: 400, code: 'malformed_json' },
  { name: 'an empty body', body: '', status: 400, code: 'malformed_json' },
  { name: 'JSON with a trailing comma', body: '{"system": 1,}', status: 400, code: 'malformed_json' },
  { name: 'a JSON array', body: [financing()], status: 400, code: 'validation_failed', fields: ['body'] },
  { name: 'JSON null', body: 'null', status: 400, code: 'validation_failed', fields: ['body'] },
  { name: 'a JSON string', body: '"6000"', status: 400, code: 'validation_failed', fields: ['body'] },
  {
    name: 'an amount as a string',
    body: financing({ finalAmount: '6000' }),
    status: 400,
    code: 'validation_failed',
    fields: ['finalAmount'],
  },
  {
    name: 'a NaN-like amount',
    body: financing({ finalAmount: 'NaN' }),
    status: 400,
    code: 'validation_failed',
    fields: ['finalAmount'],
  },
  {
    name: 'an Infinity-like amount',
    body: financing({ finalAmount: 'Infinity' }),
    status: 400,
    code: 'validation_failed',
    fields: ['finalAmount'],
  },
  {
    name: 'a fractional fee count',
    body: financing({ numberOfFees: 12.5 }),
    status: 400,
    code: 'validation_failed',
    fields: ['numberOfFees'],
  },
  {
    name: 'a fee count as a string',
    body: financing({ numberOfFees: '12' }),
    status: 400,
    code: 'validation_failed',
    fields: ['numberOfFees'],
  },
  {
    name: 'an unknown system',
    body: financing({ system: 8 }),
    status: 400,
    code: 'validation_failed',
    fields: ['system'],
  },
  {
    name: 'a system as a string',
    body: financing({ system: '1' }),
    status: 400,
    code: 'validation_failed',
    fields: ['system'],
  },
  {
    name: 'an unknown financial type',
    body: financing({ financialType: 2 }),
    status: 400,
    code: 'validation_failed',
    fields: ['financialType'],
  },
  {
    name: 'a currency as a number',
    body: financing({ currency: 978 }),
    status: 400,
    code: 'validation_failed',
    fields: ['currency'],
  },
  {
    name: 'a boolean flag as a string',
    body: financing({ isSavedVersion: 'true' }),
    status: 400,
    code: 'validation_failed',
    fields: ['isSavedVersion'],
  },
  {
    name: 'an overlong contract id',
    body: financing({ contractId: 'C'.repeat(101) }),
    status: 400,
    code: 'validation_failed',
    fields: ['contractId'],
  },
  {
    name: 'a missing date',
    body: without('dateOfPayment'),
    status: 400,
    code: 'validation_failed',
    fields: ['dateOfPayment'],
  },
  { name: 'a missing system', body: without('system'), status: 400, code: 'validation_failed', fields: ['system'] },
  {
    name: 'a missing financial type',
    body: without('financialType'),
    status: 400,
    code: 'validation_failed',
    fields: ['financialType'],
  },
  {
    name: 'a missing finalAmount (financing)',
    body: without('finalAmount'),
    status: 400,
    code: 'validation_failed',
    fields: ['finalAmount'],
  },
  {
    name: 'a missing amountToRefinance (refinancing)',
    body: refinancing({ amountToRefinance: undefined }),
    status: 400,
    code: 'validation_failed',
    fields: ['amountToRefinance'],
  },
  {
    name: 'an empty object',
    body: {},
    status: 400,
    code: 'validation_failed',
    fields: ['system', 'financialType', 'dateOfPayment'],
  },
  {
    name: 'an impossible date',
    body: financing({ dateOfPayment: '2026-02-30' }),
    status: 400,
    code: 'validation_failed',
    fields: ['dateOfPayment'],
  },
  {
    name: 'an impossible date-time',
    body: financing({ dateOfPayment: '2026-02-30T10:00:00' }),
    status: 400,
    code: 'validation_failed',
    fields: ['dateOfPayment'],
  },
  {
    name: 'a date in another format',
    body: financing({ dateOfPayment: '31/01/2026' }),
    status: 400,
    code: 'validation_failed',
    fields: ['dateOfPayment'],
  },
  {
    name: 'a date as a number',
    body: financing({ dateOfPayment: 20260131 }),
    status: 400,
    code: 'validation_failed',
    fields: ['dateOfPayment'],
  },
  {
    name: 'a negative amount',
    body: financing({ finalAmount: -6000 }),
    status: 422,
    code: 'amount_not_positive',
    fields: ['finalAmount'],
  },
  {
    name: 'a zero amount',
    body: financing({ finalAmount: 0 }),
    status: 422,
    code: 'amount_not_positive',
    fields: ['finalAmount'],
  },
  {
    name: 'a negative partial payment',
    body: refinancing({ partialPayment: -1 }),
    status: 422,
    code: 'negative_amount',
    fields: ['partialPayment'],
  },
  {
    name: 'a partial payment larger than the amount',
    body: refinancing({ partialPayment: 6000.01 }),
    status: 422,
    code: 'partial_payment_exceeds_amount',
    fields: ['partialPayment', 'amountToRefinance'],
  },
  {
    name: 'a partial payment equal to the amount',
    body: refinancing({ partialPayment: 6000 }),
    status: 422,
    code: 'amount_not_positive',
    fields: ['amountToRefinance'],
  },
  {
    name: 'an amount over 10 000 000',
    body: financing({ finalAmount: 10_000_000.01 }),
    status: 422,
    code: 'amount_too_large',
    fields: ['finalAmount'],
  },
  {
    name: 'a huge amount',
    body: financing({ finalAmount: 1e300 }),
    status: 422,
    code: 'amount_too_large',
    fields: ['finalAmount'],
  },
  {
    name: 'an amount beyond a double',
    body: '{"finalAmount": 1e400, "dateOfPayment": "2026-01-31", "system": 1, "financialType": 0}',
    status: 422,
    code: 'amount_too_large',
    fields: ['finalAmount'],
  },
  {
    name: 'a fee count below the minimum',
    body: financing({ numberOfFees: 11 }),
    status: 422,
    code: 'fee_count_out_of_range',
    fields: ['numberOfFees'],
  },
  {
    name: 'a fee count above the maximum',
    body: financing({ numberOfFees: 25 }),
    status: 422,
    code: 'fee_count_out_of_range',
    fields: ['numberOfFees'],
  },
  {
    name: 'a negative fee count',
    body: financing({ numberOfFees: -12 }),
    status: 422,
    code: 'fee_count_out_of_range',
    fields: ['numberOfFees'],
  },
  {
    name: 'an unknown currency',
    body: financing({ currency: 'XYZ' }),
    status: 422,
    code: 'unknown_currency',
    fields: ['currency'],
  },
  {
    name: 'a currency that is not a code',
    body: financing({ currency: 'euro' }),
    status: 422,
    code: 'unknown_currency',
    fields: ['currency'],
  },
  {
    name: 'an amount too small for the fees',
    body: financing({ finalAmount: 0.05, numberOfFees: 24 }),
    status: 422,
    code: 'amount_too_small',
    fields: ['numberOfFees'],
  },
]

describe('a bad input', () => {
  it.each(CASES)('$name → $status $code', async ({ body, status, code, fields }) => {
    const answer = await post(body)
    expect(answer.status).toBe(status)
    expect(answer.body.code).toBe(code)
    if (fields !== undefined) expect(answer.body.errors?.map((error) => error.field).sort()).toEqual([...fields].sort())
  })

  it('lists every failing field at once and names the first rule in the code', async () => {
    const answer = await post(refinancing({ currency: 'XYZ', partialPayment: 7000, numberOfFees: 30 }))
    expect(answer.body.code).toBe('unknown_currency')
    expect(answer.body.errors?.map((error) => error.field)).toEqual([
      'currency',
      'partialPayment',
      'amountToRefinance',
      'numberOfFees',
    ])
  })
})

describe('any body at all', () => {
  it('gets a documented answer and never a 500 (fast-check)', async () => {
    const value = fc.oneof(
      fc.constant(null),
      fc.boolean(),
      fc.double(),
      fc.integer(),
      fc.string(),
      fc.constant('NaN'),
      fc.constant(1e308),
    )
    const field = fc.constantFrom(
      'currency',
      'dateOfPayment',
      'numberOfFees',
      'finalAmount',
      'partialPayment',
      'amountToRefinance',
      'system',
      'financialType',
      'language',
      'token',
      'studyIdName',
      'contractId',
      'linkedVersionIdentifier',
      'isSavedVersion',
      '__proto__',
      'constructor',
    )
    const body = fc.oneof(
      fc.dictionary(field, value).map((changes) => ({ ...financing(), ...changes })),
      fc.jsonValue(),
      fc.string().map((text) => `{${text}`),
    )
    await fc.assert(
      fc.asyncProperty(body, async (generated) => {
        const answer = await post(typeof generated === 'string' ? generated : JSON.stringify(generated))
        expect([200, 400, 422]).toContain(answer.status)
      }),
      { numRuns: 150 },
    )
  })
})
