/**
 * The server's money (docs/rules.md#money), what the rest of the server calls: planFigures picks how a
 * plan's figures are computed, and the amounts of the wire are read and written here. reference.ts states
 * the rules plainly in bigint; fast.ts and fast-apr.ts give the same cents and the same rate faster, with
 * doubles, wherever that is shown to be exact.
 */
import Decimal from 'decimal.js'
import { type CalendarDate, dueEpochDays, epochDay } from '../dates.ts'
import { amortizeInCents, type CentsSchedule } from './fast.ts'
import { annualPercentageRate, annualPercentageRateInCents } from './fast-apr.ts'
import { amortize, type Rate, type Schedule, type ScheduleFailure } from './reference.ts'

export type { CentsInstallment, CentsSchedule } from './fast.ts'
export { parseRate, type Rate, type ScheduleFailure } from './reference.ts'

const CENTS_PER_UNIT = 100

/** A plan's money: its schedule in cents and its APR. */
export interface PlanFigures {
  /**
   * Which computation gave the schedule's cents: the doubles' (amortizeInCents) when every value was shown
   * to stay exact in them, the reference's bigint amortize otherwise. The APR is fast-apr's either way.
   */
  readonly path: 'fast' | 'reference'
  /** The schedule's amounts; its rows may be left out (see withRows). */
  readonly schedule: CentsSchedule
  /** The same schedule with a row per fee. */
  readonly withRows: () => CentsSchedule
  /** The APR (TAE), rounded half-up to 6 decimals. */
  readonly tae: number
}

/**
 * The money of a plan of n fees from `firstDate`, calculated on `today` (UTC): lent that day, or on the
 * first payment's day when that is already past (money cannot be repaid before it is lent).
 * The schedule is worked out in doubles when amortizeInCents shows every cent exact in them, else by the
 * reference's amortize; both give the same cents. Its rows are made only when withRows is called: the
 * fees table needs the totals only. The APR is fast-apr's on either path: its doubles decide only the
 * signs they are sure of and the reference's 40-digit equation the rest, so it is the reference's rate for
 * any plan, while the reference's own search works out both rounding ends in 40 digits every time (some
 * half a millisecond a fee, a quarter of a second for 600 fees: too slow to answer with).
 */
export function planFigures(
  principalCents: bigint,
  rate: Rate,
  n: number,
  firstDate: CalendarDate,
  today: CalendarDate,
): PlanFigures | ScheduleFailure {
  const fast = amortizeInCents(principalCents, rate, n, 'totals')
  if (fast === 'amount_too_small') return fast
  const todayDay = epochDay(today)
  if (fast !== null) {
    // Every fee is the fee amount but the last; the due days become days after the drawdown in place.
    const fees = new Array<number>(n).fill(fast.feeAmount)
    fees[n - 1] = fast.lastFee
    const days = dueEpochDays(firstDate, n)
    const drawdown = Math.min(todayDay, days[0] as number)
    for (let k = 0; k < n; k += 1) days[k] = (days[k] as number) - drawdown
    return {
      path: 'fast',
      schedule: fast,
      withRows: () => amortizeInCents(principalCents, rate, n) as CentsSchedule,
      tae: annualPercentageRateInCents(Number(principalCents), fees, days),
    }
  }
  const exact = amortize(principalCents, rate, n, firstDate)
  if (exact === 'amount_too_small') return exact
  const drawdown = Math.min(todayDay, epochDay(firstDate))
  const tae = annualPercentageRate(
    principalCents,
    exact.installments.map((row) => ({ fee: row.fee, days: epochDay(row.dueDate) - drawdown })),
  )
  const schedule = scheduleInCents(exact)
  return { path: 'reference', schedule, withRows: () => schedule, tae }
}

/** The reference's schedule as a CentsSchedule: its amounts as doubles, as centsToNumber reads them. */
export function scheduleInCents(schedule: Schedule): CentsSchedule {
  return {
    feeAmount: Number(schedule.feeAmount),
    lastFee: Number(schedule.installments.at(-1)?.fee ?? schedule.feeAmount),
    installments: schedule.installments.map((row) => ({
      fee: Number(row.fee),
      interest: Number(row.interest),
      principal: Number(row.principal),
      balance: Number(row.balance),
    })),
    interests: Number(schedule.interests),
    total: Number(schedule.total),
  }
}

/** A number of cents as the JSON number of an amount: as centsToNumber. */
export function centsAsAmount(cents: number): number {
  return cents / CENTS_PER_UNIT
}

/** Cents as the JSON number of an amount: at most two decimals, exactly as written. */
export function centsToNumber(cents: bigint): number {
  // An integer divided by 100 is the double nearest the two-decimal value, and JSON prints that value back.
  return Number(cents) / CENTS_PER_UNIT
}

/** A JSON amount as cents, rounded half-up (docs/rules.md#money); null when it is not finite. */
export function toCents(amount: number): bigint | null {
  if (!Number.isFinite(amount)) return null
  // A whole amount (the usual one) is exact as a double: its cents need no decimal arithmetic.
  if (Number.isSafeInteger(amount)) return BigInt(amount) * BigInt(CENTS_PER_UNIT)
  // Decimal reads a number through its shortest decimal text, so 0.29 is 0.29, not 0.28999…, and
  // 5990.450000000001 (4890.35 + 1100.10 in binary floats) rounds half-up to 5990.45.
  return BigInt(new Decimal(amount).times(CENTS_PER_UNIT).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toFixed(0))
}
