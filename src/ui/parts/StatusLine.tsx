import { useLingui } from '@lingui/react/macro'
import { useCalculator } from '../context.ts'

/** A line under the intro for the moments without figures: waiting for the host's input, loading a saved plan. */
export function StatusLine() {
  const { t } = useLingui()
  const waiting = useCalculator((s) => s.mode === 'none')
  const loading = useCalculator((s) => s.result === null && s.calculating)
  const text = waiting ? t`Waiting for the tuition details…` : loading ? t`Loading the payment plan…` : null
  return (
    <p className="fc-status" role="status">
      {text}
    </p>
  )
}
