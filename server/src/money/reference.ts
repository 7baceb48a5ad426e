/**
 * The calculator's money written as its rules state it (docs/rules.md#money), to be read rather than to be
 * fast: amounts are integer cents (bigint), the rate is an exact fraction, and every amount is one exact
 * division rounded half-up to the cent, so no amount is ever a binary float and a spreadsheet's PMT
 * agrees on every cent. The APR's search starts in doubles, but its rounding is decided by its equation
 * in 40-digit decimals. fast.ts and fast-apr.ts compute the same figures with doubles; their tests hold
 * them to these functions.
 */
import Decimal from 'decimal.js'
import { addMonthsClamped, type CalendarDate } from '../dates.ts'

/** An annual nominal rate (TIN) as the exact fraction numerator / denominator. */
export interface Rate {
  /** As configured, e.g. `0.0595`. */
  readonly text: string
  /** The same rate as a number, as the answers give it (`tin`). */
  readonly value: number
  readonly numerator: bigint
  readonly denominator: bigint
}

/** Decimal places a configured rate may have: ample for any real TIN, and keeps the fractions small. */
const MAX_RATE_DECIMALS = 12
const MONTHS_PER_YEAR = 12n
/** The APR is given with 6 decimals (0.061147 = 6.1147 %). */
export const APR_SCALE = 1_000_000
/** Annex I of the consumer credit directive counts a year as 365 days, leap or not. */
export const DAYS_PER_YEAR = 365
/**
 * The largest APR this server states (1 000 000 %): fees due almost at once on a
 * dear plan have no finite rate worth printing, and every real plan is far below.
 */
export const MAX_APR = 10_000
/** The digits the APR equation is worked out in (see aprEquation). */
const ExactDecimal = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP })

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
  return { text, value: Number(text), numerator, denominator }
}

/** numerator / denominator rounded half away from zero (half-up for the non-negative amounts of a schedule). */
export function divRoundHalfUp(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new RangeError('denominator must be positive')
  const negative = numerator < 0n
  const magnitude = negative ? -numerator : numerator
  const rounded = (2n * magnitude + denominator) / (2n * denominator)
  return negative ? -rounded : rounded
}

/** The monthly rate i = TIN / 12 as the exact fraction p / q. */
export function monthlyRate(rate: Rate): { p: bigint; q: bigint } {
  return { p: rate.numerator, q: rate.denominator * MONTHS_PER_YEAR }
}

/**
 * The French system's fee, round(A·i / (1 − (1+i)^−n)), or round(A / n) when i = 0: what a
 * spreadsheet's PMT gives, rounded half-up to the cent.
 */
