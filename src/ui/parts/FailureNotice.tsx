import { useLingui } from '@lingui/react/macro'
import { useEffect, useSyncExternalStore } from 'react'
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

  useEffect(() => {
    if (online) wentOnline()
  }, [online, wentOnline])

  if (!embedded) return null
  const kind: CalculationFailureKind | null = !online ? 'connection' : (failure?.kind ?? null)
  if (!kind) return null
  const words: Record<CalculationFailureKind, { title: string; description: string }> = {
    session: {
      title: t`Your session has expired`,
      description: t`The page will renew it; if nothing happens, press Try again or reload the page.`,
    },
    unavailable: {
      title: t`The payment plan service is not available right now`,
      description: t`It may be busy. Wait a moment and press Try again.`,
    },
    connection: {
      title: t`No connection`,
      description: online
        ? t`The payment plan service could not be reached. Check your connection and press Try again.`
        : t`You are offline. The plan will be calculated as soon as the connection is back.`,
    },
    timeout: {
      title: t`The payment plan service took too long to answer`,
      description: t`Press Try again.`,
    },
    unreadable: {
      title: t`The answer of the payment plan service could not be read`,
      description: t`Press Try again; if it happens again, contact your university.`,
    },
    refused: {
      title: t`The payment plan could not be calculated`,
      description: t`The service did not accept these details. Press Try again or contact your university.`,
    },
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
