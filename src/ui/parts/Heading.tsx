import { useLingui } from '@lingui/react/macro'
import { selectEditable } from '../../store/calculator-store.ts'
import { useCalculator } from '../context.ts'
import { REPLACEABLE_WORDS } from '../replaceable-words.ts'

/** Title (the study programme, else a default) and the intro, which tells whether the plan can be changed. */
export function Heading() {
  const { t } = useLingui()
  const studyName = useCalculator((s) => s.input?.studyIdName?.trim() || null)
  const hasResult = useCalculator((s) => s.result !== null)
  const editable = useCalculator(selectEditable)
  const locked = useCalculator((s) => s.versionLocked)
  const failedFirst = useCalculator((s) => s.result === null && s.failure !== null)
  const title = studyName ?? t(REPLACEABLE_WORDS.title)
  let intro: string
  if (failedFirst) {
    intro = t`Your payment plan could not be calculated yet.`
  } else if (!hasResult || editable) {
    intro = t(REPLACEABLE_WORDS.intro)
  } else if (locked) {
    intro = t(REPLACEABLE_WORDS.introSaved)
  } else {
    intro = t(REPLACEABLE_WORDS.introViewOnly)
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
