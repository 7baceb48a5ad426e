// The answers read after the first figures: a plan's amortization table (a schedule asked for, or a save) and a
// saved version's number. They come with ky, in the http chunk (src/api/ky.ts): the first figures do not wait for
// them, and a call that reads one loads that chunk first. Read by the rules of the response boundary (responses.ts).
import { MAX_FEE_COUNT } from '@fees-calculator/contract'
import type { AmortizationFee, AmortizationTable } from '../domain/types.ts'
import { currency, date, money, number, object, optionalText, parsed, refuse } from './responses.ts'

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
