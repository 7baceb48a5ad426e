import { plural } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import { useCalculator } from '../context.ts'
import { useFormatters } from '../useFormatters.ts'

/** The highlighted monthly fee; zero before data arrives, dimmed while a new one is calculated. */
export function MonthlyFee() {
  const { t } = useLingui()
  const labelId = useId()
  const format = useFormatters()
  const feeAmount = useCalculator((s) => s.result?.feeAmount ?? 0)
  const totalFees = useCalculator((s) => s.result?.totalFees ?? null)
  const busy = useCalculator((s) => s.calculating)
  return (
    <div className="fc-highlight" part="monthly-fee" aria-busy={busy}>
      <span className="fc-highlight-label" id={labelId}>{t`Monthly fee`}</span>
      <output className="fc-highlight-amount" aria-labelledby={labelId} aria-live="polite" data-figure="feeAmount">
        {format.money(feeAmount)}
      </output>
      <span className="fc-highlight-note">
        {totalFees === null
          ? t`Choose a plan to see your monthly fee`
          : t({ message: plural(totalFees, { one: 'In # monthly payment', other: 'In # monthly payments' }) })}
      </span>
    </div>
  )
}
