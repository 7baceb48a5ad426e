/**
 * The money of the calculator (docs/rules.md#money), exact: amounts are integer cents (bigint),
 * rates are exact fractions, and every division is rounded half-up to a cent
 * once. No binary float is ever accumulated, so a spreadsheet's PMT and this
 * code agree on every cent. Cents are held in doubles only where every value
 * is shown to be an integer of at most 2^52 (amortizeInCents): there each
 * operation is exact, so the cents are the bigint ones. The fee there is read
 * from its fraction as a double only where that is shown to round as the exact
 * fraction does (feeInCents); the bigint division decides otherwise.
 */
import Decimal from 'decimal.js'
import { addMonthsClamped, type CalendarDate } from './dates.ts'

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
const APR_SCALE = 1_000_000
/** Annex I of the consumer credit directive counts a year as 365 days, leap or not. */
const DAYS_PER_YEAR = 365
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
 * Newton stops once a step moves X by at most this fraction of it: the next point is then off the root by
 * about the square of that (quadratic convergence), some 1e-14 of X, and the rounding to 6 decimals is
 * decided by exact checks on both sides whatever the start.
 */
const APR_NEWTON_SETTLED = 1e-7
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
  const { multiplier, divisor } = feeFraction(rate, n)
  return divRoundHalfUp(principalCents * multiplier, divisor)
}

/** The fee's fraction without the amount, A · multiplier / divisor: p·(q+p)^n over q·((q+p)^n − q^n), or 1 over n at 0 %. */
interface FeeFraction {
  multiplier: bigint
  divisor: bigint
  /**
   * multiplier / divisor as a double, within 2^−53 of it relatively (and n·2^−96 for the quotient's cut-off;
   * the fraction is at least 1/n, as n fees repay at least the amount): what feeInCents starts from.
   */
  ratio: number
}

/**
 * What is worked out once per rate in use: its monthly p and q as doubles, for amortizeInCents, and its fee
 * fractions by number of fees. A server has one or two rates and a few dozen numbers of fees, while the
 * powers behind each fraction are bigints of some 70 digits, the largest cost of a fee. Exact either way:
 * the same integers, worked out once. Keyed by the Rate object, so a rate no longer in use is let go.
 */
interface RateFacts {
  p: number
  q: number
  fractions: Map<number, FeeFraction>
}
const RATE_FACTS = new WeakMap<Rate, RateFacts>()
/** A bound on the fractions kept per rate, whatever callers pass: more than any fee range in use. */
const MAX_CACHED_FEE_COUNTS = 1_000
/** The bits of the quotient behind FeeFraction.ratio. */
const RATIO_BITS = 96n

function rateFacts(rate: Rate): RateFacts {
  let facts = RATE_FACTS.get(rate)
  if (facts === undefined) {
    const { p, q } = monthly(rate)
    facts = { p: Number(p), q: Number(q), fractions: new Map() }
    RATE_FACTS.set(rate, facts)
  }
  return facts
}

function feeFraction(rate: Rate, n: number): FeeFraction {
  const { fractions } = rateFacts(rate)
  let fraction = fractions.get(n)
  if (fraction === undefined) {
    const { p, q } = monthly(rate)
    let multiplier = 1n
    let divisor = BigInt(n)
    if (p !== 0n) {
      const grown = (q + p) ** BigInt(n)
      multiplier = p * grown
      divisor = q * (grown - q ** BigInt(n))
    }
    const ratio = Number((multiplier << RATIO_BITS) / divisor) / 2 ** Number(RATIO_BITS)
    fraction = { multiplier, divisor, ratio }
    // n is a whole number of fees (bounded by the configured range upstream); the map cannot grow past those.
    if (fractions.size < MAX_CACHED_FEE_COUNTS) fractions.set(n, fraction)
  }
  return fraction
}

/** One repayment of the APR equation: its amount and how many days after the drawdown it falls. */
export interface DatedFee {
  fee: bigint
  /** Actual days from the drawdown date to the due date. */
  days: number
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
  return aprSearch(
    principalCents,
    Number(principalCents),
    Number(total),
    fees.map((row) => row.fee),
    fees.map((row) => row.days),
  )
}

