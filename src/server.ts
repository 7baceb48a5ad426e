/**
 * `fees-calculator/server`: the element's HTML with its card and figures, rendered on a server (Node 22+, or any
 * runtime with fetch) for the element to take over in the browser. ESM with no DOM; React is bundled in, so it needs
 * no dependency of the page's. See the README's "Render it on your server" and docs/embedding.md.
 */
export type { Lender } from './domain/lender.ts'
export type { FeesTableResult, SavedFeesTable, TuitionInput } from './domain/types.ts'
export {
  DEFAULT_DEADLINE_MS,
  type FeesCalculatorAnswer,
  type FeesCalculatorFetchOptions,
  type FeesCalculatorSettings,
  renderFeesCalculator,
  renderFeesCalculatorFromApi,
} from './server/render.tsx'
export type { FeesCalculatorMessages } from './ui/replaceable-words.ts'
