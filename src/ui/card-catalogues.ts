/// <reference path="./po.d.ts" />
import type { Messages } from '@lingui/core'
import { languageChunks } from '../lazy/language-chunks.ts'
import { messages } from '../locales/es/messages.po'

/**
 * The card's words in each language: Spanish's ship with the first render, every other language's are one small
 * chunk, fetched when a calculator first speaks it. The downloads' words come with the schedule
 * (src/ui/downloads/texts.ts), the calendar's month and day names with the calendar (src/ui/calendar/date-locales.ts).
 */
export const cardWordsChunks = languageChunks(
  'words',
  { messages },
  import.meta.glob<{ messages: Messages }>(['../locales/*/messages.po', '!../locales/es/*']),
)
