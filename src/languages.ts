/**
 * `fees-calculator/languages`: the languages the calculator speaks, with neither React nor the custom element in
 * it, for code that runs where those cannot: a server rendering the page (a Next.js server component), a build
 * step, a portal's own language menu.
 */
import { DEFAULT_LANGUAGE, LANGUAGES, type Language, spokenLanguage } from './domain/language.ts'

export { DEFAULT_LANGUAGE, LANGUAGES, type Language }

/**
 * The language the calculator should speak to a browser that sent this `Accept-Language` header
 * (`ca-ES,ca;q=0.9,en;q=0.8`): the first of its languages the calculator speaks, by weight and then by order,
 * read by primary subtag (`pt-BR` is Portuguese); `fallback` when it speaks none of them or there is no header.
 */
export function languageOfAcceptLanguage(
  header: string | null | undefined,
  fallback: Language = DEFAULT_LANGUAGE,
): Language {
  const wanted = (header ?? '')
    .split(',')
    .map((entry, order) => {
      const [range = '', ...parameters] = entry.split(';').map((part) => part.trim())
      const q = parameters.find((parameter) => /^q=/i.test(parameter))
      const weight = q === undefined ? 1 : Number(q.slice(2))
      return { language: spokenLanguage(range), weight, order }
    })
    .filter(({ language, weight }) => language !== null && weight > 0 && weight <= 1)
    .sort((a, b) => b.weight - a.weight || a.order - b.order)
  return wanted[0]?.language ?? fallback
}
