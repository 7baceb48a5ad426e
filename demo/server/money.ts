/**
 * The money of the calculator (docs/rules.md#money), exact: amounts are integer cents (bigint),
 * rates are exact fractions, and every division is rounded half-up to a cent
 * once. No binary float is ever accumulated, so a spreadsheet's PMT and this
 * code agree on every cent.
 */
import Decimal from 'decimal.js'
import { addMonthsClamped, type CalendarDate } from './dates.ts'

/** An annual nominal rate (TIN) as the exact fraction numerator / denominator. */
export interface Rate {
  /** As configured, e.g. `0.0595`. */
  readonly text: string
  readonly numerator: bigint
  readonly denominator: bigint
}

/** Decimal places a configured rate may have: ample for any real TIN, and keeps the fractions small. */
const MAX_RATE_DECIMALS = 12
const MONTHS_PER_YEAR = 12n
/** The APR is given with 6 decimals (0.061147 = 6.1147 %). */
const APR_SCALE = 1_000_000
/** Annex I of the consumer credit directive counts a year as 365 days, leap or not. */
const DAYS_PER_YEAR = 365
/** Days from 0000-03-01 to 1970-01-01, where the epoch-day count starts. */
const DAYS_FROM_0000_03_01_TO_EPOCH = 719_468
/**
 * The largest APR this server states (1 000 000 %): fees due almost at once on a
 * dear plan have no finite rate worth printing, and every real plan is far below.
 */
const MAX_APR = 10_000
/** Bisection steps on the float equation: the bracket shrinks below a double's resolution well before. */
const APR_BISECTION_STEPS = 200
/** Newton steps before falling back to bisection: from X = 0 they converge in fewer than ten on any real plan. */
const APR_NEWTON_STEPS = 50
/**
 * How far a float sum of discounted fees may be from the exact one, relative to
 * the money involved: n ≤ a few hundred terms, each a few ulps off, is far below it.
 * Only when the equation is closer to zero than this does the exact check run.
 */
const APR_FLOAT_TOLERANCE = 1e-12
/** Digits of the exact check: ample for 6 decimals of a rate on cents up to billions. */
const ExactDecimal = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP })
const CENTS_PER_UNIT = 100

/** Parses a rate written as a fraction (`0.0595` is 5.95 %); throws when it is not one in [0, 1). */
export function parseRate(text: string): Rate {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text)
  if (!match) throw new Error('must be a decimal fraction like 0.0595')
  const [, whole = '', fraction = ''] = match
  if (fraction.length > MAX_RATE_DECIMALS) throw new Error(`must have at most ${MAX_RATE_DECIMALS} decimals`)
  const numerator = BigInt(whole + fraction)
  const denominator = 10n ** BigInt(fraction.length)
  // A rate of 1 or more is almost surely a percentage typed as such (5.95 for 0.0595).
  if (numerator >= denominator) throw new Error('must be a fraction below 1 (0.0595 means 5.95 %)')
  return { text, numerator, denominator }
}

/** numerator / denominator rounded half away from zero (half-up for the non-negative amounts of a schedule). */
export function divRoundHalfUp(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new RangeError('denominator must be positive')
  const negative = numerator < 0n
  const magnitude = negative ? -numerator : numerator
  const rounded = (2n * magnitude + denominator) / (2n * denominator)
  return negative ? -rounded : rounded
}

/** The monthly rate i = TIN / 12 as p / q. */
function monthly(rate: Rate): { p: bigint; q: bigint } {
  return { p: rate.numerator, q: rate.denominator * MONTHS_PER_YEAR }
}

/**
 * The French-system fee, round(A·i / (1 − (1+i)^−n)), or round(A / n) when
 * i = 0. With i = p/q it is the exact fraction A·p·(q+p)^n / (q·((q+p)^n − q^n)).
 */
export function monthlyFee(principalCents: bigint, rate: Rate, n: number): bigint {
  if (!Number.isInteger(n) || n < 1) throw new RangeError('n must be a positive integer')
  const { p, q } = monthly(rate)
  if (p === 0n) return divRoundHalfUp(principalCents, BigInt(n))
  const grown = (q + p) ** BigInt(n)
  const base = q ** BigInt(n)
  return divRoundHalfUp(principalCents * p * grown, q * (grown - base))
}

