// The comparison of fee counts: its rules, branches of the calculator's flow (src/store/flow.ts), on the flow's
// state. For a few counts of the plan on screen, the figures the API answers for each, one calculation per count
// through the same request path as every figure, asked for only once the comparison is open and the plan's own
// figures are on screen, and dropped when the plan changes. They come with the comparison's view, in the schedule's
// chunk (src/ui/schedule/Schedule.tsx), the first time the student opens it: the first render carries none of them.
import { calculationPayload, choiceOf, usesAnonymousEndpoints } from '../domain/payload.ts'
import { cancel, send } from './flow.ts'
import type { CalculatorState, ComparisonAnswer, ComparisonRules, Effect } from './state.ts'

/**
 * The counts compared: the smallest, the chosen, one between and the largest, distinct and in order. The one
 * between halves the wider of the two gaps around the chosen count, so the four spread over the range.
 */
export function countsToCompare(min: number, chosen: number, max: number): number[] {
  const between = chosen - min >= max - chosen ? Math.round((min + chosen) / 2) : Math.round((chosen + max) / 2)
  return [...new Set([min, chosen, between, max])].filter((n) => n >= min && n <= max).sort((a, b) => a - b)
}

/** Try again: the comparison's calculations that failed are sent again, but those the API refused. */
function retry(state: CalculatorState, effects: Effect[]): CalculatorState {
  const kept = Object.entries(state.comparisonAnswers).filter(
    ([, answer]) => !answer.failure || answer.failure.kind === 'refused',
  )
  return refresh({ ...state, comparisonAnswers: Object.fromEntries(kept) }, effects)
}

/**
 * The comparison catches up with the plan on screen: open, and with the plan's own figures (never beside a
 * calculation of the card's), it asks for the counts it lacks, one calculation each, side by side, in place of any
 * still under way. Answers are kept while only the count changes (the basis: the plan but its count, token and
 * language); any other change of plan starts it anew.
 */
function refresh(state: CalculatorState, effects: Effect[]): CalculatorState {
  const { input, result, comparisonOpen, calculating, mode } = state
  if (!comparisonOpen || !input || !result || calculating) return state
  const anonymous = usesAnonymousEndpoints(input, mode === 'embedded')
  const choice = choiceOf(result)
  const { numberOfFees: _count, language: _language, ...plan } = calculationPayload(input, choice)
  const basis = JSON.stringify([plan, anonymous])
  const answers = {
    ...(basis === state.comparisonBasis ? state.comparisonAnswers : {}),
    [result.totalFees]: { result },
  }
  const counts = countsToCompare(result.minFees, result.totalFees, result.maxFees)
  effects.push(cancel('comparison'))
  for (const count of counts) {
    const body = calculationPayload(input, { ...choice, numberOfFees: count })
    if (!answers[count])
      effects.push(send('comparison', { api: 'calculateFeeOptions', args: [body, anonymous] }, count))
  }
  return {
    ...state,
    comparisonBasis: basis,
    comparisonAnswers: answers,
    comparison: counts.map((count) => ({ count, ...answers[count] })),
  }
}

/** One count's figures, or its failure, in the comparison's rows. */
function answered(state: CalculatorState, count: number, answer: ComparisonAnswer): CalculatorState {
  return {
    ...state,
    comparisonAnswers: { ...state.comparisonAnswers, [count]: answer },
    comparison: state.comparison.map((row) => (row.count === count ? { count, ...answer } : row)),
  }
}

export const comparisonRules: ComparisonRules = { refresh, retry, answered }