/**
 * annualPercentageRate for amounts in cents that are safe integers (Number.isSafeInteger), as a schedule
 * of amortizeInCents has them, with the due days apart: the same equation, the same doubles step by step
 * and the same exact check, without a bigint per fee. The caller makes sure the fees' total is a safe
 * integer too, so every sum here is exact.
 */
export function annualPercentageRateInCents(
  principalCents: number,
  fees: readonly number[],
  days: readonly number[],
): number {
  if (!(principalCents > 0) || fees.length === 0 || fees.length !== days.length)
    throw new RangeError('an APR needs an amount lent and fees')
  let total = 0
  for (let k = 0; k < fees.length; k += 1) {
    if (days[k]! < 0) throw new RangeError('a fee cannot fall before the drawdown')
    total += fees[k]!
  }
  if (!Number.isSafeInteger(principalCents) || !Number.isSafeInteger(total))
    throw new RangeError('amounts in cents beyond 2^53 need annualPercentageRate')
  if (total === principalCents) return 0
  return aprSearch(principalCents, principalCents, total, fees, days)
}

/**
 * The search of annualPercentageRate once the total is known not to equal the amount lent. `exactFees`
 * and `exactPrincipal` are the exact integers (bigint, or safe-integer numbers: both print the same
 * digits); `lent`, `total` and `amounts` the doubles the search runs on.
 */
function aprSearch(
  exactPrincipal: bigint | number,
  lent: number,
  total: number,
  exactFees: readonly (bigint | number)[],
  days: readonly number[],
): number {
  const scale = lent + total
  const amounts = typeof exactFees[0] === 'number' ? (exactFees as readonly number[]) : exactFees.map(Number)
  const years = days.map((day) => day / DAYS_PER_YEAR)
  const equation: AprEquation = { amounts, years, lent, scale, exactFees, days, exactPrincipal, slope: 0 }

  // Newton from X = 0: the gap falls and is convex, so each step lands at or below the root, never past it;
  // it stops when a step no longer moves (or float noise puts it a hair past the root), or when a step is
  // so small that the next point is the root to far below a millionth: the rounding below is decided by
  // the equation's sign on both sides, so a closer start only saves it a step.
  // Each point's gap and slope come from one pass over the fees, and the next step starts from them.
  let gapLow = gapWithSlope(equation, 0)
  let slopeLow = equation.slope
  if (!signAtOrAbove(equation, gapLow, 0, 1)) throw new RangeError('the fees total less than the amount lent')
  let low = 0
  let high = MAX_APR
  // The largest X at which the gap was found positive beyond doubt (past the float tolerance): the root is above it.
  let knownBelowRoot = 0
  let converged = false
  for (let step = 0; step < APR_NEWTON_STEPS && !converged; step += 1) {
    // A flat gap (every fee due on the drawdown day) has no root: the cap below answers it.
    if (!(slopeLow < 0)) break
    const next = low - gapLow / slopeLow
    if (!(next < high)) break
    if (!(next > low)) converged = true
    else if (next - low <= APR_NEWTON_SETTLED * next) {
      low = next
      converged = true
    } else {
      const gapNext = gapWithSlope(equation, next)
      if (gapNext < 0) converged = true
      else {
        if (gapNext > APR_FLOAT_TOLERANCE * equation.scale) knownBelowRoot = next
        low = next
        gapLow = gapNext
        slopeLow = equation.slope
      }
    }
  }
  // Newton settles below the root; it only stops short when the root is at or past the cap, or does not settle.
  if (!converged && rootAtOrAbove(equation, MAX_APR, 1)) return MAX_APR
  // Bisection when Newton did not settle: the bracket shrinks to a double's resolution.
  for (let step = 0; !converged && step < APR_BISECTION_STEPS; step += 1) {
    const middle = (low + high) / 2
    if (middle === low || middle === high) break
    if (gap(equation, middle) > 0) low = middle
    else high = middle
  }
  // X rounds half-up to m / 10^6 exactly when (2m − 1) / (2·10^6) ≤ X < (2m + 1) / (2·10^6).
  let micros = Math.round((converged ? low : (low + high) / 2) * APR_SCALE)
  // A lower boundary below knownBelowRoot is below the root without another pass over the fees (the gap
  // falls as X grows); the margin of 2^−50 covers the rounding of the boundary's double.
  const known = knownBelowRoot * (1 - 2 ** -50)
  for (;;) {
    const lower = 2 * micros - 1
    if (micros > 0 && !(lower / (2 * APR_SCALE) <= known || rootAtOrAbove(equation, lower, 2 * APR_SCALE))) micros -= 1
    else if (rootAtOrAbove(equation, 2 * micros + 1, 2 * APR_SCALE)) micros += 1
    else return micros / APR_SCALE
  }
}

