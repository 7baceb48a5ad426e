/** The largest amount whose cents a double still counts exactly. */
const MAX_EXACT_UNITS = Number.MAX_SAFE_INTEGER / 100

/**
 * Half-up to cents. Amounts may carry binary-float noise (4890.35 + 1100.10 is
 * 5990.450000000001): that is 5990.45, read and sent as such, never an error.
 */
export function roundCents(amount: number): number {
  // Beyond this a double holds no cents to round (and ×100 could overflow to Infinity).
  if (!Number.isFinite(amount) || Math.abs(amount) >= MAX_EXACT_UNITS) return amount
  const sign = amount < 0 ? -1 : 1
  // toFixed(8) first drops the binary noise, so 1.005 (1.00499999…) rounds as the decimal it stands for.
  const cents = Math.floor(Number((Math.abs(amount) * 100).toFixed(8)) + 0.5)
  return (sign * cents) / 100
}
