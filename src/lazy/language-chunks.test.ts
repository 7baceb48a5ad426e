import { LANGUAGES } from '@fees-calculator/contract'
import { describe, expect, it } from 'vitest'
import { loadDateLocale } from '../ui/calendar/date-locales.ts'
import { loadCreditWords } from '../ui/downloads/credit/catalogues.ts'
import { loadDownloadWords } from '../ui/downloads/texts.ts'
import { loadWords } from '../ui/i18n.ts'
import { languageChunks, languageOfPath } from './language-chunks.ts'

describe('languageOfPath', () => {
  it.each([
    ['./locales/en/messages.po', 'en'],
    ['../../locales/pt/messages.po', 'pt'],
    ['./locales/eu.ts', 'eu'],
    ['./words/credit-gl.ts', 'gl'],
    ['./locales/es/messages.po', 'es'],
  ])('reads %s as %s', (path, language) => {
    expect(languageOfPath(path)).toBe(language)
  })

  it('finds none in a path that names no language, even inside a longer name', () => {
    expect(languageOfPath('./locales/messages.po')).toBeUndefined()
    expect(languageOfPath('./credit/cases.ts')).toBeUndefined()
  })
})

describe('languageChunks', () => {
  const files = Object.fromEntries(
    LANGUAGES.filter((language) => language !== 'es').map((language) => [
      `./locales/${language}/messages.po`,
      async () => ({ said: language }),
    ]),
  )

  it("has Spanish's at once, and each other language's once its chunk, named for the part, has arrived", async () => {
    const chunks = languageChunks('part', { said: 'es' }, files)
    expect(chunks.es.loaded()).toEqual({ said: 'es' })
    expect(chunks.en.loaded()).toBeUndefined()
    expect(chunks.en.name).toBe('part-en')
    await expect(chunks.en.load()).resolves.toEqual({ said: 'en' })
    expect(chunks.en.loaded()).toEqual({ said: 'en' })
    expect(Object.keys(chunks).sort()).toEqual([...LANGUAGES].sort())
  })
})

describe("every part's words", () => {
  it.each(LANGUAGES)('load in %s', async (language) => {
    await expect(loadWords(language)).resolves.toHaveProperty('messages')
    await expect(loadDownloadWords(language)).resolves.toHaveProperty('locale', language)
    await expect(loadCreditWords(language)).resolves.toHaveProperty('locale', language)
    await expect(loadDateLocale(language)).resolves.toHaveProperty('code')
  })
})