/**
 * The APR equation of one plan. Its functions below are plain functions of it rather than closures
 * made for each plan: they run on every calculation.
 */
interface AprEquation {
  /** The fees as doubles, and their due days in years of 365 days. */
  readonly amounts: readonly number[]
  readonly years: readonly number[]
  /** The amount lent as a double, and the money involved (lent + Σ fees), the float tolerance's unit. */
  readonly lent: number
  readonly scale: number
  /** The same fees, days and amount lent for the exact check. */
  readonly exactFees: readonly (bigint | number)[]
  readonly days: readonly number[]
  readonly exactPrincipal: bigint | number
  /** The gap's derivative where gapWithSlope was last called. */
  slope: number
}

/**
 * The equation's value at X: what the fees are worth on the drawdown day, less the amount lent.
 * (1+X)^−t is computed as exp(−t · log1p(X)), several times cheaper than a power: each discounted fee is
 * then within about two ulps of the fee itself (the exponent's relative error, about |t · log1p X| · 2^−52,
 * is damped by the factor e^(−t · log1p X) it multiplies), as a power's is within one; far inside
 * APR_FLOAT_TOLERANCE, so the signs the doubles decide are still the exact ones.
 */
function gap(equation: AprEquation, x: number): number {
  const { amounts, years } = equation
  const logBase = Math.log1p(x)
  let sum = 0
  for (let k = 0; k < amounts.length; k += 1) sum += amounts[k]! * Math.exp(-years[k]! * logBase)
  return sum - equation.lent
}

/** gap(x), bit for bit, and its derivative there (always negative: the fees are worth less as X grows), in one pass. */
function gapWithSlope(equation: AprEquation, x: number): number {
  const { amounts, years } = equation
  const logBase = Math.log1p(x)
  let sum = 0
  let derivative = 0
  for (let k = 0; k < amounts.length; k += 1) {
    const worth = amounts[k]! * Math.exp(-years[k]! * logBase)
    sum += worth
    derivative -= years[k]! * worth
  }
  equation.slope = derivative / (1 + x)
  return sum - equation.lent
}

/** The gap in 40-digit decimals, for when doubles cannot tell its sign. */
function exactGap(equation: AprEquation, x: Decimal): Decimal {
  const base = x.plus(1)
  let worth = new ExactDecimal(0)
  for (let k = 0; k < equation.exactFees.length; k += 1) {
    const exponent = new ExactDecimal(-equation.days[k]!).div(DAYS_PER_YEAR)
    worth = worth.plus(base.pow(exponent).times(String(equation.exactFees[k])))
  }
  return worth.minus(String(equation.exactPrincipal))
}

/** Whether the root lies at or above x = numerator / denominator: the gap is still ≥ 0 there. */
function rootAtOrAbove(equation: AprEquation, numerator: number, denominator: number): boolean {
  return signAtOrAbove(equation, gap(equation, numerator / denominator), numerator, denominator)
}

