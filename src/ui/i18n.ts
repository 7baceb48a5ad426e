/// <reference path="./po.d.ts" />
import { setupI18n, type I18n, type Messages } from '@lingui/core'
import { LinguiContext } from '@lingui/react'
import { createElement, useMemo, type ReactNode } from 'react'
import { DEFAULT_LANGUAGE, type Language } from '../domain/language.ts'
// Compiled at build time by @lingui/vite-plugin: no message compiler ships.
import { messages as enMessages } from '../locales/en/messages.po'
import { messages as esMessages } from '../locales/es/messages.po'

const CATALOGS: Record<Language, Messages> = { es: esMessages, en: enMessages }

/**
 * An i18n instance of the widget's own, never Lingui's global one that the
 * host page may use: two widgets on one page may speak different languages.
 * `more` adds catalogues of a page's own (the single-page app's screens).
 */
export function createI18n(language: Language = DEFAULT_LANGUAGE, more?: Record<Language, Messages>): I18n {
  if (!more) return setupI18n({ locale: language, messages: CATALOGS })
  // New objects: Lingui merges a catalogue into the one it holds, which must not be the widget's own.
  const messages = { es: { ...CATALOGS.es, ...more.es }, en: { ...CATALOGS.en, ...more.en } }
  return setupI18n({ locale: language, messages })
}

/** One activated instance per language, so switching language is choosing one, not mutating one. */
export function createI18nByLanguage(): Record<Language, I18n> {
  return { es: createI18n('es'), en: createI18n('en') }
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
