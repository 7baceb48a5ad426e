// One store per element instance, made of five slices (zustand's slices pattern): the host's input, the
// calculation, the save, the schedule and downloads, the comparison of fee counts. Each owns its state, its actions
// and the cancellation of its own calls; what one asks of another goes through `links` (src/store/slice.ts).
import { createStore } from 'zustand/vanilla'
import { createApi } from '../api/client.ts'
import { apiRootFor, DEFAULT_API_KEY } from '../api/environment.ts'
import { toApiError } from '../api/errors.ts'
import { ChunkLoadError } from '../lazy/chunk.ts'
import { createCalculationSlice } from './calculation.ts'
import { createCompareSlice } from './compare.ts'
import type { comparisonCalls } from './compare-calls.ts'
import { createHostSlice, DEFAULT_CONFIG } from './host-input.ts'
import { createPreviewSlice } from './preview.ts'
import { createSaveSlice } from './save.ts'
import type { Links, SliceContext } from './slice.ts'
import type { Calculator, CalculatorConfig, CalculatorDeps, CalculatorStore } from './state.ts'

/**
 * What the store is made with. The comparison's calls are named here, where the slices are put together, rather than
 * in state.ts: their module reads the store's own types, and state.ts reads none of the store's modules.
 */
export interface StoreDeps extends CalculatorDeps {
  /** Brings the comparison's calls (a lazy chunk's): without it, the comparison of fee counts asks for nothing. */
  comparisonCalls?: () => Promise<typeof comparisonCalls>
}

export function createCalculatorStore(deps: StoreDeps, config: Partial<CalculatorConfig> = {}): CalculatorStore {
  const log = deps.log ?? ((message, detail) => console.error(`[fees-calculator] ${message}`, detail))
  const hostname = () => deps.hostname ?? (typeof location === 'undefined' ? 'localhost' : location.hostname)

  /** A chunk that could not load is said on the console and in a toast, whatever else reports it. */
  const reportChunkFailure = (error: unknown) => {
    if (!(error instanceof ChunkLoadError)) return
    log(error.message, error)
    deps.notify({ kind: 'chunk_load_failed' })
  }
  /** What a failed call was; a date in an answer that cannot be read as UTC is also toasted. */
  const describe = async (error: unknown) => {
    reportChunkFailure(error)
    const failure = await toApiError(error)
    if (failure.kind === 'response' && failure.code === 'invalid_date') deps.notify({ kind: 'date_parse_failed' })
    return failure
  }

  return createStore<Calculator>()((set, get) => {
    // Where calls go and with which credentials, read again for every try.
    const api = createApi(() => {
      const { mode, input, config } = get()
      return {
        root: apiRootFor(hostname(), config.apiBase),
        auth: mode === 'hash' ? { apiKey: config.apiKey || DEFAULT_API_KEY } : { bearer: input?.token ?? '' },
        ...(deps.fetch ? { fetch: deps.fetch } : {}),
        ...(deps.retryDelay ? { retryDelay: deps.retryDelay } : {}),
      }
    })
    const links = { cancel: [] } as unknown as Links
    const context: SliceContext = {
      set,
      get,
      deps: { emit: deps.emit, notify: deps.notify, log, pageLanguage: deps.pageLanguage ?? (() => null) },
      api,
      describe,
      links,
    }
    const store: Calculator = {
      ...createCalculationSlice(context),
      ...createSaveSlice(context),
      ...createPreviewSlice(context),
      ...createCompareSlice(context, deps.comparisonCalls),
      ...createHostSlice(context, { ...DEFAULT_CONFIG, ...config }, reportChunkFailure),
    }
    // A disabled calculator starts nothing for the student, whatever reaches its handlers (a calendar left open).
    for (const name of STUDENT_ACTIONS) {
      const action = store[name] as (...args: unknown[]) => unknown
      ;(store as unknown as Record<string, unknown>)[name] = (...args: unknown[]) =>
        get().config.disabled ? undefined : action(...args)
    }
    return store
  })
}

/** What the student's controls call. */
const STUDENT_ACTIONS = [
  'chooseFeeCount',
  'chooseDate',
  'chooseAmount',
  'choosePartialPayment',
  'save',
  'previewSchedule',
  'retry',
] as const satisfies readonly (keyof Calculator)[]

export * from './state.ts'
