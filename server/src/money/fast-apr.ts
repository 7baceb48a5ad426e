/**
 * The APR of reference.ts found faster: Newton's method on the equation in doubles, instead of bisection
 * with a power per fee, and the rounding's checks on both sides done in doubles wherever doubles can tell
 * the equation's sign beyond doubt; where they cannot, the reference's 40-digit equation (aprEquation)
 * decides, so the rate is the reference's for every plan. fast-apr.test.ts holds it to the reference.
 */
import type Decimal from 'decimal.js'
import { APR_SCALE, aprEquation, DAYS_PER_YEAR, type DatedFee, MAX_APR } from './reference.ts'

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

/**
 * The reference's annualPercentageRate (the same arguments, the same rate), found in doubles: the fees
 * are bigints of any size, read as the nearest doubles (within 2^−53 of themselves, inside the tolerance).
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
    fees.map((row) => Number(row.fee)),
    fees.map((row) => row.days),
    fees,
  )
}

/**
 * annualPercentageRate for amounts in cents that are safe integers (Number.isSafeInteger), as a schedule
 * of amortizeInCents has them, with the due days apart: the same equation, the same doubles step by step
 * and the same exact check, without a bigint per fee. The fees' total must be a safe integer too (else
 * it throws), so every sum of cents here is exact.
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
  return aprSearch(principalCents, principalCents, total, fees, days, undefined)
}

/**
 * The search of annualPercentageRate once the total is known not to equal the amount lent. `lent`,
 * `total` and `amounts` are the doubles the search runs on; `exactPrincipal` the amount lent as an exact
 * integer (a bigint, or a safe-integer number: both write the same digits), and `datedFees` the exact
 * fees, or none when the amounts are themselves exact (safe integers).
 */
function aprSearch(
  exactPrincipal: bigint | number,
  lent: number,
  total: number,
  amounts: readonly number[],
  days: readonly number[],
  datedFees: readonly DatedFee[] | undefined,
): number {
  const scale = lent + total
  const years = days.map((day) => day / DAYS_PER_YEAR)
  const equation: AprEquation = { amounts, years, lent, scale, days, exactPrincipal, datedFees, slope: 0 }

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
  /** The due days and the amount lent, and the exact fees once the exact check has needed them. */
  readonly days: readonly number[]
  readonly exactPrincipal: bigint | number
  datedFees: readonly DatedFee[] | undefined
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

/** The reference's equation in 40-digit decimals at x = numerator / denominator, for when doubles cannot tell its sign. */
function exactGap(equation: AprEquation, numerator: number, denominator: number): Decimal {
  // Without datedFees the amounts are safe integers: BigInt reads each exactly.
  equation.datedFees ??= equation.days.map((days, k) => ({ fee: BigInt(equation.amounts[k]!), days }))
  return aprEquation(BigInt(equation.exactPrincipal), equation.datedFees, numerator, denominator)
}

/** Whether the root lies at or above x = numerator / denominator: the gap is still ≥ 0 there. */
function rootAtOrAbove(equation: AprEquation, numerator: number, denominator: number): boolean {
  return signAtOrAbove(equation, gap(equation, numerator / denominator), numerator, denominator)
}

/** rootAtOrAbove from the gap already computed in doubles at x = numerator / denominator. */
function signAtOrAbove(equation: AprEquation, value: number, numerator: number, denominator: number): boolean {
  if (Math.abs(value) > APR_FLOAT_TOLERANCE * equation.scale) return value > 0
  return exactGap(equation, numerator, denominator).gte(0)
}
