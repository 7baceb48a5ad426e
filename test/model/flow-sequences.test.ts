/**
 * The model-based sequences (test/support/model-sequences.ts) on the calculator's flow alone: the pure transition
 * function (src/store/flow.ts) in a zustand store whose effects a scripted API carries out at once
 * (test/support/scripted-api.ts), with no timers, HTTP or DOM, so that thousands of sequences run in seconds. Each
 * sequence is checked, step by step, against the model's rules; a failure prints its seed and its path, which
 * `fc.assert` replays.
 */
import type { TuitionInput } from '../../src/domain/types.ts'
import type { Notice } from '../../src/store/calculator-store.ts'
import { describeModelSequences } from '../support/model-sequences.ts'
import { createScriptedApi } from '../support/scripted-api.ts'
import type { Recorded } from '../support/store-model.ts'

/** Runs of the model test (FLOW_MODEL_RUNS=… hunts longer). */
const MODEL_RUNS = Number(process.env.FLOW_MODEL_RUNS ?? 5000)

const api = createScriptedApi()

describeModelSequences({
  name: 'the calculator flow',
  runs: MODEL_RUNS,
  api: () => api,
  fresh() {
    const events: Recorded[] = []
    const notices: Notice[] = []
    const store = api.newStore({ events, notices })
    return {
      api,
      store,
      events,
      notices,
      setInput: (input: TuitionInput) => store.getState().setProperty('tuitionInput', input),
    }
  },
})
