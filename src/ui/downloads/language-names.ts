import type { Language } from '../../domain/language.ts'

/** Each language by its own name, as the document says which language it is in. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  es: 'español',
  en: 'English',
  ca: 'català',
  eu: 'euskara',
  gl: 'galego',
  pt: 'português',
}
