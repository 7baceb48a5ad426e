/**
 * The languages of the wire's `language` field, alone in their module: a page's server may read them with
 * nothing else of the widget (`fees-calculator/languages`).
 */

/** The languages the calculator speaks, in the order the docs list them. */
export const LANGUAGES = ['es', 'en', 'ca', 'eu', 'gl', 'pt'] as const

/** Spanish, English, Catalan, Basque, Galician and (European) Portuguese. */
export type Language = (typeof LANGUAGES)[number]

/** Spanish unless asked otherwise. */
export const DEFAULT_LANGUAGE: Language = 'es'
