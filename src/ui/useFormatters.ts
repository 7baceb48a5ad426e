import { useCalculator, useLanguage } from './context.ts'
import { type Formatters, formattersFor } from './format.ts'

/** Formatters for this instance's language and the currency of its figures (answer, else input, else USD). */
export function useFormatters(): Formatters {
  const language = useLanguage()
  const currency = useCalculator((s) => s.result?.currency || s.input?.currency || null)
  return formattersFor(language, currency)
}
