import { plural } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { useCalculator } from '../context.ts'
import { useFormatters } from '../useFormatters.ts'

/**
 * The highlighted monthly fee; zero before data arrives, dimmed while a new
 * one is calculated. Not a live region itself: FeeAnnouncer speaks for it, so
 * a screen reader hears each new plan once, in one sentence.
 */
export function MonthlyFee() {
  const { t } = useLingui()
  const format = useFormatters()
  const feeAmount = useCalculator((s) => s.result?.feeAmount ?? 0)
  const totalFees = useCalculator((s) => s.result?.totalFees ?? null)
  const busy = useCalculator((s) => s.calculating)
  return (
    <div className="fc-highlight" part="monthly-fee" aria-busy={busy}>
      <span className="fc-highlight-label">{t`Monthly fee`}</span>
      <p className="fc-highlight-amount" data-figure="feeAmount">
        {format.money(feeAmount)}
      </p>
      <span className="fc-highlight-note">
        {totalFees === null
          ? t`Choose a plan to see your monthly fee`
          : t({ message: plural(totalFees, { one: 'In # monthly payment', other: 'In # monthly payments' }) })}
      </span>
    </div>
  )
}

/**
 * A polite live region that says the monthly fee of each new result, with the
 * number of payments and the first date, so a change of any of the three is
 * heard (a new date alone leaves the fee as it was). It stays out of the busy
 * card so nothing holds the message back.
 */
export function FeeAnnouncer() {
  const { t } = useLingui()
  const format = useFormatters()
  // One value a selector: the announcement changes with the fee, the count or the first date alone.
  const feeAmount = useCalculator((s) => s.result?.feeAmount)
  const count = useCalculator((s) => s.result?.totalFees)
  const from = useCalculator((s) => s.result?.firstPaymentDate)
  let message = ''
  if (feeAmount !== undefined && count !== undefined && from !== undefined) {
    const fee = format.money(feeAmount)
    const date = format.date(from)
    message = t({
      message: plural(count, {
        one: `Monthly fee ${fee}: # payment from ${date}`,
        other: `Monthly fee ${fee}: # payments from ${date}`,
      }),
    })
  }
  return (
    <p className="fc-visually-hidden" role="status" aria-live="polite" aria-atomic="true" data-announce="fee">
      {message}
    </p>
  )
}
