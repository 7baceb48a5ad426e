import { useLingui } from '@lingui/react/macro'
import { useEffect, useRef, useSyncExternalStore } from 'react'
import { useActions, useCalculator } from '../context.ts'
import {
  calculationFailureWords,
  isAnswered,
  useFailureSentences,
  usePreloadedFailureSentences,
} from '../failure-words.ts'

function subscribeToConnection(onChange: () => void): () => void {
  window.addEventListener('online', onChange)
  window.addEventListener('offline', onChange)
  return () => {
    window.removeEventListener('online', onChange)
    window.removeEventListener('offline', onChange)
  }
}

/** Whether the browser says it is online (true where it cannot say). */
function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeToConnection,
    () => navigator.onLine !== false,
    () => true,
  )
}

/**
 * Why the plan could not be calculated, said on the card (embedded mode) in
 * an alert, with Try again where sending it again can succeed (src/ui/failure-words.ts
 * words it). While the browser is offline it says so, and a calculation that
 * failed for want of a connection goes again by itself when the browser is
 * back online. A failure the server answered shows its title at once and its
 * sentence when it has arrived; meanwhile the alert is busy (`aria-busy`).
 * Hash mode shows nothing here: its failures are only logged.
 */
export function FailureNotice() {
  const { t, i18n } = useLingui()
  const { retry, wentOnline } = useActions()
  const embedded = useCalculator((s) => s.mode === 'embedded')
  const failure = useCalculator((s) => s.failure)
  const calculating = useCalculator((s) => s.calculating)
  const online = useOnline()
  usePreloadedFailureSentences(embedded)
  const fetched = useFailureSentences(embedded && online && isAnswered(failure))

  // Back online: a calculation that failed for the connection goes again. Only on the change, not when the notice
  // mounts (a card drawn after a failure, once its language's words arrived, would otherwise resend it at once).
  const wasOnline = useRef(online)
  useEffect(() => {
    if (online && !wasOnline.current) wentOnline()
    wasOnline.current = online
  }, [online, wentOnline])

  const words = embedded ? calculationFailureWords(failure, online, i18n, fetched) : null
  if (!words) return null
  return (
    <div
      className="fc-failure"
      part="failure"
      role="alert"
      data-failure={online ? failure?.kind : 'connection'}
      aria-busy={words.description === null || undefined}
    >
      <p>
        <strong>{words.title}</strong>
        {words.description === null ? null : <span> {words.description}</span>}
      </p>
      {words.tryAgain ? (
        <button
          type="button"
          className="fc-button fc-button--secondary"
          aria-disabled={calculating || undefined}
          onClick={() => {
            if (!calculating) retry()
          }}
        >
          {t`Try again`}
        </button>
      ) : null}
    </div>
  )
}
