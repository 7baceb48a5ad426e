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
    // One event at a time: the state is set before its effects run, and an event an effect brings about (a host that
    // answers an event by setting the element again) is handled once they have all run, as the flow then stands.
    const waiting: FlowEvent[] = []
    let stepping = false
    const dispatch = (event: FlowEvent) => {
      waiting.push(event)
      if (stepping) return
      stepping = true
      try {
        for (let next = waiting.shift(); next; next = waiting.shift()) {
          const before = get()
          const { state, effects } = transition(before, next)
          if (state !== before) set(state)
          run(effects)
        }
      } finally {
        stepping = false
      }
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
    return { ...start, ...calculatorActions(dispatch, until) }
  })
}

/**
 * The actions, each one event of the flow, given to `dispatch`; `until` resolves once a state holds (a press waits for
 * its answer). The store's, and the model-based tests' harness of the flow alone.
 */
export function calculatorActions(
  dispatch: (event: FlowEvent) => void,
  until: (done: (s: Calculator) => boolean) => Promise<void>,
): CalculatorActions {
  return {
    setProperty(prop, value) {
      // A tuition input given as text is read here, once.
      const given = prop === 'tuitionInput' && typeof value === 'string' ? readTuitionText(value) : value
      dispatch({ type: 'propertySet', prop, value: given })
    },
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
