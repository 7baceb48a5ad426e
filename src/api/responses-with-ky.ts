// The answers read with ky, in the http chunk (src/api/ky.ts): a plan's amortization table (a schedule asked for, or
// a save), a saved version's number, and a saved version opened by its hash. The first figures of a tuition input do
// not wait for them, and a call that reads one loads that chunk first. Read by the rules of the response boundary
// (responses.ts).
import { MAX_FEE_COUNT, toIsoDate } from '@fees-calculator/contract'
import {
  type AmortizationFee,
  type AmortizationTable,
  FinancialType,
  type SavedFeesTable,
  type TuitionPayload,
} from '../domain/types.ts'
import { currency, date, feesTable, money, number, object, optionalText, parsed, refuse } from './responses.ts'

function fee(value: unknown, index: number): AmortizationFee {
  const parent = `fees[${index}]`
  const o = object(value, parent)
  return {
    number: number(o, 'number', parent, { min: 1, max: MAX_FEE_COUNT, whole: true }),
    dueDate: date(o, 'dueDate', parent),
    fee: money(o, 'fee', parent),
    interest: money(o, 'interest', parent),
    principal: money(o, 'principal', parent),
    balance: money(o, 'balance', parent),
  }
}

function amortizationTable(body: unknown): AmortizationTable {
  const o = object(body, '(body)')
  if (!Array.isArray(o.fees)) return refuse('fees', 'must be a list')
  if (o.fees.length > MAX_FEE_COUNT) return refuse('fees', `must have at most ${MAX_FEE_COUNT} rows`)
  const totals = object(o.totals, 'totals')
  const versionNumber =
    o.versionNumber === null || o.versionNumber === undefined
      ? null
      : number(o, 'versionNumber', '', { min: 1, whole: true })
  return {
    versionHashCode: optionalText(o, 'versionHashCode'),
    versionNumber,
    currency: currency(o) ?? '',
    fees: o.fees.map(fee),
    totals: {
      amountToFinance: money(totals, 'amountToFinance', 'totals'),
      interests: money(totals, 'interests', 'totals'),
      finalFee: money(totals, 'finalFee', 'totals'),
    },
  }
}

/** The answer of `FrontCalculateFees`. */
export const parseAmortizationTable = parsed(amortizationTable)
/** The answer of `Version/Number`: a whole number from 1, bare or as a numeric text. */
export const parseVersionNumber = parsed((body): number => {
  const value = typeof body === 'string' && /^\d+$/.test(body.trim()) ? Number(body) : body
  return number({ versionNumber: value }, 'versionNumber', '', { min: 1, whole: true })
})

/**
 * The tuition input a saved version was made from. It goes back to the server
 * as is on a save (the server validates it), so only what the widget itself
 * reads is checked: the system, the type, the date and the language.
 */
function savedInput(value: unknown): TuitionPayload {
  const o = object(value, 'tuitionInput')
  number(o, 'system', 'tuitionInput', { min: 0, whole: true })
  const financialType = o.financialType
  if (financialType !== FinancialType.Financing && financialType !== FinancialType.Refinancing) {
    refuse('tuitionInput.financialType', 'must be 0 (financing) or 1 (refinancing)')
  }
  const input = { ...o } as unknown as TuitionPayload
  if (o.dateOfPayment !== null && o.dateOfPayment !== undefined)
    input.dateOfPayment = date(o, 'dateOfPayment', 'tuitionInput')
  if (o.language !== null && o.language !== undefined && typeof o.language !== 'string') {
    refuse('tuitionInput.language', 'must be a language tag')
  }
  return input
}

/** The answer of `GET Calculator/feestable/{hash}`. */
export const parseSavedFeesTable = parsed((body): SavedFeesTable => {
  const o = object(body, '(body)')
  // When it was saved is kept as its UTC day, and left out when unreadable: it only names the version.
  const savedAt = toIsoDate(o.savedAt)
  return {
    result: feesTable(o.result, 'result'),
    tuitionInput: savedInput(o.tuitionInput),
    ...(savedAt && { savedAt }),
  }
})
