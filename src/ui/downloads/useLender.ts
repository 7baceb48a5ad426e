import { useEffect, useState } from 'react'
import { type Lender, readLender } from '../../domain/lender.ts'

/**
 * The host's `lender`, checked here, in the downloads' chunk, so that the first render carries none of it: a value
 * that cannot be read is said once on the console and changes nothing (the lender read before stays, as a refused
 * tuition input leaves the plan on screen); null or "" clears it.
 */
export function useLender(raw: unknown): Lender | null {
  const [kept, setKept] = useState(() => {
    const check = readLender(raw)
    return { raw, lender: check.ok ? check.value : null }
  })
  let lender = kept.lender
  if (kept.raw !== raw) {
    const check = readLender(raw)
    if (check.ok) lender = check.value
    setKept({ raw, lender })
  }
  useEffect(() => {
    const check = readLender(raw)
    if (!check.ok) console.warn(`fees-calculator: lender refused, the one given before stays: ${check.problem}`)
    else if (check.ignored.length)
      console.warn(`fees-calculator: lender members left out, not the lender's: ${check.ignored.join(', ')}`)
  }, [raw])
  return lender
}
