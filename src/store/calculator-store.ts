// One store per calculator: the flow's state (src/store/flow.ts) in a zustand vanilla store, its actions (each one
// event of the flow), and the runner that carries out what each step asks for (src/store/runner.ts).
import { createStore } from 'zustand/vanilla'
import { newIdempotencyKey } from '../api/request.ts'
import { readTuitionText } from '../domain/tuition.ts'
import { ChunkLoadError } from '../lazy/chunk.ts'
import { type Effect, type FlowEvent, initialState, transition } from './flow.ts'
import { createRunner } from './runner.ts'
import type {
  Calculator,
  CalculatorActions,
  CalculatorConfig,
  CalculatorDeps,
  CalculatorState,
  CalculatorStore,
} from './state.ts'

export function createCalculatorStore(deps: CalculatorDeps, config: Partial<CalculatorConfig> = {}): CalculatorStore {
  return flowStore({ ...initialState(config), attached: !deps.startsDetached }, (dispatch, get) =>
    createRunner(deps, dispatch, get),
  )
}

/**
 * A zustand store of the flow, starting at `start`, whose effects are carried out by the runner `runnerFor` makes: the
 * calculator's (src/store/runner.ts), or a model-based test's, which holds the calls for the test to answer.
 */
export function flowStore(
  start: CalculatorState,
  runnerFor: (dispatch: (event: FlowEvent) => void, get: () => Calculator) => (effects: readonly Effect[]) => void,
): CalculatorStore {
  return createStore<Calculator>()((set, get, store) => {
    // The state is set before its effects run: a host that answers an event by setting the element again meets the
    // flow as it now is.
    const dispatch = (event: FlowEvent) => {
      const before = get()
      const { state, effects } = transition(before, event)
      if (state !== before) set(state)
      run(effects)
    }
    const run = runnerFor(dispatch, get)
    /** Resolves once `done` holds: the answer a press waits for has come. */
    const until = (done: (s: Calculator) => boolean) =>
      new Promise<void>((resolve) => {
        if (done(get())) return resolve()
        const stop = store.subscribe((s) => {
          if (!done(s)) return
          stop()
          resolve()
        })
      })
    return { ...start, ...calculatorActions(dispatch, get, until) }
  })
}

/**
 * The actions, each one event of the flow, given to `dispatch`; `until` resolves once a state holds (a press waits for
 * its answer). The store's, and the model-based tests' harness of the flow alone.
 */
export function calculatorActions(
  dispatch: (event: FlowEvent) => void,
  get: () => Calculator,
  until: (done: (s: Calculator) => boolean) => Promise<void>,
): CalculatorActions {
  return {
    setProperty(prop, value) {
      // A tuition input given as text is read here, once.
      const given = prop === 'tuitionInput' && typeof value === 'string' ? readTuitionText(value) : value
      dispatch({ type: 'propertySet', prop, value: given })
    },
    setTuitionInput(raw) {
      get().setProperty('tuitionInput', raw)
      return get().offered?.taken !== false
    },
    clear: () => get().setProperty('tuitionInput', undefined),
    loadByHash: (versionHashCode) => dispatch({ type: 'versionOpened', versionHashCode }),
    restore: (versionHashCode) => dispatch({ type: 'formRestored', versionHashCode }),
    attach: () => dispatch({ type: 'attached' }),
    release: () => dispatch({ type: 'released' }),
    resetForm: () => dispatch({ type: 'formReset' }),
    reportChunkFailure(error) {
      if (error instanceof ChunkLoadError) dispatch({ type: 'chunkFailed', message: error.message, error })
    },
    reportRenderFailure: (failure) => dispatch({ type: 'renderFailed', failure }),
    chooseFeeCount: (numberOfFees) => dispatch({ type: 'feeCountChosen', numberOfFees }),
    chooseDate: (date) => dispatch({ type: 'dateChosen', date }),
    chooseAmount: (value) => dispatch({ type: 'amountChosen', field: 'initialAmount', value }),
    choosePartialPayment: (value) => dispatch({ type: 'amountChosen', field: 'partialPayment', value }),
    dismissAmountRefusal: () => dispatch({ type: 'amountRefusalDismissed' }),
    save() {
      dispatch({ type: 'savePressed', idempotencyKey: newIdempotencyKey() })
      return until((s) => !s.saving && !s.saveQueued)
    },
    previewSchedule() {
      dispatch({ type: 'scheduleAsked' })
      return until((s) => s.schedulePreview !== 'loading')
    },
    planDownloaded: (detail) => dispatch({ type: 'planTaken', name: 'planDownloadEvent', detail }),
    planShared: (detail) => dispatch({ type: 'planTaken', name: 'planShareEvent', detail }),
    retry: () => dispatch({ type: 'tryAgain' }),
    wentOnline: () => dispatch({ type: 'wentOnline' }),
    showComparison: (open) => dispatch({ type: 'comparisonShown', open }),
    retryComparison: () => dispatch({ type: 'comparisonRetried' }),
  }
}

export * from './state.ts'
