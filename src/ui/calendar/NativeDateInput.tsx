import { useLingui } from '@lingui/react/macro'

/** The browser's own date input: what stands in for the calendar when its chunk (or its locale's) cannot be fetched. */
export function NativeDateInput(props: {
  labelledBy: string
  /** `YYYY-MM-DD`: no earlier day can be chosen (none when unknown). */
  min?: string | undefined
  /** `YYYY-MM-DD` */
  value: string
  onCommit(isoDate: string): void
}) {
  const { t } = useLingui()
  return (
    <input
      type="date"
      className="fc-control"
      part="date"
      aria-labelledby={props.labelledBy}
      title={t`First payment date`}
      min={props.min}
      value={props.value}
      onChange={(event) => props.onCommit(event.target.value)}
    />
  )
}
