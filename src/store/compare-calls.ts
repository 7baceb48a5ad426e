// The comparison's calls, in the schedule's lazy chunk beside the comparison's view (src/store/compare.ts).
// It imports nothing at run time: what it shares with the first render is handed in (`Kit`), so that none of those
// modules moves into the chunk the first render shares with the lazy ones, where it would compress worse.
import type { calculationPayload, choiceOf, usesAnonymousEndpoints } from '../domain/payload.ts'
import type { FeesTableResult, TuitionInput } from '../domain/types.ts'
import type { calculationFailureOf } from './failures.ts'
import type { latestCall, SliceContext } from './slice.ts'
import type { CalculationFailure } from './state.ts'

/** The first render's own helpers the calls use. */
export interface Kit {
  calculationPayload: typeof calculationPayload
  choiceOf: typeof choiceOf
  usesAnonymousEndpoints: typeof usesAnonymousEndpoints
  calculationFailureOf: typeof calculationFailureOf
  latestCall: typeof latestCall
  /** The counts compared for the smallest, the chosen and the largest (compare.ts). */
  countsToCompare: (min: number, chosen: number, max: number) => number[]
}

/** What the comparison's slice asks of its calls. */
export interface ComparisonCalls {
  /** The plan on screen has its figures: asks for those of the counts it lacks (only while open, never beside a calculation). */
  refresh(): void
  /** Sends again the calculations that failed, but those the API refused. */
  retry(): void
  /** The calculations under way go stale. */
  cancel(): void
  /** Drops the calls under way and the answers kept (the store is cleared or reloaded). */
  clear(): void
}

type Answer = { result: FeesTableResult } | { failure: CalculationFailure }

export function comparisonCalls({ set, get, api, describe }: SliceContext, kit: Kit): ComparisonCalls {
  const { calculationPayload, choiceOf, usesAnonymousEndpoints, calculationFailureOf, countsToCompare } = kit
  const latest = kit.latestCall(describe)
  // The answers for the plan whose basis is `basis`, by count: kept while only the count changes.
  const answers = new Map<number, Answer>()
  let basis: string | null = null

  /** What makes the figures of every count but the count itself: the plan with its count, token and language left out. */
  const basisOf = (input: TuitionInput, result: FeesTableResult, anonymous: boolean) => {
    const { numberOfFees: _count, language: _language, ...plan } = calculationPayload(input, choiceOf(result))
    return JSON.stringify([plan, anonymous])
  }

  /** The rows of the plan on screen: its own figures for the chosen count, the answers so far for the others. */
  const publish = () => {
    const { result } = get()
    if (!result) return
    const counts = countsToCompare(result.minFees, result.totalFees, result.maxFees)
    set({ comparison: counts.map((count) => ({ count, ...answers.get(count) })) })
  }

  const refresh = () => {
    const { input, result, comparisonOpen, calculating, mode } = get()
    // Never before the plan's own figures, nor beside a calculation of the card's.
    if (!comparisonOpen || !input || !result || calculating) return
    const anonymous = usesAnonymousEndpoints(input, mode === 'embedded')
    const next = basisOf(input, result, anonymous)
    if (next !== basis) {
      latest.cancel()
      answers.clear()
      basis = next
    }
    answers.set(result.totalFees, { result })
    const missing = countsToCompare(result.minFees, result.totalFees, result.maxFees).filter((n) => !answers.has(n))
    publish()
    if (missing.length === 0) return
    const choice = choiceOf(result)
    void latest.run((signal) =>
      Promise.all(
        missing.map((count) =>
          api
            .calculateFeeOptions(calculationPayload(input, { ...choice, numberOfFees: count }), anonymous, signal)
            .then(
              (answer) => ({ result: answer }),
              async (error: unknown) => ({ failure: calculationFailureOf(await describe(error)) }),
            )
            .then((answer) => {
              if (signal.aborted) return
              answers.set(count, answer)
              publish()
            }),
        ),
      ),
    )
  }

  return {
    refresh,
    retry() {
      // A refused count would be refused again: only the others are sent again.
      for (const [count, answer] of answers)
        if ('failure' in answer && answer.failure.kind !== 'refused') answers.delete(count)
      refresh()
    },
    cancel: () => latest.cancel(),
    clear() {
      latest.cancel()
      answers.clear()
      basis = null
    },
  }
}