/** One repayment of the APR equation: its amount and how many days after the drawdown it falls. */
export interface DatedFee {
  fee: bigint
  /** Actual days from the drawdown date to the due date. */
  days: number
}

/** Days from `from` to `to`, both `YYYY-MM-DD` calendar days (negative when `to` is earlier). */
export function daysBetween(from: CalendarDate, to: CalendarDate): number {
  return epochDay(to) - epochDay(from)
}

/** Days since 1970-01-01 of a `YYYY-MM-DD` day, from its numbers (the proleptic Gregorian calendar, as Date.UTC). */
export function epochDay(date: CalendarDate): number {
  const year = Number(date.slice(0, 4))
  const month = Number(date.slice(5, 7))
  const day = Number(date.slice(8, 10))
  // Counted from 1 March, so that the leap day ends the year.
  const y = month <= 2 ? year - 1 : year
  const era = Math.floor(y / 400)
  const yearOfEra = y - era * 400
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear
  return era * 146_097 + dayOfEra - DAYS_FROM_0000_03_01_TO_EPOCH
}

/**
 * The APR (TAE) of the EU consumer credit directive, Annex I: the annual rate X
 * for which the amount lent on the drawdown day equals the fees discounted from
 * their due dates, Σ fee_k · (1+X)^−(days_k/365) = A, rounded half-up to 6
 * decimals. The fees never total less than A here (the rate is not negative), so
 * X ≥ 0 and the sum falls as X grows: there is one root, found by bisection on
 * doubles; the 6-decimal rounding is then confirmed by the sign of the equation
 * on both sides of it, in 40-digit decimals when doubles cannot tell.
 * @see ../../docs/rules.md#tae
 */
export function annualPercentageRate(principalCents: bigint, fees: readonly DatedFee[]): number {
  if (principalCents <= 0n || fees.length === 0) throw new RangeError('an APR needs an amount lent and fees')
  if (fees.some((row) => row.days < 0)) throw new RangeError('a fee cannot fall before the drawdown')
  const total = fees.reduce((sum, row) => sum + row.fee, 0n)
  // Fees that only give the amount back cost nothing, whenever they fall.
  if (total === principalCents) return 0
  const lent = Number(principalCents)
  const scale = lent + Number(total)
  // The equation's value at X: what the fees are worth on the drawdown day, less the amount lent.
  const amounts = fees.map((row) => Number(row.fee))
  const years = fees.map((row) => row.days / DAYS_PER_YEAR)
  const gap = (x: number) => {
    let sum = 0
    for (let k = 0; k < amounts.length; k += 1) sum += amounts[k]! * (1 + x) ** -years[k]!
    return sum - lent
  }
  /** The gap's derivative where gapWithSlope was last called. */
  let slope = 0
  /** gap(x), bit for bit, and its derivative there (always negative: the fees are worth less as X grows), in one pass. */
  const gapWithSlope = (x: number) => {
    const base = 1 + x
    let sum = 0
    let derivative = 0
    for (let k = 0; k < amounts.length; k += 1) {
      const worth = amounts[k]! * base ** -years[k]!
      sum += worth
      derivative -= years[k]! * worth
    }
    slope = derivative / base
    return sum - lent
  }
  const exactGap = (x: Decimal) => {
    const base = x.plus(1)
    const worth = fees.reduce(
      (sum, row) => sum.plus(base.pow(new ExactDecimal(-row.days).div(DAYS_PER_YEAR)).times(row.fee.toString())),
      new ExactDecimal(0),
    )
    return worth.minus(principalCents.toString())
  }
  // Whether the root lies at or above x = numerator / denominator: the gap is still ≥ 0 there.
  const rootAtOrAbove = (numerator: number, denominator: number) => {
    const value = gap(numerator / denominator)
    if (Math.abs(value) > APR_FLOAT_TOLERANCE * scale) return value > 0
    return exactGap(new ExactDecimal(numerator).div(denominator)).gte(0)
  }

  if (!rootAtOrAbove(0, 1)) throw new RangeError('the fees total less than the amount lent')
  if (rootAtOrAbove(MAX_APR, 1)) return MAX_APR
  let low = 0
  let high = MAX_APR
  // Newton from X = 0: the gap falls and is convex, so each step lands at or below the root, never past it;
  // it stops when a step no longer moves (or float noise puts it a hair past the root).
  // Each point's gap and slope come from one pass over the fees, and the next step starts from them.
  let converged = false
  let gapLow = gapWithSlope(low)
  let slopeLow = slope
  for (let step = 0; step < APR_NEWTON_STEPS && !converged; step += 1) {
    const next = low - gapLow / slopeLow
    if (!(next < high)) break
    if (!(next > low)) converged = true
    else {
      const gapNext = gapWithSlope(next)
      if (gapNext < 0) converged = true
      else {
        low = next
        gapLow = gapNext
        slopeLow = slope
      }
    }
  }
  // Bisection when Newton did not settle: the bracket shrinks to a double's resolution.
  for (let step = 0; !converged && step < APR_BISECTION_STEPS; step += 1) {
    const middle = (low + high) / 2
    if (middle === low || middle === high) break
    if (gap(middle) > 0) low = middle
    else high = middle
  }
  // X rounds half-up to m / 10^6 exactly when (2m − 1) / (2·10^6) ≤ X < (2m + 1) / (2·10^6).
  let micros = Math.round((converged ? low : (low + high) / 2) * APR_SCALE)
  for (;;) {
    if (micros > 0 && !rootAtOrAbove(2 * micros - 1, 2 * APR_SCALE)) micros -= 1
    else if (rootAtOrAbove(2 * micros + 1, 2 * APR_SCALE)) micros += 1
    else return micros / APR_SCALE
  }
}

