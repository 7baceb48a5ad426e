/// <reference path="../../po.d.ts" />
import { type I18n, type Messages, setupI18n } from '@lingui/core'
import type { Language } from '../../../domain/language.ts'
import { setChunkIntegrity } from '../../../lazy/chunk.ts'
import { languageChunks } from '../../../lazy/language-chunks.ts'
import { messages as esMessages } from './locales/es/messages.po'

// The script-tag build writes the word chunks' sha256 here (vite.config.ts): the PDF maker's chunk, checked itself,
// vouches for them. Other builds leave the placeholder, and nothing is checked, as for the entry.
setChunkIntegrity(__FEES_CALCULATOR_NESTED_INTEGRITY__, import.meta.url)

/**
 * The form's words per language: Spanish's come in the PDF maker's chunk, every other language's in a small chunk
 * of its own, fetched when the form is first made in it. Neither the card nor its first figures carry them.
 */
const creditWordsChunks = languageChunks(
  'credit',
  { messages: esMessages },
  import.meta.glob<{ messages: Messages }>('./catalogues/credit-*.ts'),
)

const instances = new Map<Language, I18n>()

/** The form's words in a language, fetched once per page; rejects with a ChunkLoadError (a later call retries). */
export async function loadCreditWords(language: Language): Promise<I18n> {
  const known = instances.get(language)
  if (known) return known
  const { messages } = await creditWordsChunks[language].load()
  const i18n = setupI18n({ locale: language, messages: { [language]: messages } })
  instances.set(language, i18n)
  return i18n
}
