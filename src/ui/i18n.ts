/// <reference path="./po.d.ts" />
import { type I18n, type Messages, setupI18n } from '@lingui/core'
import { LinguiContext } from '@lingui/react'
import { createElement, type ReactNode, useMemo } from 'react'
import { DEFAULT_LANGUAGE, type Language } from '../domain/language.ts'
// Compiled at build time by @lingui/vite-plugin: no message compiler ships. Spanish, the default, ships with the
// first render; every other language is a chunk of its own (src/ui/card-catalogues.ts), fetched only when a calculator speaks it.
import { cardWordsChunks } from './card-catalogues.ts'

/** The card's catalogue of one language. */
export interface LanguageWords {
  messages: Messages
}

/** A language's words if they are on hand (Spanish always), without fetching anything. */
export function wordsOf(language: Language): LanguageWords | undefined {
  return cardWordsChunks[language].loaded()
}

/** A language's words, fetched once per page; rejects with a ChunkLoadError (a later call tries again). */
export function loadWords(language: Language): Promise<LanguageWords> {
  return cardWordsChunks[language].load()
}

/**
 * An i18n instance of the widget's own, never Lingui's global one that the
 * host page may use: two widgets on one page may speak different languages.
 * `more` adds a catalogue of a page's own (the single-page app's screens).
 * The language's words must be on hand (loadWords).
 */
export function createI18n(language: Language = DEFAULT_LANGUAGE, more?: Messages): I18n {
  const words = wordsOf(language)
  if (!words) throw new Error(`no ${language} words yet`)
  // A new object when merging: Lingui merges a catalogue into the one it holds, which must not be the widget's own.
  const messages = more ? { ...words.messages, ...more } : words.messages
  return setupI18n({ locale: language, messages: { [language]: messages } })
}

/** Words a part of the screen brings with it (the schedule's): on hand for a language, or to be fetched. */
export interface WordsPiece {
  has(language: Language): boolean
  load(language: Language): Promise<unknown>
}

/** One widget's instances, one per language it has spoken: switching language is choosing one, not mutating one. */
export interface WidgetWords {
  /** The instance for a language whose words are on hand, else undefined. */
  of(language: Language): I18n | undefined
  /** Whether the card can switch to a language: its words and those of every part shown are on hand. */
  ready(language: Language): boolean
  /** The instance for a language, once its words, and those of every part shown, have arrived. */
  load(language: Language): Promise<I18n>
  /** A part with words of its own, while it is shown: a switch of language waits for them too. Returns its removal. */
  show(piece: WordsPiece): () => void
}

/**
 * `own` gives the university's words of the moment (the `messages` property, compiled): a language's instance is
 * made again when they change, and a language they leave out speaks the widget's own. `waiting` gives those words
 * while they are on their way (their check is a lazy chunk): no language is ready until they have arrived.
 */
export function createWidgetWords(
  own: () => Partial<Record<Language, Messages>> | null = () => null,
  waiting: () => Promise<unknown> | null = () => null,
): WidgetWords {
  const instances = new Map<Language, { i18n: I18n; custom: Messages | undefined }>()
  const pieces = new Set<WordsPiece>()
  const of = (language: Language) => {
    const custom = own()?.[language]
    let made = instances.get(language)
    if ((!made || made.custom !== custom) && wordsOf(language)) {
      made = { i18n: createI18n(language, custom), custom }
      instances.set(language, made)
    }
    return made?.i18n
  }
  return {
    of,
    ready: (language) => !waiting() && of(language) !== undefined && [...pieces].every((piece) => piece.has(language)),
    load: (language) =>
      Promise.all([loadWords(language), waiting(), ...[...pieces].map((piece) => piece.load(language))]).then(
        () => of(language) as I18n,
      ),
    show(piece) {
      pieces.add(piece)
      return () => pieces.delete(piece)
    },
  }
}

/**
 * Gives `i18n` to the Lingui hooks below. Unlike Lingui's I18nProvider, which
 * learns of a new instance in an effect, the new language is on screen in the
 * same render: no frame in the wrong language.
 */
export function LanguageProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  const value = useMemo(() => ({ i18n, _: i18n.t.bind(i18n) }), [i18n])
  return createElement(LinguiContext.Provider, { value }, children)
}
