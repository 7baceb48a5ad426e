import { useLingui } from '@lingui/react/macro'
import { selectEditable } from '../../store/calculator-store.ts'
import { useCalculator } from '../context.ts'

/** Title (the study programme, else a default) and the intro, which tells whether the plan can be changed. */
export function Heading() {
  const { t } = useLingui()
  const studyName = useCalculator((s) => s.input?.studyIdName?.trim() || null)
  const hasResult = useCalculator((s) => s.result !== null)
  const editable = useCalculator(selectEditable)
  const locked = useCalculator((s) => s.versionLocked)
  const failedFirst = useCalculator((s) => s.result === null && s.failure !== null)
  const title = studyName ?? t`Your tuition payment plan`
  let intro: string
  if (failedFirst) {
    intro = t`Your payment plan could not be calculated yet.`
  } else if (!hasResult || editable) {
    intro = t`Choose the number of monthly fees and the date of your first payment. The monthly fee and the total to pay update as you choose; save the plan when it suits you.`
  } else if (locked) {
    intro = t`Your payment plan has been saved. These are its fees; it can no longer be changed here.`
  } else {
    intro = t`This is the payment plan saved for your enrolment. It can be viewed but not changed.`
  }
  return (
    <div className="fc-heading">
      <h2 className="fc-title" part="title">
        {title}
      </h2>
      <p className="fc-intro" part="intro">
        {intro}
      </p>
    </div>
  )
}
