// What every slice of the store is given: zustand's set and get, the host's channels, the API, how a failed call
// is read, and the few steps a slice takes in another's name (each slice registers its own in `links`).
import type { Api } from '../api/client.ts'
import { type ApiError, isAbort } from '../api/errors.ts'
import type { TuitionInput } from '../domain/types.ts'
import type { Calculator, CalculatorDeps, CalculatorStore } from './state.ts'

/** What one slice asks of another: only these steps, never another slice's private state. */
export interface Links {
  /** Calculation: calculates the plan on screen, said at the field when `change` is a refused amount. */
  calculate(change?: AmountChange): Promise<void>
  /** Calculation: loads a saved version's table (hash mode). */
  loadTable(versionHashCode: string): void
  /** Save: the recalculation a pending SAVE waited for has answered, or failed with `error`. */
  afterRecalculation(error: ApiError | null): Promise<void>
  /** Save: asks for the version number of a saved version opened by hash. */
  fetchVersionNumber(versionHashCode: string, contractId: string | null | undefined): Promise<void>
  /** Save: the host sent a fresh token; a save refused for the session is sent again (true), with the same key. */
  tokenRefreshed(): boolean
  /** Save: keeps a new plan from the host until the save under way answers; false when none is under way. */
  holdInput(input: TuitionInput | null): boolean
  /** Host input: a new plan from the host replaces the one on screen. */
  replacePlan(input: TuitionInput): void
  /** Each slice drops its calls under way and its private state: the store is cleared or reloaded. */
  cancel: (() => void)[]
  /** Preview: the schedule asked for goes stale (the plan changes or is saved). */
  cancelPreview(): void
  /** Compare: the calculations of the comparison under way go stale (the plan changes). */
  cancelComparison(): void
  /** Compare: the plan on screen has its figures (or kept them after a failure): the comparison catches up. */
  refreshComparison(): void
}

/** An amount the student changed: if the API refuses it (400/422), the field says why. */
export interface AmountChange {
  field: 'initialAmount' | 'partialPayment'
  value: number | null
}

export interface SliceContext {
  set: CalculatorStore['setState']
  get: () => Calculator
  deps: Required<Pick<CalculatorDeps, 'emit' | 'notify' | 'log' | 'pageLanguage'>>
  api: Api
  /** What a failed call was, with the notices it calls for said (a chunk that could not load, a date in no UTC). */
  describe(error: unknown): Promise<ApiError>
  links: Links
}

export type Outcome<T> = { value: T } | { error: ApiError } | null

/** One kind of call of which only the latest counts: a new one cancels the one under way. */
export interface LatestCall {
  /** Resolves to its value or its failure, or to null when it was cancelled (its answer then counts for nothing). */
  run<T>(call: (signal: AbortSignal) => Promise<T>): Promise<Outcome<T>>
  cancel(): void
  /** A call is under way. */
  readonly busy: boolean
}

export function latestCall(describe: SliceContext['describe']): LatestCall {
  let current: AbortController | null = null
  return {
    async run(call) {
      current?.abort()
      const controller = new AbortController()
      current = controller
      const gone = () => controller.signal.aborted
      try {
        const value = await call(controller.signal)
        return gone() ? null : { value }
      } catch (error) {
        if (gone() || isAbort(error)) return null
        const failure = await describe(error)
        // Cancelled while the failure was being read: nobody is told.
        return gone() ? null : { error: failure }
      } finally {
        if (current === controller) current = null
      }
    },
    cancel() {
      current?.abort()
      current = null
    },
    get busy() {
      return current !== null
    },
  }
}
