import { describe, expect, it } from 'vitest'
import { parseAmortizationTable, parseFeesTable, parseJsonText, parseSavedFeesTable, parseVersionNumber, roundCents } from './responses.ts'

const table = {
  totalFees: 12,
  feeAmount: 500,
  firstPaymentDate: '2027-01-05',
  minFees: 12,
  maxFees: 24,
  amountToFinance: 6000,
  initialAmount: 6000,
  partialPayment: 0,
  interests: 0,
  finalFee: 6000,
  financeType: 0,
  isModificable: true,
  tin: 0.0595,
  tae: 0.061151,
  currency: 'EUR',
}

const row = (number: number, dueDate: string) => ({ number, dueDate, fee: 500, interest: 0, principal: 500, balance: 6000 - 500 * number })
const schedule = {
  versionHashCode: 'abc',
  versionNumber: 2,
  currency: 'EUR',
  fees: [row(1, '2027-01-05'), row(2, '2027-02-05'), row(3, '2027-03-05'), row(4, '2027-04-05')],
  totals: { amountToFinance: 6000, interests: 0, finalFee: 6000 },
}

describe('the response boundary: dates are taken as UTC and kept as YYYY-MM-DD', () => {
  it.each([
    '2027-01-05',
    '2027-01-05T00:00:00',
    '2027-01-05T00:00:00Z',
    '2027-01-05T00:00:00.000Z',
    '2027-01-05T00:00:00.1234567',
    '2027-01-05T00:00:00+00:00',
    '2027-01-05T10:30:00-03:00',
    '2027-01-04T23:30:00-01:00',
  ])('reads %s as 2027-01-05', (firstPaymentDate) => {
    expect(parseFeesTable({ ...table, firstPaymentDate })).toEqual({ ok: true, value: table })
  })

  it('adds a Z to a date-time without a zone rather than reading it as local time', () => {
    // 23:30 without a zone is 23:30 UTC, the same calendar day whatever the user's time zone.
    const parsed = parseFeesTable({ ...table, firstPaymentDate: '2027-01-05T23:30:00' })
    expect(parsed.ok && parsed.value.firstPaymentDate).toBe('2027-01-05')
  })

  it.each(['2026-02-30', '05/01/2027', '2027-1-5', '', 'tomorrow', '2027-01-05T25:00:00', 20270105, null, undefined])(
    'refuses %j with invalid_date naming firstPaymentDate',
    (firstPaymentDate) => {
      const parsed = parseFeesTable({ ...table, firstPaymentDate })
      expect(parsed.ok).toBe(false)
      if (!parsed.ok) expect(parsed.error).toMatchObject({ code: 'invalid_date', field: 'firstPaymentDate' })
    },
  )

  it('names the row of a schedule whose due date is broken', () => {
    const fees = schedule.fees.map((fee, index) => (index === 3 ? { ...fee, dueDate: '2027-04-31' } : fee))
    const parsed = parseAmortizationTable({ ...schedule, fees })
    expect(parsed).toMatchObject({ ok: false, error: { code: 'invalid_date', field: 'fees[3].dueDate' } })
  })

  it('reads the due dates of a .NET-style schedule as plain dates', () => {
    const fees = schedule.fees.map((fee) => ({ ...fee, dueDate: `${fee.dueDate}T00:00:00` }))
    expect(parseAmortizationTable({ ...schedule, fees })).toEqual({ ok: true, value: schedule })
  })
})

