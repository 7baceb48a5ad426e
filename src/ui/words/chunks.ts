import { defineChunk } from '../../lazy/chunk.ts'

/**
 * Each language but Spanish (whose words ship with the first render): the card's catalogue and the kept plan's,
 * in one small chunk fetched when a calculator first speaks it. The calendar's month and day names come with the
 * calendar (src/ui/calendar/date-locales.ts).
 */
export const wordsChunks = {
  en: defineChunk('words-en', () => import('./en.ts')),
  ca: defineChunk('words-ca', () => import('./ca.ts')),
  eu: defineChunk('words-eu', () => import('./eu.ts')),
  gl: defineChunk('words-gl', () => import('./gl.ts')),
  pt: defineChunk('words-pt', () => import('./pt.ts')),
} as const