export function monthlyFee(principalCents: bigint, rate: Rate, n: number): bigint {
  if (!Number.isInteger(n) || n < 1) throw new RangeError('n must be a positive integer')
  const { p, q } = monthlyRate(rate)
  if (p === 0n) return divRoundHalfUp(principalCents, BigInt(n))
  // With i = p/q, (1+i)^−n = q^n / (q+p)^n, so A·i / (1 − (1+i)^−n) = A·p·(q+p)^n / (q·((q+p)^n − q^n)):
  // one fraction of integers, divided once.
  const grown = (q + p) ** BigInt(n)
  return divRoundHalfUp(principalCents * p * grown, q * (grown - q ** BigInt(n)))
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
 * The dated schedule (docs/rules.md#money), k = 1..n: interest_k = round(balance_{k−1} · i),
 * principal_k = fee − interest_k, balance_k = balance_{k−1} − principal_k; the last fee takes whatever
 * rounding left, so the balance ends at exactly 0 and the principals sum to the amount exactly. Due
 * dates are the first date plus k − 1 calendar months, clamped (addMonthsClamped).
 */
export function amortize(
  principalCents: bigint,
  rate: Rate,
  n: number,
  firstDate: CalendarDate,
): Schedule | ScheduleFailure {
  if (principalCents <= 0n) return 'amount_too_small'
  const { p, q } = monthlyRate(rate)
  const feeAmount = monthlyFee(principalCents, rate, n)
  if (feeAmount < 1n) return 'amount_too_small'

  const installments: Installment[] = []
  let balance = principalCents
  for (let number = 1; number <= n; number += 1) {
    const interest = divRoundHalfUp(balance * p, q)
    const principal = number === n ? balance : feeAmount - interest
    const fee = principal + interest
    balance -= principal
    // A fee rounded up on a few cents can repay more than is owed before the end.
    if (balance < 0n || fee < 1n) return 'amount_too_small'
    installments.push({ number, dueDate: addMonthsClamped(firstDate, number - 1), fee, interest, principal, balance })
  }
  const interests = installments.reduce((sum, row) => sum + row.interest, 0n)
  const total = installments.reduce((sum, row) => sum + row.fee, 0n)
  return { feeAmount, installments, interests, total }
}

/** One repayment of the APR equation: its amount and how many days after the drawdown it falls. */
export interface DatedFee {
  fee: bigint
  /** Actual days from the drawdown date to the due date. */
  days: number
}

/**
 * The APR (TAE) of the EU consumer credit directive, Annex I (docs/rules.md#tae): the annual rate X for
 * which the amount lent on the drawdown day equals the fees discounted from their due dates,
 * Σ fee_k · (1+X)^−(days_k/365) = A, rounded half-up to 6 decimals, at most MAX_APR.
 * The fees never total less than A here (the rate is not negative), so the left side is at least A at
 * X = 0 and falls as X grows: there is one root. X rounds half-up to m / 10^6 exactly when the root lies in
 * [(2m − 1) / (2·10^6), (2m + 1) / (2·10^6)), that is when the equation (aprEquation) is ≥ 0 at the lower
 * end and < 0 at the upper one; bisection on doubles gives the m to start from, and the equation's sign at
 * both ends moves it until both hold.
 */
export function annualPercentageRate(principalCents: bigint, fees: readonly DatedFee[]): number {
  if (principalCents <= 0n || fees.length === 0) throw new RangeError('an APR needs an amount lent and fees')
  if (fees.some((row) => row.days < 0)) throw new RangeError('a fee cannot fall before the drawdown')
  const total = fees.reduce((sum, row) => sum + row.fee, 0n)
  // At X = 0 nothing is discounted: fees that only give the amount back cost nothing, whenever they fall.
  if (total === principalCents) return 0
  if (total < principalCents) throw new RangeError('the fees total less than the amount lent')

  // A first guess in doubles: the bracket [0, MAX_APR] is halved until doubles cannot split it.
  const lent = Number(principalCents)
  const inDoubles = (x: number) =>
    fees.reduce((sum, row) => sum + Number(row.fee) * (1 + x) ** (-row.days / DAYS_PER_YEAR), 0) - lent
  let low = 0
  let high = MAX_APR
  for (;;) {
    const middle = (low + high) / 2
    if (middle === low || middle === high) break
    if (inDoubles(middle) > 0) low = middle
    else high = middle
  }

  const rootAtOrAbove = (numerator: number, denominator: number) =>
    aprEquation(principalCents, fees, numerator, denominator).gte(0)
  // The guess's m moves down while the root is below its lower end, then up while it is at or above its
  // upper end (never past the cap).
  const largest = MAX_APR * APR_SCALE
  let m = Math.min(Math.round(low * APR_SCALE), largest)
  while (m > 0 && !rootAtOrAbove(2 * m - 1, 2 * APR_SCALE)) m -= 1
  while (m < largest && rootAtOrAbove(2 * m + 1, 2 * APR_SCALE)) m += 1
  return m / APR_SCALE
}

/**
 * The APR equation's two sides apart, Σ fee_k · (1+X)^−(days_k/365) − A, at X = numerator / denominator,
 * in 40-digit decimals: its sign is the exact one unless it lies within some n·10^−38 of the money
 * involved from zero, which takes a rate on a rounding boundary to within as little (a single fee due a
 * whole year after the drawdown can put it exactly there); these 40 digits then decide, here and in
 * fast-apr.ts alike.
 */
export function aprEquation(
  principalCents: bigint,
  fees: readonly DatedFee[],
  numerator: number,
  denominator: number,
): Decimal {
  const base = new ExactDecimal(numerator).div(denominator).plus(1)
  let worth = new ExactDecimal(0)
  for (const row of fees) {
    const exponent = new ExactDecimal(-row.days).div(DAYS_PER_YEAR)
    worth = worth.plus(base.pow(exponent).times(row.fee.toString()))
  }
  return worth.minus(principalCents.toString())
}