describe('the response boundary: fields', () => {
  it('drops unknown fields, at every level', () => {
    const parsed = parseAmortizationTable({ ...schedule, $id: '1', fees: schedule.fees.map((fee) => ({ ...fee, extra: true })), totals: { ...schedule.totals, other: 1 } })
    expect(parsed).toEqual({ ok: true, value: schedule })
  })

  it.each(Object.keys(table).filter((key) => key !== 'partialPayment'))('refuses a fees table without %s, naming it', (key) => {
    const { [key]: _, ...rest } = table as Record<string, unknown>
    const parsed = parseFeesTable(rest)
    expect(parsed.ok).toBe(false)
    if (!parsed.ok) {
      expect(parsed.error.field).toBe(key)
      expect(parsed.error.code).toBe(key === 'firstPaymentDate' ? 'invalid_date' : 'invalid_response')
    }
  })

  it('takes a missing or null partialPayment as 0 (a blank partial payment is 0)', () => {
    const { partialPayment: _, ...rest } = table
    expect(parseFeesTable(rest)).toEqual({ ok: true, value: table })
    expect(parseFeesTable({ ...table, partialPayment: null })).toEqual({ ok: true, value: table })
  })

  it.each([
    ['feeAmount', '500'],
    ['feeAmount', Number.NaN],
    ['feeAmount', Number.POSITIVE_INFINITY],
    ['feeAmount', -1],
    ['totalFees', 12.5],
    ['totalFees', 0],
    ['maxFees', 1e9],
    ['isModificable', 'true'],
    ['financeType', 2],
    ['currency', 'euro'],
    ['currency', null],
    ['tin', '0.05'],
  ])('refuses %s = %j', (key, value) => {
    expect(parseFeesTable({ ...table, [key]: value })).toMatchObject({ ok: false, error: { code: 'invalid_response', field: key } })
  })

  it('refuses a range whose maximum is below its minimum', () => {
    expect(parseFeesTable({ ...table, minFees: 24, maxFees: 12 })).toMatchObject({ ok: false, error: { field: 'maxFees' } })
  })

  it('rounds amounts half-up to cents: float noise is not an error', () => {
    const parsed = parseFeesTable({ ...table, feeAmount: 4890.35 + 1100.1, finalFee: 6000.004999, interests: 0.125 })
    expect(parsed.ok && [parsed.value.feeAmount, parsed.value.finalFee, parsed.value.interests]).toEqual([5990.45, 6000, 0.13])
    expect([roundCents(1.005), roundCents(2.675), roundCents(0.125), roundCents(5990.450000000001), roundCents(-1.005), roundCents(1e308)]).toEqual([1.01, 2.68, 0.13, 5990.45, -1.01, 1e308])
  })

  it('refuses answers that are not objects, and names the nested field', () => {
    expect(parseFeesTable(null)).toMatchObject({ ok: false, error: { code: 'invalid_response', field: 'body' } })
    expect(parseFeesTable([table])).toMatchObject({ ok: false, error: { code: 'invalid_response', field: 'body' } })
    expect(parseAmortizationTable({ ...schedule, fees: {} })).toMatchObject({ ok: false, error: { field: 'fees' } })
    expect(parseAmortizationTable({ ...schedule, fees: [row(1, '2027-01-05'), { ...row(2, '2027-02-05'), fee: null }] })).toMatchObject({
      ok: false,
      error: { code: 'invalid_response', field: 'fees[1].fee' },
    })
    expect(parseAmortizationTable({ ...schedule, totals: null })).toMatchObject({ ok: false, error: { field: 'totals' } })
  })

  it('reads a schedule saved by nobody (null hash and number) and refuses an empty hash', () => {
    expect(parseAmortizationTable({ ...schedule, versionHashCode: null, versionNumber: null })).toMatchObject({ ok: true, value: { versionHashCode: null, versionNumber: null } })
    expect(parseAmortizationTable({ ...schedule, versionHashCode: '' })).toMatchObject({ ok: false, error: { field: 'versionHashCode' } })
  })

  it('reads a saved plan, with the input it was made from normalised and never a token', () => {
    const tuitionInput = { dateOfPayment: '2027-01-05T00:00:00', system: 2, financialType: 0, finalAmount: 6000, token: 'secret', unknown: 1 }
    const parsed = parseSavedFeesTable({ result: table, tuitionInput })
    expect(parsed.ok).toBe(true)
    if (parsed.ok) {
      expect(parsed.value.result).toEqual(table)
      expect(parsed.value.tuitionInput.dateOfPayment).toBe('2027-01-05')
      expect(parsed.value.tuitionInput).not.toHaveProperty('token')
      expect(parsed.value.tuitionInput).not.toHaveProperty('unknown')
    }
    expect(parseSavedFeesTable({ result: { ...table, firstPaymentDate: 'x' }, tuitionInput })).toMatchObject({ ok: false, error: { code: 'invalid_date', field: 'result.firstPaymentDate' } })
    expect(parseSavedFeesTable({ result: table, tuitionInput: { ...tuitionInput, dateOfPayment: '2026-02-30' } })).toMatchObject({
      ok: false,
      error: { code: 'invalid_date', field: 'tuitionInput.dateOfPayment' },
    })
    expect(parseSavedFeesTable({ result: table, tuitionInput: { ...tuitionInput, system: 9 } })).toMatchObject({ ok: false, error: { code: 'invalid_response', field: 'tuitionInput.system' } })
    expect(parseSavedFeesTable({ result: table })).toMatchObject({ ok: false, error: { field: 'tuitionInput' } })
  })

  it('reads a version number, and refuses anything but a whole number', () => {
    expect(parseVersionNumber(3)).toEqual({ ok: true, value: 3 })
    for (const body of ['3', 3.5, -1, null, { versionNumber: 3 }]) {
      expect(parseVersionNumber(body)).toMatchObject({ ok: false, error: { code: 'invalid_response', field: 'versionNumber' } })
    }
  })
})

describe('the response boundary: the raw answer', () => {
  it('refuses a 204 and an empty body as empty_response', () => {
    expect(parseJsonText(204, '')).toMatchObject({ ok: false, error: { code: 'empty_response' } })
    expect(parseJsonText(200, '')).toMatchObject({ ok: false, error: { code: 'empty_response' } })
    expect(parseJsonText(200, '  \n')).toMatchObject({ ok: false, error: { code: 'empty_response' } })
  })

  it('refuses a login page answered with 200 as not_json', () => {
    const parsed = parseJsonText(200, '<!doctype html><title>Sign in</title>')
    expect(parsed).toMatchObject({ ok: false, error: { code: 'not_json', field: 'body' } })
    if (!parsed.ok) expect(parsed.error.message).toContain('<!doctype html>')
  })

  it('passes any JSON on to the parsers', () => {
    expect(parseJsonText(200, '{"a":1}')).toEqual({ ok: true, value: { a: 1 } })
    expect(parseJsonText(200, '3')).toEqual({ ok: true, value: 3 })
    expect(parseJsonText(200, 'null')).toEqual({ ok: true, value: null })
  })
})
