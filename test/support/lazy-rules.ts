import type { Calculator, CalculatorDeps } from '../../src/store/state.ts'

/**
 * The flow's rules that come with a lazy chunk of the widget's (src/ui/chunks.ts): SAVE's, with the save bar, and the
 * comparison's, with its view. A store a test makes fetches them as the widget's does, when the flow asks.
 */
export const LAZY_RULES = {
  savingRules: () => import('../../src/store/saving.ts').then((module) => module.savingRules),
  comparisonRules: () => import('../../src/store/comparison.ts').then((module) => module.comparisonRules),
} satisfies Partial<CalculatorDeps>

/**
 * Nothing on its way: no calculation, save or schedule, and SAVE's rules here once a plan's figures (or their failure)
 * are, as they come just after them. A test that presses SAVE waits for this, as a student waits for the button.
 */
export const settledState = (s: Calculator): boolean =>
  !s.calculating && !s.saving && s.schedulePreview !== 'loading' && (s.savingRules !== null || s.result === null)
