/**
 * What a backend that is not ours may answer, for response fuzzing: a good
 * body changed field by field (missing, null, of the wrong type, huge,
 * negative, fractional), dates in every accepted and many broken forms, extra
 * fields, bodies that are not JSON, and statuses 200, 204, 3xx, 4xx and 5xx.
 */
import fc from 'fast-check'

/** What a card must never show, whatever it was answered: the fuzzing reads its text for these. */
export const SCREEN_NONSENSE = /NaN|Invalid Date|undefined|Infinity/

/** The codes of invalidTuitionEvent that an answer the widget cannot use is refused with. */
export const REFUSAL_CODES = ['invalid_response', 'invalid_date', 'request_failed']

export const acceptedDates = fc.constantFrom(
  '2027-01-05',
  '2027-01-05T00:00:00',
  '2027-01-05T00:00:00Z',
  '2027-01-05T00:00:00.000Z',
  '2027-01-05T00:00:00.0000000',
  '2027-01-05T00:00:00+00:00',
  '2027-01-05 10:30',
  '2027-01-05T23:30:00-02:00',
)
export const brokenDates = fc.oneof(
  fc.constantFrom(
    '2026-02-30',
    '05/01/2027',
    '2027-1-5',
    '2027-01-05T24:00',
    '2027-01-05T10:00+25:00',
    'Invalid Date',
    '',
    'null',
    'tomorrow',
  ),
  fc.string({ maxLength: 30 }),
  fc.integer(),
  fc.constant(null),
)
export const oddValues = fc.oneof(
  fc.constant(null),
  fc.constant(undefined),
  fc.string({ maxLength: 12 }),
  fc.boolean(),
  fc.constant([]),
  fc.constant({}),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(-1, 0.5, 12.5, 1e21, -1e21, 1e308, 0),
  fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }),
)
const extraFields = fc.dictionary(fc.string({ minLength: 1, maxLength: 10 }), fc.jsonValue({ maxDepth: 2 }), {
  maxKeys: 3,
})

/** A body built from a good one: some fields changed, removed or added, dates in any form. */
function mutated(good: Record<string, unknown>, dateFields: string[]) {
  const fields = Object.keys(good)
  return fc
    .record({
      changes: fc.array(fc.tuple(fc.constantFrom(...fields), fc.oneof(oddValues, brokenDates)), { maxLength: 3 }),
      dates: fc.array(fc.tuple(fc.constantFrom(...dateFields), fc.oneof(acceptedDates, brokenDates)), { maxLength: 2 }),
      extra: extraFields,
    })
    .map(({ changes, dates, extra }) => {
      const body: Record<string, unknown> = { ...extra, ...good }
      for (const [field, value] of [...dates, ...changes]) {
        if (value === undefined) delete body[field]
        else body[field] = value
      }
      return body
    })
}

export interface Answer {
  status: number
  /** Text sent as the body; null for none. */
  text: string | null
  contentType: string
}

/** Any answer: mostly mutated JSON with 200, sometimes a page, an empty body, a redirect or an error status. */
export function answers(good: unknown, dateFields: string[]): fc.Arbitrary<Answer> {
  const json = (body: unknown, status = 200): Answer => ({
    status,
    text: JSON.stringify(body),
    contentType: 'application/json',
  })
  const asObject = good as Record<string, unknown>
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant(json(good)) },
    {
      weight: 8,
      arbitrary:
        typeof good === 'object' && good !== null
          ? mutated(asObject, dateFields).map((b) => json(b))
          : fc.constant(json(good)),
    },
    { weight: 1, arbitrary: oddValues.map((v) => json(v ?? null)) },
    {
      weight: 2,
      arbitrary: fc.record({
        status: fc.constantFrom(200, 204, 301, 302, 304, 400, 401, 403, 404, 409, 422, 500, 502, 503),
        text: fc.oneof(
          fc.constant(null),
          fc.constant(''),
          fc.constant('<!doctype html><title>Sign in</title><form>…</form>'),
          fc.constant('{"feeAmount": 5'),
          fc.constant('{"type":"about:blank","title":"Bad","status":400,"code":"x"}'),
          fc.string({ maxLength: 40 }),
        ),
        contentType: fc.constantFrom('application/json', 'text/html', 'text/plain', 'application/problem+json'),
      }),
    },
  )
}

/** A real Response for an answer (204 and 304 carry no body by definition). */
export function responseOf({ status, text, contentType }: Answer): Response {
  const body = status === 204 || status === 304 ? null : text
  return new Response(body, { status, headers: { 'Content-Type': contentType } })
}
