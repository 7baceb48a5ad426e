import { useLingui } from '@lingui/react/macro'
import { Component, type ErrorInfo, type ReactNode } from 'react'
import type { RenderFailure } from '../events.ts'
import { useCalculator } from './context.ts'

interface BoundaryProps {
  children: ReactNode
  /** Told once per failure: the host hears of it through `invalidTuitionEvent`. */
  onFailure: (failure: RenderFailure) => void
  /** A new value (a new input, a new answer) after a failure draws the calculator again. */
  resetKey: unknown
}

interface RenderBoundaryState {
  failed: boolean
  /** The reset key of the last render: a failure holds until it changes. */
  key: unknown
}

/**
 * One per widget: a failure while drawing the calculator (a host page that
 * broke `Intl`, a browser quirk) shows a small panel with a retry in this
 * widget only; other instances on the page go on. The next input or answer,
 * or the retry, draws it again.
 */
class Boundary extends Component<BoundaryProps, RenderBoundaryState> {
  override state: RenderBoundaryState = { failed: false, key: this.props.resetKey }

  static getDerivedStateFromProps(
    props: BoundaryProps,
    state: RenderBoundaryState,
  ): Partial<RenderBoundaryState> | null {
    return props.resetKey === state.key ? null : { key: props.resetKey, failed: false }
  }

  static getDerivedStateFromError(): Partial<RenderBoundaryState> {
    return { failed: true }
  }

  override componentDidCatch(error: unknown, _info: ErrorInfo) {
    const message = error instanceof Error ? error.message : String(error)
    this.props.onFailure({ code: 'render_failed', message })
  }

  override render() {
    return this.state.failed ? <RenderFailed onRetry={() => this.setState({ failed: false })} /> : this.props.children
  }
}

/**
 * The boundary around the calculator screen, drawn again by each new answer.
 * Only this wrapper follows the answers: the screen it wraps keeps its own,
 * finer subscriptions (a recalculation re-renders the figures, not the page).
 */
export function RenderBoundary({ children, onFailure }: Omit<BoundaryProps, 'resetKey'>) {
  const result = useCalculator((s) => s.result)
  return (
    <Boundary onFailure={onFailure} resetKey={result}>
      {children}
    </Boundary>
  )
}

function RenderFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useLingui()
  return (
    <div className="fc-card fc-failed" role="alert" part="failed">
      <p>{t`The calculator could not be shown.`}</p>
      <button type="button" className="fc-button fc-button--secondary" onClick={onRetry}>
        {t`Try again`}
      </button>
    </div>
  )
}
