/**
 * Turns a financeable request into the two answers of the calculator: the
 * fees table (CalculateFeeOptions) and the amortization table
 * (FrontCalculateFees). Both come from the one exact schedule of money.ts.
 */
import type { AmortizationTable, FeesTableResult } from '../../src/domain/types.ts'
import type { CalendarDate } from './dates.ts'
import {
  amortize,
  annualPercentageRate,
  centsToNumber,
  daysBetween,
  epochDay,
  type Rate,
  type Schedule,
} from './money.ts'
import { problem } from './problem.ts'
import type { Financeable, Outcome } from './validate.ts'

export interface Rates {
  tinFinancing: Rate
  tinRefinancing: Rate
  minFees: number
  maxFees: number
}

export interface Plan {
  /** isModificable is true here: a freshly calculated plan may be changed. */
  result: FeesTableResult
  /** Not saved yet: no hash and no number. Made on first read: CalculateFeeOptions never needs it. */
  readonly table: AmortizationTable
}

/** The calendar day (UTC) of an instant: the drawdown date of a plan calculated then. */
export function utcDay(instant: Date): CalendarDate {
  return instant.toISOString().slice(0, 'YYYY-MM-DD'.length)
}

/**
 * The plan for a request calculated on `today` (UTC), the drawdown date of its
 * APR. A first payment already past is taken as lent on its own day: money
 * cannot be repaid before it is lent.
 */
export function buildPlan(financeable: Financeable, rates: Rates, today: CalendarDate): Outcome<Plan> {
  const { request, amountToFinance, numberOfFees: n } = financeable
  const rate = request.financialType === 1 ? rates.tinRefinancing : rates.tinFinancing
  const schedule = amortize(amountToFinance, rate, n, request.firstDate)
  if (schedule === 'amount_too_small') {
    const detail = `${centsToNumber(amountToFinance)} cannot be spread over ${n} fees of at least one cent each.`
    return {
      ok: false,
      problem: problem('amount_too_small', detail, [
        { field: 'numberOfFees', message: 'is too large for this amount' },
      ]),
    }
  }

  const drawdown = epochDay(daysBetween(today, request.firstDate) < 0 ? request.firstDate : today)
  const tae = annualPercentageRate(
    amountToFinance,
    schedule.installments.map((row) => ({ fee: row.fee, days: epochDay(row.dueDate) - drawdown })),
  )

  const result: FeesTableResult = {
    totalFees: n,
    feeAmount: centsToNumber(schedule.feeAmount),
    firstPaymentDate: request.firstDate,
    minFees: rates.minFees,
    maxFees: rates.maxFees,
    amountToFinance: centsToNumber(amountToFinance),
    initialAmount: centsToNumber(financeable.initialAmount),
    partialPayment: centsToNumber(financeable.partialPayment),
    interests: centsToNumber(schedule.interests),
    finalFee: centsToNumber(schedule.total),
    financeType: request.financialType,
    isModificable: true,
    tin: Number(rate.text),
    tae,
    currency: request.currency,
  }
  let table: AmortizationTable | undefined
  const plan: Plan = {
    result,
    get table() {
      table ??= amortizationTable(request.currency, amountToFinance, schedule)
      return table
    },
  }
  return { ok: true, value: plan }
}

function amortizationTable(currency: string, amountToFinance: bigint, schedule: Schedule): AmortizationTable {
  return {
    versionHashCode: null,
    versionNumber: null,
    currency,
    fees: schedule.installments.map((row) => ({
      number: row.number,
      dueDate: row.dueDate,
      fee: centsToNumber(row.fee),
      interest: centsToNumber(row.interest),
      principal: centsToNumber(row.principal),
      balance: centsToNumber(row.balance),
    })),
    totals: {
      amountToFinance: centsToNumber(amountToFinance),
      interests: centsToNumber(schedule.interests),
      finalFee: centsToNumber(schedule.total),
    },
  }
}
