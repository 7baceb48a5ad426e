// The comparison of fee counts: for a few counts of the plan on screen, the figures the API answers for each (one
// calculation per count, through the same request path as every figure), asked for only once the comparison is open
// and the plan's own figures are on screen, and dropped when the plan changes.
import { calculationPayload, choiceOf, usesAnonymousEndpoints } from '../domain/payload.ts'
import type { FeesTableResult, TuitionInput } from '../domain/types.ts'
import { calculationFailureOf } from './failures.ts'
import { latestCall, type SliceContext } from './slice.ts'
import type { CalculationFailure, CalculatorActions, CompareState, ComparisonRow } from './state.ts'

export const comparisonCleared = { comparison: [] as ComparisonRow[] }

/**
 * The counts compared: the smallest, the chosen, one between and the largest, distinct and in order. The one
 * between halves the wider of the two gaps around the chosen count, so the four spread over the range.
 */
export function countsToCompare(min: number, chosen: number, max: number): number[] {
  const between = chosen - min >= max - chosen ? Math.round((min + chosen) / 2) : Math.round((chosen + max) / 2)
  return [...new Set([min, chosen, between, max])].filter((n) => n >= min && n <= max).sort((a, b) => a - b)
}

/** What makes the figures of every count but the count itself: the plan with its count, token and language left out. */
function basisOf(input: TuitionInput, result: FeesTableResult, anonymous: boolean): string {
  const { numberOfFees: _count, language: _language, ...plan } = calculationPayload(input, choiceOf(result))
  return JSON.stringify([plan, anonymous])
}

type Answer = { result: FeesTableResult } | { failure: CalculationFailure }

export function createCompareSlice({ set, get, api, describe, links }: SliceContext) {
  const latest = latestCall(describe)
  // The answers for the plan whose basis is `basis`, by count: kept while only the count changes.
  const answers = new Map<number, Answer>()
  let basis: string | null = null
  links.cancel.push(() => {
    latest.cancel()
    answers.clear()
    basis = null
  })
  links.cancelComparison = () => latest.cancel()

  /** The rows of the plan on screen: its own figures for the chosen count, the answers so far for the others. */
  const publish = () => {
    const { result } = get()
    if (!result) return
    const counts = countsToCompare(result.minFees, result.totalFees, result.maxFees)
    set({ comparison: counts.map((count) => ({ count, ...answers.get(count) })) })
  }

  links.refreshComparison = () => {
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
    comparisonOpen: false,
    ...comparisonCleared,

    showComparison(open) {
      if (get().comparisonOpen === open) return
      set({ comparisonOpen: open })
      if (open) links.refreshComparison()
      else latest.cancel()
    },

    retryComparison() {
      // A refused count would be refused again: only the others are sent again.
      for (const [count, answer] of answers)
        if ('failure' in answer && answer.failure.kind !== 'refused') answers.delete(count)
      links.refreshComparison()
    },
  } satisfies CompareState & Pick<CalculatorActions, 'showComparison' | 'retryComparison'>
}
