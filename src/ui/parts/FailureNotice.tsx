import { useLingui } from '@lingui/react/macro'
import { useEffect, useRef, useSyncExternalStore } from 'react'
import type { CalculationFailureKind } from '../../store/calculator-store.ts'
import { useActions, useCalculator } from '../context.ts'

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
 * an alert, with Try again, which resends the same request. While the browser
 * is offline it says so, and a calculation that failed for want of a
 * connection goes again by itself when the browser is back online. Hash mode
 * shows nothing here: its failures are only logged.
 */
export function FailureNotice() {
  const { t } = useLingui()
  const { retry, wentOnline } = useActions()
  const embedded = useCalculator((s) => s.mode === 'embedded')
  const failure = useCalculator((s) => s.failure)
  const calculating = useCalculator((s) => s.calculating)
  const online = useOnline()

  // Back online: a calculation that failed for the connection goes again. Only on the change, not when the notice
  // mounts (a card drawn after a failure, once its language's words arrived, would otherwise resend it at once).
  const wasOnline = useRef(online)
  useEffect(() => {
    if (online && !wasOnline.current) wentOnline()
    wasOnline.current = online
  }, [online, wentOnline])

  if (!embedded) return null
  const kind: CalculationFailureKind | null = !online ? 'connection' : (failure?.kind ?? null)
  if (!kind) return null
  const tryAgain = t`Press Try again.`
  const words: Record<CalculationFailureKind, { title: string; description: string }> = {
    session: { title: t`Your session has expired`, description: t`The page will renew it, or press Try again.` },
    unavailable: {
      title: t`The service is not available right now`,
      description: t`Wait a moment and press Try again.`,
    },
    connection: online
      ? { title: t`No connection`, description: t`Check your connection and press Try again.` }
      : { title: t`You are offline`, description: t`The plan will be calculated when the connection is back.` },
    timeout: { title: t`The service took too long to answer`, description: tryAgain },
    unreadable: { title: t`The service's answer could not be read`, description: tryAgain },
    refused: { title: t`The plan could not be calculated with these details`, description: tryAgain },
  }
  const { title, description } = words[kind]
  return (
    <div className="fc-failure" part="failure" role="alert" data-failure={kind}>
      <p>
        <strong>{title}</strong> <span>{description}</span>
      </p>
      {failure ? (
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