export interface Installment {
  /** 1..n */
  number: number
  /** `YYYY-MM-DD` */
  dueDate: string
  fee: bigint
  interest: bigint
  principal: bigint
  /** Outstanding principal after this fee. */
  balance: bigint
}

export interface Schedule {
  feeAmount: bigint
  installments: Installment[]
  /** Σ interest: the financing cost. */
  interests: bigint
  /** Σ fee: the total to pay, principal + interests. */
  total: bigint
}

/**
 * Why a plan cannot be made: the amount is so small against n that a fee would
 * be zero or the balance would go below zero before the last fee.
 */
export type ScheduleFailure = 'amount_too_small'

/**
 * The dated schedule (docs/rules.md#due-dates). Each interest is rounded on the
 * balance it is charged on; the last fee takes whatever rounding left, so the
 * balance ends at exactly 0 and the principals sum to the amount exactly.
 */
export function amortize(
  principalCents: bigint,
  rate: Rate,
  n: number,
  firstDate: CalendarDate,
): Schedule | ScheduleFailure {
  if (principalCents <= 0n) return 'amount_too_small'
  const { p, q } = monthly(rate)
  const feeAmount = monthlyFee(principalCents, rate, n)
  if (feeAmount < 1n) return 'amount_too_small'

  const installments: Installment[] = []
  let balance = principalCents
  let interests = 0n
  let total = 0n
  // divRoundHalfUp(balance · p, q), its factors doubled once: the balance is never negative here.
  const twiceP = 2n * p
  const twiceQ = 2n * q
  for (let number = 1; number <= n; number += 1) {
    const interest = (balance * twiceP + q) / twiceQ
    const principal = number === n ? balance : feeAmount - interest
    const fee = principal + interest
    balance -= principal
    // A fee rounded up on a few cents can repay more than is owed before the end.
    if (balance < 0n || fee < 1n) return 'amount_too_small'
    interests += interest
    total += fee
    installments.push({
      number,
      dueDate: addMonthsClamped(firstDate, number - 1),
      fee,
      interest,
      principal,
      balance,
    })
  }
  return { feeAmount, installments, interests, total }
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
