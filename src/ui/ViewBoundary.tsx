import { useLingui } from '@lingui/react/macro'
import { Component, useMemo, type ErrorInfo, type ReactNode } from 'react'
import { useCalculator } from './context.ts'

export interface ViewBoundaryProps {
  /** Anything that stands for the state drawn: when it changes (a new input, a new answer), a failed view is tried again. */
  resetKey: unknown
  /** Called once per render failure: the host hears of it, and the console says it. */
  onError: (error: unknown) => void
  children: ReactNode
}

interface ViewBoundaryState {
  failed: boolean
  resetKey: unknown
}

/**
 * The error boundary of one widget: a part that throws while rendering leaves
 * a small panel in this widget only (the others on the page keep working), is
 * reported once, and the next valid input or answer draws the calculator
 * again. The panel's button tries again with the same state.
 */
export class ViewBoundary extends Component<ViewBoundaryProps, ViewBoundaryState> {
  override state: ViewBoundaryState = { failed: false, resetKey: this.props.resetKey }

  static getDerivedStateFromError(): Partial<ViewBoundaryState> {
    return { failed: true }
  }

  static getDerivedStateFromProps(props: ViewBoundaryProps, state: ViewBoundaryState): Partial<ViewBoundaryState> | null {
    return Object.is(props.resetKey, state.resetKey) ? null : { failed: false, resetKey: props.resetKey }
  }

  override componentDidCatch(error: unknown, _info: ErrorInfo): void {
    this.props.onError(error)
  }

  private readonly retry = () => this.setState({ failed: false })

  override render(): ReactNode {
    return this.state.failed ? <RenderFailed onRetry={this.retry} /> : this.props.children
  }
}

function RenderFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useLingui()
  return (
    <div className="fc-card fc-failed" role="alert">
      <p className="fc-failed-text">{t`The calculator could not be shown.`}</p>
      <div className="fc-buttons">
        <button type="button" className="fc-button fc-button--secondary" onClick={onRetry}>
          {t`Try again`}
        </button>
      </div>
    </div>
  )
}

/**
 * The boundary around the view, tried again on each new input or answer. A
 * component of its own, so that a new answer re-renders only it: the view it
 * is given keeps its identity, and only the parts an answer concerns re-render.
 */
export function BoundedView({ onError, children }: { onError: (error: unknown) => void; children: ReactNode }) {
  const input = useCalculator((s) => s.input)
  const result = useCalculator((s) => s.result)
  const resetKey = useMemo(() => ({ input, result }), [input, result])
  return (
    <ViewBoundary resetKey={resetKey} onError={onError}>
      {children}
    </ViewBoundary>
  )
}
