import { msg } from '@lingui/core/macro'
import type { Language } from '../../domain/language.ts'
import { failureSentencesOf, GENERAL_SENTENCE, saveFailureWords } from '../failure-words.ts'
import type { PendingNotice } from './channel.ts'

/**
 * The widget's notices, by kind: a title and an optional description. The Spanish texts are the product's words,
 * spelled in Spanish ("No se ha podido obtener el número de versión"); the events keep its text as it is.
 */
const NOTICE_MESSAGES = {
  version_number_failed: { title: msg`Error`, description: msg`Could not get the version number` },
  date_parse_failed: { title: msg`An error occurred while parsing the date to UTC`, description: null },
  chunk_load_failed: { title: msg`Loading chunk failed`, description: GENERAL_SENTENCE },
} as const

/** The title and description a notice is shown with. */
export function wordsOf({ notice, i18n }: PendingNotice): { title: string; description: string | null } {
  if (notice.kind === 'save_failed') return saveFailureWords(notice, i18n, failureSentencesOf(i18n.locale as Language))
  const { title, description } = NOTICE_MESSAGES[notice.kind]
  return { title: i18n._(title), description: description ? i18n._(description) : null }
}
