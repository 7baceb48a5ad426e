/**
 * The model-based sequences (test/support/model-sequences.ts) on the whole store: its runner, its one request path
 * and ky's retries, against the reference server's own answers, of which only the delivery is held
 * (test/support/controlled-api.ts). Fewer runs than the flow alone's, whose rules they share: these check that the
 * store carries out what the flow decides.
 */

import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { beforeAll, describe, expect, it } from 'vitest'
import { httpChunk } from '../../src/api/chunks.ts'
import type { TuitionInput } from '../../src/domain/types.ts'
import { type ControlledApi, createControlledApi } from '../support/controlled-api.ts'
import { describeModelSequences } from '../support/model-sequences.ts'
import { Deliver, freshModel, NewInput } from '../support/store-model.ts'
import { testStore } from '../support/test-store.ts'

/** Runs of the model test (STORE_MODEL_RUNS=… hunts longer). */
const MODEL_RUNS = Number(process.env.STORE_MODEL_RUNS ?? 200)

let api: ControlledApi
beforeAll(async () => {
  api = await createControlledApi()
  // The API client is a lazy chunk: loaded once here, so no step waits for its first load.
  await httpChunk.load()
})

function fresh() {
  const { store, events, notices } = testStore('http://127.0.0.1:9/api/v1', {
    fetch: api.fetch,
    // Retries go at once: the model delivers their answers as it does every other.
    retryDelay: () => 0,
  })
  return {
    api,
    store,
    events,
    notices,
    setInput: (input: TuitionInput) => store.getState().setProperty('tuitionInput', input),
  }
}

describeModelSequences({
  name: 'the calculator store',
  runs: MODEL_RUNS,
  api: () => api,
  fresh,
  async afterRun() {
    // Calls the server is still working on when the run ends reach the held list (or are dropped as cancelled)
    // before the next run starts, so that no run sees another's.
    await api.settle(() => true)
    // A retry or a chunk's import of the cleared store may start its call a timer later: let it, so that it is held
    // (or dropped as cancelled) now, not in the next run.
    await new Promise((resolve) => setTimeout(resolve, 0))
    await api.settle(() => true)
  },
})

describe('the store carries out what the flow decides', () => {
  it('drops a calculation that was retried once when the element goes away, even after a garbage collection', async () => {
    const real = fresh()
    const model = freshModel(api)
    await new NewInput(0).run(model, real)
    await new Deliver(0, 'network').run(model, real)
    // The lost answer was tried again: the retry is the only call under way.
    expect(api.held().map((call) => call.kind)).toEqual(['calculate'])
    collectGarbage()
    real.store.getState().setProperty('tuitionInput', undefined)
    await api.settle(
      () => api.held().length === 0,
      () => `held ${api.held().length}`,
    )
    expect(api.held()).toEqual([])
  })
})

/** A full garbage collection now (what a busy test machine does at any moment). */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc')
  ;(runInNewContext('gc') as () => void)()
}
