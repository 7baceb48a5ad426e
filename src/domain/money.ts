/**
 * Half-up to cents. Amounts may carry binary-float noise (4890.35 + 1100.10 is
 * 5990.450000000001): that is 5990.45, read and sent as such, never an error.
 */
export function roundCents(amount: number): number {
  const sign = amount < 0 ? -1 : 1
  // toFixed(8) first drops the binary noise, so 1.005 (1.00499999…) rounds as the decimal it stands for.
  const cents = Math.floor(Number((Math.abs(amount) * 100).toFixed(8)) + 0.5)
  return (sign * cents) / 100
}
