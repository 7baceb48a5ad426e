// The comparison of fee counts: for a few counts of the plan on screen, the figures the API answers for each (one
// calculation per count, through the same request path as every figure), asked for only once the comparison is open
// and the plan's own figures are on screen, and dropped when the plan changes. Its calls (src/store/compare-calls.ts)
// come with the schedule's lazy chunk, with the comparison's view: the first render carries only its state.

import { calculationPayload, choiceOf, usesAnonymousEndpoints } from '../domain/payload.ts'
import type { ComparisonCalls, comparisonCalls } from './compare-calls.ts'
import { calculationFailureOf } from './failures.ts'
import { latestCall, type SliceContext } from './slice.ts'
import type { CalculatorActions, CompareState, ComparisonRow } from './state.ts'

export const comparisonCleared = { comparison: [] as ComparisonRow[] }

/**
 * `load` brings the comparison's calls: the widget takes them from the schedule's chunk, where the comparison's view
 * is, so the first render carries only the comparison's state; without it the comparison asks for nothing.
 */
export function createCompareSlice(context: SliceContext, load?: () => Promise<typeof comparisonCalls>) {
  const { get, links } = context
  let calls: ComparisonCalls | undefined
  links.cancel.push(() => calls?.clear())
  links.cancelComparison = () => calls?.cancel()
  links.refreshComparison = () => {
    if (calls) return calls.refresh()
    if (!get().comparisonOpen || !load) return
    // A chunk that cannot load is reported by the view it also holds, which then cannot show.
    load().then(
      (make) => {
        calls ??= make(context, {
          calculationPayload,
          choiceOf,
          usesAnonymousEndpoints,
          calculationFailureOf,
          latestCall,
        })
        calls.refresh()
      },
      () => {},
    )
  }

  return {
    comparisonOpen: false,
    ...comparisonCleared,

    showComparison(open) {
      if (get().comparisonOpen === open) return
      context.set({ comparisonOpen: open })
      if (open) links.refreshComparison()
      else links.cancelComparison()
    },

    retryComparison() {
      if (calls) calls.retry()
      else links.refreshComparison()
    },
  } satisfies CompareState & Pick<CalculatorActions, 'showComparison' | 'retryComparison'>
}
