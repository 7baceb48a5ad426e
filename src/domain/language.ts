/** The languages the calculator speaks. */
export type Language = 'es' | 'en'

/** Spanish unless asked otherwise. */
export const DEFAULT_LANGUAGE: Language = 'es'

/**
 * The language of a tag as hosts pass it (`en`, `en-US`, `EN_gb`, `es-419`):
 * by its primary subtag, in any case, with `-` or `_`. English for `en`,
 * Spanish for anything else. See docs/rules.md (Language).
 */
export function languageOfTag(tag: string | null | undefined): Language {
  return /^en(?:[-_]|$)/i.test(tag?.trim() ?? '') ? 'en' : DEFAULT_LANGUAGE
}
