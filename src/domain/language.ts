import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@fees-calculator/contract'

export { DEFAULT_LANGUAGE, LANGUAGES, type Language }

const KNOWN = new Set<string>(LANGUAGES)

/** The language of a tag by its primary subtag, in any case, with `-` or `_` (`ca-ES`, `EU_es`): null when it is none of LANGUAGES. */
export function spokenLanguage(tag: string): Language | null {
  const primary = tag.split(/[-_]/, 1)[0]?.toLowerCase() ?? ''
  return KNOWN.has(primary) ? (primary as Language) : null
}

/** Tags already warned about: a host that passes the same unknown tag on every input hears of it once. */
const warned = new Set<string>()

/** The console says, once per tag, that a tag is none of the languages the widget speaks: it speaks Spanish. */
export function warnUnknownLanguage(tag: string): void {
  if (warned.has(tag)) return
  warned.add(tag)
  console.warn(`fees-calculator: language "${tag}" unknown (it speaks ${LANGUAGES.join(', ')}): Spanish`)
}

/**
 * The language of a tag as hosts pass it (`ca`, `ca-ES`, `EU_es`, `pt-BR`):
 * by its primary subtag, in any case, with `-` or `_`. A tag whose primary
 * subtag is none of LANGUAGES gives Spanish, with one console warning per tag;
 * no tag at all gives Spanish silently. See docs/rules.md (Language).
 */
export function languageOfTag(tag: string | null | undefined): Language {
  const text = tag?.trim() ?? ''
  if (text === '') return DEFAULT_LANGUAGE
  const spoken = spokenLanguage(text)
  if (spoken !== null) return spoken
  warnUnknownLanguage(text)
  return DEFAULT_LANGUAGE
}
