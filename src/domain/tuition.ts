import { MAX_AMOUNT, MAX_FEE_COUNT, toIsoDate } from '@fees-calculator/contract'
import { isKnownSystem } from './systems.ts'
import { FinancialType, type TuitionInput } from './types.ts'

/** The exact text the host receives for a missing or invalid dateOfPayment (hosts match on it). */
export const INVALID_DATE_MESSAGE = 'La Fecha de pago introducida no es válida'

export type TuitionErrorCode = 'invalid_json' | 'not_an_object' | 'invalid_date' | 'invalid_field'

/** Why a tuition input was refused before any request was sent. */
export interface TuitionError {
  code: TuitionErrorCode
  message: string
  /** The failing field, when one is to blame. */
  field?: keyof TuitionInput
}

export type TuitionCheck = { ok: true; value: TuitionInput } | { ok: false; error: TuitionError }

const fail = (code: TuitionErrorCode, message: string, field?: keyof TuitionInput): TuitionCheck => ({
  ok: false,
  error: field ? { code, message, field } : { code, message },
})

const isBlank = (v: unknown) => v === undefined || v === null || v === ''

/**
 * Where a JSON text failed to parse, by character (engines word it as "at position N", "at line L column C"),
 * or at its end; nothing of the text itself.
 */
function whereJsonFailed(cause: unknown, text: string): string {
  const message = cause instanceof Error ? cause.message : ''
  const position = /position (\d+)/.exec(message)?.[1]
  if (position !== undefined) return ` (at character ${Number(position) + 1})`
  const lineColumn = /line (\d+) column (\d+)/.exec(message)
  if (lineColumn) return ` (at line ${lineColumn[1]}, column ${lineColumn[2]})`
  if (/end of (JSON )?(data|input)/i.test(message) || text.trim() === '') return ' (it ends too soon)'
  return ''
}

/**
 * A tuition input the host gave as JSON text (the `tuition-input` attribute, or a string property), read once where
 * it arrives: the text as given, and its value, or why it is not JSON.
 */
export class TuitionText {
  readonly read: { ok: true; value: unknown } | { ok: false; error: TuitionError }
  constructor(readonly text: string) {
    try {
      this.read = { ok: true, value: JSON.parse(text) }
    } catch (cause) {
      // The parser's own message quotes the text it failed on, the token included: say only where it failed.
      this.read = {
        ok: false,
        error: { code: 'invalid_json', message: `tuition-input is not valid JSON${whereJsonFailed(cause, text)}.` },
      }
    }
  }
}

export const readTuitionText = (text: string) => new TuitionText(text)

/** Checks a tuition input: the host's object, or the value of its JSON text. */
export function checkTuitionInput(value: unknown): TuitionCheck {
  if (!(value instanceof TuitionText)) return validateTuitionInput(value)
  return value.read.ok ? validateTuitionInput(value.read.value) : value.read
}

/**
 * Checks a tuition input given by a host and returns it normalised: the date
 * as `YYYY-MM-DD` (taken as UTC), the language in lower case, the currency in
 * upper case, blank amounts as null.
 */
export function validateTuitionInput(raw: unknown): TuitionCheck {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return fail('not_an_object', 'The tuition input must be a JSON object.')
  }
  const input = raw as Record<string, unknown>

  const dateOfPayment = toIsoDate(input.dateOfPayment)
  if (!dateOfPayment) return fail('invalid_date', INVALID_DATE_MESSAGE, 'dateOfPayment')

  if (!isKnownSystem(input.system)) return fail('invalid_field', 'system must be one of 1 to 7.', 'system')
  const financialType = input.financialType
  if (financialType !== FinancialType.Financing && financialType !== FinancialType.Refinancing) {
    return fail('invalid_field', 'financialType must be 0 (financing) or 1 (refinancing).', 'financialType')
  }

  const amounts: Partial<Record<'finalAmount' | 'partialPayment' | 'amountToRefinance', number | null>> = {}
  for (const field of ['finalAmount', 'partialPayment', 'amountToRefinance'] as const) {
    const value = input[field]
    if (isBlank(value)) {
      amounts[field] = null
      continue
    }
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > MAX_AMOUNT) {
      return fail('invalid_field', `${field} must be a number from 0 to ${MAX_AMOUNT}.`, field)
    }
    amounts[field] = value
  }
  const required = financialType === FinancialType.Financing ? 'finalAmount' : 'amountToRefinance'
  if (amounts[required] === null)
    return fail('invalid_field', `${required} is required for this financial type.`, required)

  const numberOfFees = input.numberOfFees
  if (
    !isBlank(numberOfFees) &&
    !(Number.isInteger(numberOfFees) && (numberOfFees as number) >= 0 && (numberOfFees as number) <= MAX_FEE_COUNT)
  ) {
    return fail('invalid_field', `numberOfFees must be a whole number from 0 to ${MAX_FEE_COUNT}.`, 'numberOfFees')
  }

  const texts: Partial<
    Record<'currency' | 'language' | 'token' | 'studyIdName' | 'contractId' | 'linkedVersionIdentifier', string | null>
  > = {}
  for (const field of [
    'currency',
    'language',
    'token',
    'studyIdName',
    'contractId',
    'linkedVersionIdentifier',
  ] as const) {
    const value = input[field]
    if (isBlank(value)) texts[field] = null
    else if (typeof value === 'string') texts[field] = value
    else return fail('invalid_field', `${field} must be a text.`, field)
  }
  if (texts.currency && !/^[A-Za-z]{3}$/.test(texts.currency)) {
    return fail('invalid_field', 'currency must be an ISO 4217 code such as EUR.', 'currency')
  }

  for (const field of ['isSavedVersion', 'isFrontEndVersionCopy'] as const) {
    if (!isBlank(input[field]) && typeof input[field] !== 'boolean') {
      return fail('invalid_field', `${field} must be true or false.`, field)
    }
  }

  return {
    ok: true,
    value: {
      currency: texts.currency?.toUpperCase() ?? null,
      dateOfPayment,
      numberOfFees: isBlank(numberOfFees) ? null : (numberOfFees as number),
      finalAmount: amounts.finalAmount ?? null,
      partialPayment: amounts.partialPayment ?? null,
      amountToRefinance: amounts.amountToRefinance ?? null,
      system: input.system,
      financialType,
      language: texts.language?.toLowerCase() ?? null,
      token: texts.token ?? null,
      studyIdName: texts.studyIdName ?? null,
      contractId: texts.contractId ?? null,
      linkedVersionIdentifier: texts.linkedVersionIdentifier ?? null,
      isSavedVersion: (input.isSavedVersion as boolean | undefined | null) ?? null,
      isFrontEndVersionCopy: (input.isFrontEndVersionCopy as boolean | undefined | null) ?? null,
    },
  }
}
