import type { Problem } from '@fees-calculator/contract'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PAYLOAD_FIELDS } from '../../src/validate.ts'
import { call, financing, refinancing, startTestServer, type TestServer } from '../support/api-server.ts'

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

/** A case refused with this status and code, on one field. */
const failing =
  (status: number, code: string) =>
  (name: string, body: unknown, field: string): BadCase => ({ name, body, status, code, fields: [field] })
/** A body the API refuses as malformed: 400 validation_failed. */
const invalid = failing(400, 'validation_failed')
/** A well-formed body the rules refuse: 422 with its code. */
const refused = (name: string, body: unknown, code: string, field: string) => failing(422, code)(name, body, field)

const CASES: BadCase[] = [
  { name: 'malformed JSON', body: '{"finalAmount": 6000', status: 400, code: 'malformed_json' },
  { name: 'an empty body', body: '', status: 400, code: 'malformed_json' },
  { name: 'JSON with a trailing comma', body: '{"system": 1,}', status: 400, code: 'malformed_json' },
  invalid('a JSON array', [financing()], 'body'),
  invalid('JSON null', 'null', 'body'),
  invalid('a JSON string', '"6000"', 'body'),
  invalid('an amount as a string', financing({ finalAmount: '6000' }), 'finalAmount'),
  invalid('a NaN-like amount', financing({ finalAmount: 'NaN' }), 'finalAmount'),
  invalid('an Infinity-like amount', financing({ finalAmount: 'Infinity' }), 'finalAmount'),
  invalid('a fractional fee count', financing({ numberOfFees: 12.5 }), 'numberOfFees'),
  invalid('a fee count as a string', financing({ numberOfFees: '12' }), 'numberOfFees'),
  invalid('an unknown system', financing({ system: 8 }), 'system'),
  invalid('a system as a string', financing({ system: '1' }), 'system'),
  invalid('an unknown financial type', financing({ financialType: 2 }), 'financialType'),
  invalid('a currency as a number', financing({ currency: 978 }), 'currency'),
  invalid('a boolean flag as a string', financing({ isSavedVersion: 'true' }), 'isSavedVersion'),
  invalid('an overlong contract id', financing({ contractId: 'C'.repeat(101) }), 'contractId'),
  invalid('a missing date', without('dateOfPayment'), 'dateOfPayment'),
  invalid('a missing system', without('system'), 'system'),
  invalid('a missing financial type', without('financialType'), 'financialType'),
  invalid('a missing finalAmount (financing)', without('finalAmount'), 'finalAmount'),
  invalid(
    'a missing amountToRefinance (refinancing)',
    refinancing({ amountToRefinance: undefined }),
    'amountToRefinance',
  ),
  {
    name: 'an empty object',
    body: {},
    status: 400,
    code: 'validation_failed',
    fields: ['system', 'financialType', 'dateOfPayment'],
  },
  invalid('an impossible date', financing({ dateOfPayment: '2026-02-30' }), 'dateOfPayment'),
  invalid('an impossible date-time', financing({ dateOfPayment: '2026-02-30T10:00:00' }), 'dateOfPayment'),
  invalid('a date in another format', financing({ dateOfPayment: '31/01/2026' }), 'dateOfPayment'),
  invalid('a date as a number', financing({ dateOfPayment: 20260131 }), 'dateOfPayment'),
  refused('a negative amount', financing({ finalAmount: -6000 }), 'amount_not_positive', 'finalAmount'),
  refused('a zero amount', financing({ finalAmount: 0 }), 'amount_not_positive', 'finalAmount'),
  refused('a negative partial payment', refinancing({ partialPayment: -1 }), 'negative_amount', 'partialPayment'),
  {
    name: 'a partial payment larger than the amount',
    body: refinancing({ partialPayment: 6000.01 }),
    status: 422,
    code: 'partial_payment_exceeds_amount',
    fields: ['partialPayment', 'amountToRefinance'],
  },
  refused(
    'a partial payment equal to the amount',
    refinancing({ partialPayment: 6000 }),
    'amount_not_positive',
    'amountToRefinance',
  ),
  refused('an amount over 10 000 000', financing({ finalAmount: 10_000_000.01 }), 'amount_too_large', 'finalAmount'),
  refused('a huge amount', financing({ finalAmount: 1e300 }), 'amount_too_large', 'finalAmount'),
  refused(
    'an amount beyond a double',
    '{"finalAmount": 1e400, "dateOfPayment": "2026-01-31", "system": 1, "financialType": 0}',
    'amount_too_large',
    'finalAmount',
  ),
  refused('a fee count below the minimum', financing({ numberOfFees: 11 }), 'fee_count_out_of_range', 'numberOfFees'),
  refused('a fee count above the maximum', financing({ numberOfFees: 25 }), 'fee_count_out_of_range', 'numberOfFees'),
  refused('a negative fee count', financing({ numberOfFees: -12 }), 'fee_count_out_of_range', 'numberOfFees'),
  refused('an unknown currency', financing({ currency: 'XYZ' }), 'unknown_currency', 'currency'),
  refused('a currency that is not a code', financing({ currency: 'euro' }), 'unknown_currency', 'currency'),
  refused(
    'an amount too small for the fees',
    financing({ finalAmount: 0.05, numberOfFees: 24 }),
    'amount_too_small',
    'numberOfFees',
  ),
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
    // Every field a payload may carry, the token, and names that would reach an object's prototype.
    const field = fc.constantFrom(...PAYLOAD_FIELDS, 'token', '__proto__', 'constructor')
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
