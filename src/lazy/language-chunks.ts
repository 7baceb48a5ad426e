import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@fees-calculator/contract'
import { type Chunk, defineChunk } from './chunk.ts'

/**
 * The language a file of a part's words is named for: the one of LANGUAGES among the names in its path
 * (`./en/messages.po`, `./en.ts`, `./credit-en.ts`). The script-tag build names each chunk's hashes by it too
 * (vite.config.ts), so the two agree.
 */
export const languageOfPath = (path: string): Language | undefined =>
  LANGUAGES.find((language) => path.split(/[/.-]/).includes(language))

/**
 * A part's words (or its locale) in every language: the default language's (Spanish) ship with the part, given as
 * `spanish`; every other language's are one small chunk of their own, named `<part>-<language>`, fetched when the
 * part first speaks it. `files` is the part's `import.meta.glob` of those other files (Spanish's left out, so that
 * the part does not carry it twice): the build splits one chunk per file it matches.
 */
export function languageChunks<T>(
  part: string,
  spanish: T,
  files: Record<string, () => Promise<T>>,
): Record<Language, Chunk<T>> {
  const chunks = {
    [DEFAULT_LANGUAGE]: { name: `${part}-${DEFAULT_LANGUAGE}`, loaded: () => spanish, load: async () => spanish },
  } as Record<Language, Chunk<T>>
  for (const [path, importer] of Object.entries(files)) {
    const language = languageOfPath(path)
    if (language) chunks[language] = defineChunk(`${part}-${language}`, importer)
  }
  return chunks
}
