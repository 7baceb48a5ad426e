/// <reference path="./po.d.ts" />
import { setupI18n, type I18n, type Messages } from '@lingui/core'
import { LinguiContext } from '@lingui/react'
import { createElement, useMemo, type ReactNode } from 'react'
import type { Language } from '../domain/language.ts'
import { englishChunk } from '../lazy/registry.ts'
// Compiled at build time by @lingui/vite-plugin: no message compiler ships.
import { messages as esMessages } from '../locales/es/messages.po'

/**
 * An i18n instance of the widget's own, never Lingui's global one that the
 * host page may use: two widgets on one page may speak different languages.
 */
export function createI18n(language: Language, messages: Messages): I18n {
  return setupI18n({ locale: language, messages: { [language]: messages } })
}

/** A widget's languages: one activated instance each, so switching language is choosing one, not mutating one. */
export interface Languages {
  /** The instance of `language` once its catalogue is here (Spanish always is). */
  get(language: Language): I18n | undefined
  /**
   * The instance of `language`, asking for its catalogue if need be; one that
   * cannot load is reported to `onFailure`, and the language is then Spanish.
   */
  load(language: Language, onFailure: (error: unknown) => void): Promise<I18n>
  subscribe(listener: () => void): () => void
}

export function createLanguages(): Languages {
  const byLanguage: Partial<Record<Language, I18n>> = { es: createI18n('es', esMessages) }
  const listeners = new Set<() => void>()
  let english: Promise<I18n> | undefined
  const get = (language: Language) => {
    const loaded = language === 'en' && !byLanguage.en && englishChunk.loaded()
    if (loaded) byLanguage.en = createI18n('en', loaded.messages)
    return byLanguage[language]
  }
  const settled = (i18n: I18n) => {
    byLanguage.en = i18n
    for (const listener of listeners) listener()
    return i18n
  }
  return {
    get,
    load(language, onFailure) {
      const ready = get(language)
      if (ready) return Promise.resolve(ready)
      english ??= englishChunk.load().then(
        ({ messages }) => settled(createI18n('en', messages)),
        (error: unknown) => {
          const spanish = settled(byLanguage.es as I18n)
          onFailure(error)
          return spanish
        },
      )
      return english
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
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
