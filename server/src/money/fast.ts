/**
 * The schedule of reference.ts in doubles, for speed: the same cents, computed where every value is shown
 * to be an integer of at most 2^52. There each sum, difference and product is exact (its result is an
 * integer of at most 2^53, which a double holds, so nothing is rounded), each interest's division is put
 * right by its remainder (floorDivide), and the fee is read from a double only where that is shown to
 * round as the exact fraction does (feeInCents). Where that cannot be shown for an input, amortizeInCents
 * declines (null) and the reference computes it. fast.test.ts holds the cents to the reference's.
 */
import { monthlyFee, monthlyRate, type Rate, type ScheduleFailure } from './reference.ts'

/** One fee of a schedule in cents, as numbers (see amortizeInCents). */
export interface CentsInstallment {
  fee: number
  interest: number
  principal: number
  /** Outstanding principal after this fee. */
  balance: number
}

/** A schedule's amounts in cents, as numbers: those of the reference's amortize, without the due dates. */
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
/** A bound on the fee ratios kept per rate, whatever callers pass: more than any fee range in use. */
const MAX_CACHED_FEE_COUNTS = 1_000
/** The bits of the quotient behind a fee ratio (see feeRatio). */
const RATIO_BITS = 96n

/**
 * What is worked out once per rate in use: its monthly p and q as doubles, and its fee ratios by number of
 * fees. A server has one or two rates and a few dozen numbers of fees, while the powers behind each ratio
 * are bigints of hundreds or thousands of digits, the largest cost of a fee. Keyed by the Rate object, so a rate no
 * longer in use is let go.
 */
interface RateFacts {
  p: number
  q: number
  ratios: Map<number, number>
}
const RATE_FACTS = new WeakMap<Rate, RateFacts>()

function rateFacts(rate: Rate): RateFacts {
  let facts = RATE_FACTS.get(rate)
  if (facts === undefined) {
    const { p, q } = monthlyRate(rate)
    // p < q = 12·10^d with at most 12 decimals: both below 2^44, so the doubles are the integers.
    facts = { p: Number(p), q: Number(q), ratios: new Map() }
    RATE_FACTS.set(rate, facts)
  }
  return facts
}

/**
 * The fee of one cent lent, as a double: the reference's fraction without the amount, p·(q+p)^n over
 * q·((q+p)^n − q^n), or 1 over n at 0 %. The fraction is cut to a whole number of 2^−96ths, which
 * Number rounds to the nearest double, so the double is within 2^−53 of the fraction relatively, plus
 * n·2^−96 for the cut (the fraction is at least 1/n, as n fees repay at least the amount); the division
 * by 2^96 is exact.
 */
function feeRatio(rate: Rate, n: number): number {
  const { ratios } = rateFacts(rate)
  let ratio = ratios.get(n)
  if (ratio === undefined) {
    const { p, q } = monthlyRate(rate)
    let multiplier = 1n
    let divisor = BigInt(n)
    if (p !== 0n) {
      const grown = (q + p) ** BigInt(n)
      multiplier = p * grown
      divisor = q * (grown - q ** BigInt(n))
    }
    ratio = Number((multiplier << RATIO_BITS) / divisor) / 2 ** Number(RATIO_BITS)
    // n is a whole number of fees (bounded by the configured range upstream); the map cannot grow past those.
    if (ratios.size < MAX_CACHED_FEE_COUNTS) ratios.set(n, ratio)
  }
  return ratio
}

/**
 * The reference's monthlyFee in cents, from the fee ratio where that decides them: lent · ratio is within
 * about 2^−52 of the exact fee relatively (the ratio's error and the product's rounding, 2^−53 each, and
 * the ratio's cut, far smaller), and a half-up rounding changes only at a half cent, so when the double is
 * farther than 2^−48 of itself (sixteen times that) from the nearest half cent, the exact fee rounds as it
 * does. `value − whole` is exact (whole is value's own integer part), and so is `fraction − 0.5` wherever
 * the fraction is near the half (two doubles within a factor of two subtract exactly). Nearer than that
 * margin (within 3.6·10^−6 of a cent of the half for fees below 10^9 cents; every fee of 2^47 cents or
 * more, where the margin reaches half a cent), the reference's exact division decides.
 */
export function feeInCents(principalCents: bigint, lent: number, rate: Rate, n: number): number {
  const value = lent * feeRatio(rate, n)
  const whole = Math.floor(value)
  const fraction = value - whole
  if (Math.abs(fraction - 0.5) > value * 2 ** -48) return fraction > 0.5 ? whole + 1 : whole
  return Number(monthlyFee(principalCents, rate, n))
}

/**
 * The reference's amortize computed in doubles where every intermediate value provably stays an integer of
 * at most 2^52, so each operation is exact and the cents are the same; null when that cannot be shown for
 * this input (an amount and rate whose interest products pass 2^52, a balance that grows above the amount
 * lent, a total past 2^53), and the caller uses the reference.
 * The fee is feeInCents; the interest round(balance · p / q) is the floor of (balance · 2p + q) / 2q, the
 * quotient of two integers of at most 2^52 (floorDivide).
 * The bounds are checked in doubles too: a product or sum of integers that passes 2^52 is still above it
 * once rounded (2^52 + 1 is a double, and rounding keeps the order), so none is let through.
 */
export function amortizeInCents(
  principalCents: bigint,
  rate: Rate,
  n: number,
  detail: 'rows' | 'totals' = 'rows',
): CentsSchedule | ScheduleFailure | null {
  if (principalCents <= 0n) return 'amount_too_small'
  const { p, q } = rateFacts(rate)
  // An amount above 2^52 is still above it as a double (rounding keeps the order), and is declined here.
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
  // Fees are at least a cent and interests never negative, so both running sums only grow: a final total within
  // 2^53 was exact all along, and so were the interests, which end at total − lent.
  if (!Number.isSafeInteger(total)) return null
  return { feeAmount, lastFee, installments, interests, total }
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
