import { describe, expect, it } from 'vitest'
import { standInAmortization, standInFeesTable, tuitionInput } from '../../test/support/fixtures.ts'
import { withoutToken } from '../domain/payload.ts'
import { parseFeesTable, parseJsonText } from './responses.ts'
import { parseAmortizationTable, parseSavedFeesTable, parseVersionNumber } from './responses-with-ky.ts'

const payload = withoutToken(tuitionInput())
const table = standInFeesTable(payload)

describe('the response boundary', () => {
  it('keeps a fees table as the reference API sends it', () => {
    expect(parseFeesTable(table)).toEqual({ ok: true, value: table })
  })

  it.each([
    ['2027-01-05T00:00:00', '2027-01-05'],
    ['2027-01-05T00:00:00Z', '2027-01-05'],
    ['2027-01-05T00:00:00.000Z', '2027-01-05'],
    ['2027-01-05T00:00:00.0000000', '2027-01-05'],
    ['2027-01-05T00:00:00+00:00', '2027-01-05'],
    ['2027-01-05T01:00:00+02:00', '2027-01-04'],
  ])('reads the first payment date %j as the UTC day %s', (sent, day) => {
    expect(parseFeesTable({ ...table, firstPaymentDate: sent })).toMatchObject({
      ok: true,
      value: { firstPaymentDate: day },
    })
  })

  it('drops fields it does not know and reads a blank partial payment as 0', () => {
    const parsed = parseFeesTable({ ...table, partialPayment: null, internalId: 7, links: { self: '/x' } })
    expect(parsed.ok && parsed.value).toEqual({ ...table, partialPayment: 0 })
  })

  it("reads an answer without a currency as naming none (the screen shows the input's)", () => {
    const { currency: _, ...rest } = table
    expect(parseFeesTable(rest)).toMatchObject({ ok: true, value: { currency: '' } })
  })

  it.each([
    ['feeAmount', undefined, 'invalid_response'],
    ['feeAmount', null, 'invalid_response'],
    ['feeAmount', '500', 'invalid_response'],
    ['feeAmount', -1, 'invalid_response'],
    ['totalFees', 12.5, 'invalid_response'],
    ['maxFees', 1_000_000_000, 'invalid_response'],
    ['maxFees', 6, 'invalid_response'],
    ['minFees', 0, 'invalid_response'],
    ['isModificable', 'yes', 'invalid_response'],
    ['financeType', 2, 'invalid_response'],
    ['currency', 'euros', 'invalid_response'],
    ['firstPaymentDate', '05/01/2027', 'invalid_date'],
    ['firstPaymentDate', '2026-02-30T00:00:00', 'invalid_date'],
    ['firstPaymentDate', null, 'invalid_date'],
  ])('refuses %s = %j, naming the field', (field, value, code) => {
    const parsed = parseFeesTable({ ...table, [field]: value })
    expect(parsed).toMatchObject({ ok: false, error: { code, field } })
  })

  it('names the row of a schedule whose due date cannot be read', () => {
    const schedule = standInAmortization(payload, 'h-1')
    expect(parseAmortizationTable(schedule)).toEqual({ ok: true, value: schedule })
    const broken = { ...schedule, fees: schedule.fees.map((fee, k) => (k === 3 ? { ...fee, dueDate: 'soon' } : fee)) }
    expect(parseAmortizationTable(broken)).toMatchObject({
      ok: false,
      error: { code: 'invalid_date', field: 'fees[3].dueDate' },
    })
    expect(parseAmortizationTable({ ...schedule, totals: null })).toMatchObject({
      ok: false,
      error: { field: 'totals' },
    })
  })

  it('reads a saved fees table and its input, the date of payment as a UTC day', () => {
    const parsed = parseSavedFeesTable({
      result: table,
      tuitionInput: { ...payload, dateOfPayment: '2027-01-05T00:00:00' },
    })
    expect(parsed).toMatchObject({ ok: true, value: { result: table, tuitionInput: { dateOfPayment: '2027-01-05' } } })
    expect(parseSavedFeesTable({ result: { ...table, tae: 'NaN' }, tuitionInput: payload })).toMatchObject({
      ok: false,
      error: { field: 'result.tae' },
    })
  })

  it('reads a version number bare or as text, and refuses anything else', () => {
    expect(parseVersionNumber(3)).toEqual({ ok: true, value: 3 })
    expect(parseVersionNumber('3')).toEqual({ ok: true, value: 3 })
    for (const bad of [0, -1, 2.5, 'three', null, { versionNumber: 3 }]) expect(parseVersionNumber(bad).ok).toBe(false)
  })

  it('refuses an empty body, a 204 and a body that is not JSON (a login page answered with 200)', () => {
    expect(parseJsonText(204, '')).toMatchObject({ ok: false, error: { code: 'invalid_response', field: '(body)' } })
    expect(parseJsonText(200, '  ')).toMatchObject({ ok: false })
    expect(parseJsonText(200, '<!doctype html><title>Sign in</title>')).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('not JSON') },
    })
    expect(parseJsonText(200, '{"a":1}')).toEqual({ ok: true, value: { a: 1 } })
  })
})
