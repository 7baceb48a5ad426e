import { plural } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { useId, useMemo } from 'react'
import { selectEditable, selectSaveBusy } from '../../store/calculator-store.ts'
import { useActions, useCalculator } from '../context.ts'

/** The fee counts offered (12 to 24) until the server's answer gives its own range. */
export const DEFAULT_MIN_FEES = 12
export const DEFAULT_MAX_FEES = 24

/** Every count from min to max, both included. */
export function feeCounts(min: number, max: number): number[] {
  return max < min ? [] : Array.from({ length: max - min + 1 }, (_, k) => min + k)
}

/** The number-of-fees dropdown, a change recalculates; beside it, the button that opens the comparison of counts. */
export function FeeCountField() {
  const { t } = useLingui()
  const id = useId()
  const { chooseFeeCount, showComparison } = useActions()
  const min = useCalculator((s) => s.result?.minFees ?? DEFAULT_MIN_FEES)
  const max = useCalculator((s) => s.result?.maxFees ?? DEFAULT_MAX_FEES)
  const value = useCalculator((s) => s.choice?.numberOfFees ?? null)
  const editable = useCalculator(selectEditable)
  // While a save is pending or under way the store refuses a change and the select snaps back; it says so.
  const frozen = useCalculator(selectSaveBusy)
  const comparing = useCalculator((s) => s.comparisonOpen)
  const hasResult = useCalculator((s) => s.result !== null)
  // The counts and their words change only with the range or the language, not with every choice, save or answer
  // that re-renders the field: the same option elements are given again, and React leaves them as they are.
  const counts = useMemo(() => feeCounts(min, max), [min, max])
  const options = useMemo(
    () =>
      counts.map((count) => (
        <option key={count} value={count}>
          {t({ message: plural(count, { one: '# monthly fee', other: '# monthly fees' }) })}
        </option>
      )),
    [counts, t],
  )
  return (
    <div className="fc-field">
      <label className="fc-label" htmlFor={id}>
        {t`Select the number of fees (between ${min} and ${max})`}
      </label>
      <div className="fc-select-row">
        <div className="fc-select">
          <select
            id={id}
            className="fc-control"
            part="fee-select"
            disabled={!editable}
            aria-disabled={(editable && frozen) || undefined}
            value={value ?? ''}
            onChange={(event) => chooseFeeCount(Number(event.target.value))}
          >
            {value === null || !counts.includes(value) ? (
              <option value={value ?? ''} hidden>
                —
              </option>
            ) : null}
            {options}
          </select>
        </div>
        <button
          type="button"
          className="fc-button fc-button--secondary"
          part="compare-button"
          aria-expanded={comparing}
          disabled={!hasResult}
          onClick={() => showComparison(!comparing)}
        >
          {t`Compare`}
        </button>
      </div>
    </div>
  )
}
