import { defineChunk } from '../../lazy/chunk.ts'

/**
 * Each language's card words but Spanish's (which ship with the first render): one small chunk, fetched when a
 * calculator first speaks it. The kept plan's words come with the schedule (src/ui/keep/texts.ts), the calendar's
 * month and day names with the calendar (src/ui/calendar/date-locales.ts).
 */
export const wordsChunks = {
  en: defineChunk('words-en', () => import('../../locales/en/messages.po')),
  ca: defineChunk('words-ca', () => import('../../locales/ca/messages.po')),
  eu: defineChunk('words-eu', () => import('../../locales/eu/messages.po')),
  gl: defineChunk('words-gl', () => import('../../locales/gl/messages.po')),
  pt: defineChunk('words-pt', () => import('../../locales/pt/messages.po')),
} as const
