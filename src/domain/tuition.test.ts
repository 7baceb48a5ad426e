import { MAX_FEE_COUNT } from '@fees-calculator/contract'
import { describe, expect, it, vi } from 'vitest'
import { languageOfTag } from './language.ts'
import { checkTuitionInput, INVALID_DATE_MESSAGE, readTuitionText, validateTuitionInput } from './tuition.ts'

const valid = {
  currency: 'eur',
  dateOfPayment: '2027-01-05',
  numberOfFees: 12,
  finalAmount: 6000,
  system: 1,
  financialType: 0,
  language: 'EN',
  token: 'secret',
  studyIdName: 'Grado en Derecho',
  contractId: 'C-1',
}

describe('validateTuitionInput', () => {
  it('accepts a valid input and normalises it', () => {
    const check = validateTuitionInput(valid)
    expect(check).toEqual({
      ok: true,
      value: expect.objectContaining({
        currency: 'EUR',
        language: 'en',
        dateOfPayment: '2027-01-05',
        partialPayment: null,
      }),
    })
  })

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['not a date', 'tomorrow'],
    ['a day that does not exist', '2027-02-30'],
    ['a number', 20270105],
    ['a month 13', '2027-13-01'],
  ])('refuses a %s dateOfPayment with the exact message hosts match on', (_label, dateOfPayment) => {
    expect(validateTuitionInput({ ...valid, dateOfPayment })).toEqual({
      ok: false,
      error: { code: 'invalid_date', message: INVALID_DATE_MESSAGE, field: 'dateOfPayment' },
    })
  })

  it('takes a date-time without zone as UTC', () => {
    const check = validateTuitionInput({ ...valid, dateOfPayment: '2027-01-05T23:30:00' })
    expect(check.ok && check.value.dateOfPayment).toBe('2027-01-05')
  })

  it('converts a date-time with an offset to its UTC day', () => {
    const check = validateTuitionInput({ ...valid, dateOfPayment: '2027-01-05T23:30:00-02:00' })
    expect(check.ok && check.value.dateOfPayment).toBe('2027-01-06')
  })

  it.each([
    ['a negative amount', { finalAmount: -1 }, 'finalAmount'],
    ['a text amount', { finalAmount: '6000' }, 'finalAmount'],
    ['NaN', { finalAmount: Number.NaN }, 'finalAmount'],
    ['a huge amount', { finalAmount: 1e12 }, 'finalAmount'],
    ['an unknown system', { system: 9 }, 'system'],
    ['a text system', { system: 'Salesforce' }, 'system'],
    ['an unknown financial type', { financialType: 2 }, 'financialType'],
    ['a fractional fee count', { numberOfFees: 12.5 }, 'numberOfFees'],
    ['a fee count past the most a plan may have', { numberOfFees: MAX_FEE_COUNT + 1 }, 'numberOfFees'],
    ['a bad currency', { currency: 'euro' }, 'currency'],
    ['an object as name', { studyIdName: {} }, 'studyIdName'],
    ['a text flag', { isSavedVersion: 'yes' }, 'isSavedVersion'],
    ['financing without finalAmount', { finalAmount: null }, 'finalAmount'],
    ['refinancing without amountToRefinance', { financialType: 1 }, 'amountToRefinance'],
  ])('refuses %s', (_label, patch, field) => {
    const check = validateTuitionInput({ ...valid, ...patch })
    expect(check.ok).toBe(false)
    expect(!check.ok && check.error).toMatchObject({ code: 'invalid_field', field })
  })

  it('takes a fee count from 0 (the smallest the API offers) up to the most a plan may have', () => {
    for (const numberOfFees of [0, 1, MAX_FEE_COUNT])
      expect(validateTuitionInput({ ...valid, numberOfFees }).ok).toBe(true)
    expect(validateTuitionInput({ ...valid, numberOfFees: MAX_FEE_COUNT + 1 })).toMatchObject({
      ok: false,
      error: { message: `numberOfFees must be a whole number from 0 to ${MAX_FEE_COUNT}.` },
    })
  })

  it.each([null, [], 'text', 42])('refuses %j as not an object', (raw) => {
    expect(validateTuitionInput(raw)).toMatchObject({ ok: false, error: { code: 'not_an_object' } })
  })
})

describe('a tuition input given as JSON text', () => {
  it('answers malformed JSON with an error instead of throwing', () => {
    expect(checkTuitionInput(readTuitionText('{"dateOfPayment":'))).toMatchObject({
      ok: false,
      error: { code: 'invalid_json' },
    })
  })
  it('parses and validates well-formed JSON', () => {
    expect(checkTuitionInput(readTuitionText(JSON.stringify(valid))).ok).toBe(true)
  })
})

describe('the language of a tuition input', () => {
  it.each([
    ['en', 'en'],
    ['EN', 'en'],
    ['en-US', 'en'],
    ['EN_gb', 'en'],
    ['es', 'es'],
    ['es-419', 'es'],
    ['ca', 'ca'],
    ['ca-ES', 'ca'],
    ['ca-ES-valencia', 'ca'],
    ['eu_ES', 'eu'],
    ['EU', 'eu'],
    ['gl-ES', 'gl'],
    ['pt', 'pt'],
    ['pt-PT', 'pt'],
    ['pt-BR', 'pt'],
    [' pt_br ', 'pt'],
    ['', 'es'],
    [null, 'es'],
  ])('counts %j by its primary subtag: %s', (tag, language) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    expect(languageOfTag(tag)).toBe(language)
    expect(warn).not.toHaveBeenCalled()
    warn.mockRestore()
  })

  it.each([['eng'], ['fr'], ['catalan'], ['ptBR']])(
    'gives Spanish for %j, with one warning naming the tag and the languages it knows',
    (tag) => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
      expect(languageOfTag(tag)).toBe('es')
      expect(languageOfTag(tag)).toBe('es')
      expect(warn).toHaveBeenCalledTimes(1)
      expect(String(warn.mock.calls[0]?.[0])).toContain(`"${tag}"`)
      expect(String(warn.mock.calls[0]?.[0])).toContain('es, en, ca, eu, gl, pt')
      warn.mockRestore()
    },
  )
})