/** rootAtOrAbove from the gap already computed in doubles at x = numerator / denominator. */
function signAtOrAbove(equation: AprEquation, value: number, numerator: number, denominator: number): boolean {
  if (Math.abs(value) > APR_FLOAT_TOLERANCE * equation.scale) return value > 0
  return exactGap(equation, new ExactDecimal(numerator).div(denominator)).gte(0)
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

/** One fee of a schedule in cents, as numbers (see amortizeInCents). */
export interface CentsInstallment {
  fee: number
  interest: number
  principal: number
  /** Outstanding principal after this fee. */
  balance: number
}

/** A schedule's amounts in cents, as numbers: those of amortize, without the due dates. */
export interface CentsSchedule {
  feeAmount: number
  /** The last fee, which takes whatever rounding left (every other is feeAmount). */
  lastFee: number
  /** Every fee's row; none when amortizeInCents was asked for the totals only. */
  installments: CentsInstallment[]
  interests: number
  total: number
}

/** Integers up to 2^52: sums and differences of two of them stay exact in doubles (up to 2^53). */
const EXACT_NUMBER_LIMIT = 2 ** 52

/**
 * amortize's amounts computed in doubles where every intermediate value provably stays an integer of at
 * most 2^52, so each operation is exact and the cents are the same as amortize's; null when that cannot
 * be shown for this input (an amount and rate whose interest products pass 2^52, or a balance that grows
 * above the amount lent), and the caller uses amortize.
 * The fee is amortize's (see feeInCents); the interest round(balance · p / q) is the floor of
 * (balance · 2p + q) / 2q, the quotient of two integers of at most 2^52 corrected by its remainder.
 * The bounds are checked in doubles too: a product or sum of integers that passes 2^52 is still above it
 * once rounded, so none is let through.
 */
export function amortizeInCents(
  principalCents: bigint,
  rate: Rate,
  n: number,
  detail: 'rows' | 'totals' = 'rows',
): CentsSchedule | ScheduleFailure | null {
  if (principalCents <= 0n) return 'amount_too_small'
  const { p, q } = rateFacts(rate)
  const lent = Number(principalCents)
  // The balance never exceeds the amount lent here (checked below), so this bounds every interest's numerator.
  if (!(lent <= EXACT_NUMBER_LIMIT && lent * 2 * p + q <= EXACT_NUMBER_LIMIT && 2 * q <= EXACT_NUMBER_LIMIT))
    return null
  const feeAmount = feeInCents(principalCents, lent, rate, n)
  if (feeAmount < 1) return 'amount_too_small'
  if (feeAmount > EXACT_NUMBER_LIMIT) return null

  const twiceP = 2 * p
  const divisor = 2 * q
  const installments: CentsInstallment[] = []
  const rows = detail === 'rows'
  let balance = lent
  let interests = 0
  let total = 0
  let lastFee = feeAmount
  for (let number = 1; number <= n; number += 1) {
    const interest = floorDivide(balance * twiceP + q, divisor)
    const principal = number === n ? balance : feeAmount - interest
    const fee = principal + interest
    balance -= principal
    if (balance < 0 || fee < 1) return 'amount_too_small'
    // Only a fee smaller than its interest raises the balance; past the amount lent the bound above no longer holds.
    if (balance > lent) return null
    interests += interest
    total += fee
    lastFee = fee
    if (rows) installments.push({ fee, interest, principal, balance })
  }
  // Interests and fees are never negative, so the running sums only grow: a final sum within 2^53 was exact all along.
  if (!Number.isSafeInteger(total)) return null
  return { feeAmount, lastFee, installments, interests, total }
}

/**
 * monthlyFee's cents, from the fraction's double where that decides them: lent · ratio is within
 * 2^−52 of the exact fee relatively (the ratio's error and the product's rounding), and a half-up
 * rounding changes only at a half cent, so when the double is farther than 2^−48 of itself (sixteen
 * times that) from the nearest half cent, the exact fee rounds as it does. Nearer (a band under
 * 4·10^−6 of a cent wide for fees below 10^9 cents; every fee over 2^52), the bigint division decides.
 */
function feeInCents(principalCents: bigint, lent: number, rate: Rate, n: number): number {
  const value = lent * feeFraction(rate, n).ratio
  const whole = Math.floor(value)
  const fraction = value - whole
  if (Math.abs(fraction - 0.5) > value * 2 ** -48) return fraction > 0.5 ? whole + 1 : whole
  return Number(monthlyFee(principalCents, rate, n))
}

/**
 * ⌊numerator / divisor⌋ of integers 0 ≤ numerator ≤ 2^52, 1 < divisor ≤ 2^52. The double quotient is at
 * most 2^51 and off by under a half, so its floor is off by at most one; the remainder, exact because
 * quotient · divisor ≤ numerator + divisor ≤ 2^53, puts it right.
 */
function floorDivide(numerator: number, divisor: number): number {
  let quotient = Math.floor(numerator / divisor)
  const remainder = numerator - quotient * divisor
  if (remainder < 0) quotient -= 1
  else if (remainder >= divisor) quotient += 1
  return quotient
}

/** The exact schedule of amortize as a CentsSchedule: its amounts as doubles, as centsToNumber reads them. */
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
