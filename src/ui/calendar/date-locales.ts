/// <reference path="../po.d.ts" />
import { type I18n, setupI18n } from '@lingui/core'
import type { Locale } from 'date-fns'
import { es } from 'date-fns/locale/es'
import type { Language } from '../../domain/language.ts'
import { setChunkIntegrity } from '../../lazy/chunk.ts'
import { languageChunks } from '../../lazy/language-chunks.ts'
import { withDateGrammar } from './date-grammar.ts'
import { messages as esMessages } from './locales/es/messages.po'

// The script-tag build writes the locale chunks' sha256 here (vite.config.ts): this chunk, checked itself, vouches
// for them. Other builds leave the placeholder, and nothing is checked, as for the entry.
setChunkIntegrity(__FEES_CALCULATOR_NESTED_INTEGRITY__, import.meta.url)

/**
 * The calendar's date-fns locale, with the language's grammar of dates (date-grammar.ts), and words (its buttons'
 * labels, a catalogue of its own) per language: Spanish's ship
 * in the calendar's chunk, every other language's are a small chunk of their own, fetched when the calendar first
 * speaks it (their shared parts are in the calendar's chunk). The first figures carry none of them.
 * Passed as objects: registerLocale would write them on window. English is British English, as the card's formats:
 * its days are named "Choose Monday, 1 December 2026", whose visible "1" is in the name (WCAG 2.5.3, Label in
 * Name), and its weeks start on Monday.
 */
const dateLocaleChunks = languageChunks(
  'calendar',
  { dateLocale: es, messages: esMessages },
  import.meta.glob<typeof import('./locales/en.ts')>('./locales/*.ts'),
)

const spanish = withDateGrammar('es', es)

/** The locale, if on hand (Spanish always). */
export function dateLocaleOf(language: Language): Locale | undefined {
  return language === 'es' ? spanish : dateLocaleChunks[language].loaded()?.dateLocale
}

/** The locale, fetched once per page; rejects with a ChunkLoadError (a later call tries again). */
export function loadDateLocale(language: Language): Promise<Locale> {
  return language === 'es' ? Promise.resolve(spanish) : dateLocaleChunks[language].load().then((m) => m.dateLocale)
}

const wordsByLanguage = new Map<Language, I18n>()

/** The calendar's words in a language whose locale is on hand (dateLocaleOf, loadDateLocale). */
export function calendarWordsOf(language: Language): I18n {
  let i18n = wordsByLanguage.get(language)
  if (!i18n) {
    const messages = language === 'es' ? esMessages : dateLocaleChunks[language].loaded()?.messages
    if (!messages) throw new Error(`the calendar's ${language} words have not been loaded`)
    i18n = setupI18n({ locale: language, messages: { [language]: messages } })
    wordsByLanguage.set(language, i18n)
  }
  return i18n
}

/** The first day of the week in the locale's country (Monday in all six). */
export const weekStartOf = (locale: Locale): 0 | 1 | 2 | 3 | 4 | 5 | 6 => locale.options?.weekStartsOn ?? 1
