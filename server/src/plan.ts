/**
 * Turns a financeable request into the two answers of the calculator: the
 * fees table (CalculateFeeOptions) and the amortization table
 * (FrontCalculateFees). Both come from the one schedule and APR of planFigures (money/).
 */
import type { AmortizationTable, FeesTableResult } from '@fees-calculator/contract'
import { addMonthsClamped, type CalendarDate } from './dates.ts'
import { type CentsSchedule, centsAsAmount, centsToNumber, planFigures, type Rate } from './money/index.ts'
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

const MS_PER_DAY = 86_400_000
/** The last day utcDay wrote out, as days since the epoch and as text: a day is written once, not per request. */
let lastDay = Number.NaN
let lastDayText: CalendarDate = ''

/** The calendar day (UTC) of an instant (a Date, or milliseconds since the epoch): the drawdown date of a plan calculated then. */
export function utcDay(instant: Date | number): CalendarDate {
  const ms = typeof instant === 'number' ? instant : instant.getTime()
  const day = Math.floor(ms / MS_PER_DAY)
  if (day !== lastDay) {
    // An invalid instant (NaN) is never equal, so it throws here as toISOString does.
    lastDayText = new Date(ms).toISOString().slice(0, 'YYYY-MM-DD'.length)
    lastDay = day
  }
  return lastDayText
}

/**
 * The plan for a request calculated on `todayDate` (UTC), the drawdown date of its
 * APR. A first payment already past is taken as lent on its own day: money
 * cannot be repaid before it is lent.
 */
export function buildPlan(financeable: Financeable, rates: Rates, todayDate: CalendarDate): Outcome<Plan> {
  const { request, amountToFinance, numberOfFees: n } = financeable
  const rate = request.financialType === 1 ? rates.tinRefinancing : rates.tinFinancing
  const figures = planFigures(amountToFinance, rate, n, request.firstDate, todayDate)
  if (figures === 'amount_too_small') {
    const detail = `${centsToNumber(amountToFinance)} cannot be spread over ${n} fees of at least one cent each.`
    return {
      ok: false,
      problem: problem('amount_too_small', detail, [
        { field: 'numberOfFees', message: 'is too large for this amount' },
      ]),
    }
  }
  const { schedule, tae } = figures

  const result: FeesTableResult = {
    totalFees: n,
    feeAmount: centsAsAmount(schedule.feeAmount),
    firstPaymentDate: request.firstDate,
    minFees: rates.minFees,
    maxFees: rates.maxFees,
    amountToFinance: centsToNumber(amountToFinance),
    initialAmount: centsToNumber(financeable.initialAmount),
    partialPayment: centsToNumber(financeable.partialPayment),
    interests: centsAsAmount(schedule.interests),
    finalFee: centsAsAmount(schedule.total),
    financeType: request.financialType,
    isModificable: true,
    tin: rate.value,
    tae,
    currency: request.currency,
  }
  return {
    ok: true,
    value: new CalculatedPlan(result, request.currency, request.firstDate, amountToFinance, figures.withRows),
  }
}

/** A plan whose amortization table is written out on first read only. */
class CalculatedPlan implements Plan {
  #table: AmortizationTable | undefined
  constructor(
    readonly result: FeesTableResult,
    private readonly currency: string,
    private readonly firstDate: CalendarDate,
    private readonly amountToFinance: bigint,
    private readonly schedule: () => CentsSchedule,
  ) {}

  get table(): AmortizationTable {
    this.#table ??= amortizationTable(this.currency, this.firstDate, this.amountToFinance, this.schedule())
    return this.#table
  }
}

function amortizationTable(
  currency: string,
  firstDate: CalendarDate,
  amountToFinance: bigint,
  schedule: CentsSchedule,
): AmortizationTable {
  return {
    versionHashCode: null,
    versionNumber: null,
    currency,
    fees: schedule.installments.map((row, k) => ({
      number: k + 1,
      dueDate: addMonthsClamped(firstDate, k),
      fee: centsAsAmount(row.fee),
      interest: centsAsAmount(row.interest),
      principal: centsAsAmount(row.principal),
      balance: centsAsAmount(row.balance),
    })),
    totals: {
      amountToFinance: centsToNumber(amountToFinance),
      interests: centsAsAmount(schedule.interests),
      finalFee: centsAsAmount(schedule.total),
    },
  }
}
