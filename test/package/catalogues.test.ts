/**
 * Every catalogue speaks every message the code uses, and nothing else: the
 * messages are read from the code by Lingui's own extractor (a .pot template
 * per catalogue, written to a temporary folder), and each language's .po must
 * hold exactly those, each translated, each with the placeholders of its
 * source (`{count}`, `{min}`, the plural's `#`), in its language's one register
 * (docs/glossary.md), with no English left in it: no message equal to its
 * English source, and no English words the catalogues themselves give away (a
 * phrase of any English message, the words a failed chunk is reported with on
 * the console and to the host). A message that two catalogues hold (the credit
 * information's title names its button too) reads the same in both.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import config from '../../lingui.config.ts'
import { LANGUAGES, type Language } from '../../src/domain/language.ts'
import { CHUNK_LOAD_FAILED } from '../../src/lazy/chunk.ts'

const ROOT = resolve(import.meta.dirname, '../..')

interface Entry {
  id: string
  translation: string
}

/** The entries of a .po or .pot file (the header left out). */
function entriesOf(file: string): Entry[] {
  const text = readFileSync(file, 'utf8')
  const unquote = (lines: string) =>
    [...lines.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => JSON.parse(`"${m[1]}"`) as string).join('')
  return [...text.matchAll(/^msgid ((?:".*"\n?)+)msgstr ((?:".*"\n?)+)/gm)]
    .map((m) => ({ id: unquote(m[1] ?? ''), translation: unquote(m[2] ?? '') }))
    .filter((entry) => entry.id !== '')
}

/** The names a message fills in (`{count, plural, …}`, `{fee}`), and whether it counts with `#`. */
function placeholdersOf(message: string): string[] {
  const names = [...message.matchAll(/\{\s*(\w+)\s*[,}]/g)].map((m) => m[1] ?? '')
  return [...new Set(names)].sort().concat(message.includes('#') ? ['#'] : [])
}

/** A catalogue's .po file in a language, from its path in lingui.config.ts. */
const catalogueFile = (path: string, language: Language) =>
  resolve(ROOT, `${path.replace('<rootDir>/', '').replace('{locale}', language)}.po`)

/** The messages the code uses, per catalogue, as Lingui's extractor finds them. */
function messagesInCode(): Map<string, string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'catalogues-'))
  const catalogs = (config.catalogs ?? []).map((catalog, index) => ({
    ...catalog,
    path: join(dir, String(index), '{locale}', 'messages'),
  }))
  const file = join(dir, 'lingui.config.mjs')
  writeFileSync(file, `export default ${JSON.stringify({ ...config, rootDir: ROOT, locales: ['en'], catalogs })}`)
  execFileSync(join(ROOT, 'node_modules/.bin/lingui'), ['extract-template', '--config', file], {
    cwd: ROOT,
    stdio: 'pipe',
  })
  return new Map(
    (config.catalogs ?? []).map((catalog, index) => [
      catalog.path,
      entriesOf(join(dir, String(index), 'messages.pot'))
        .map((entry) => entry.id)
        .sort(),
    ]),
  )
}

/**
 * The register each language speaks to the student in (docs/glossary.md says which and why), and the words that
 * would give the other one away: a marker found in a catalogue fails the test. English has one "you".
 */
const OTHER_REGISTER: Record<Exclude<Language, 'en'>, { speaks: string; markers: string[] }> = {
  // tú: "Elige", "Pulsa GUARDAR", "tu cuota"; never usted.
  es: {
    speaks: 'tú',
    markers: [
      'usted',
      'ustedes',
      'pulse',
      'compruebe',
      'espere',
      'introduzca',
      'seleccione',
      'elija',
      'inténtelo',
      'su sesión',
      'su conexión',
      'su plan',
      'su cuota',
      'su matrícula',
      'está sin conexión',
    ],
  },
  // tu: "Tria", "Prem", "el teu pla"; never vostè nor vosaltres.
  ca: {
    speaks: 'tu',
    markers: [
      'vostè',
      'vostès',
      'premi',
      'premeu',
      'comprovi',
      'comproveu',
      'esperi',
      'espereu',
      'triï',
      'trieu',
      'escrigui',
      'escriviu',
      'seleccioni',
      'seleccioneu',
      'la seva sessió',
      'el seu pla',
      'la seva quota',
    ],
  },
  // zu: "Aukeratu", "zure kuota"; never hika.
  eu: { speaks: 'zu', markers: ['hi', 'hik', 'hire', 'hiri', 'haiz', 'hago', 'duk', 'dun', 'dezakek', 'dezaken'] },
  // ti: "Escolle", "Preme", "a túa cota"; never vostede.
  gl: {
    speaks: 'ti',
    markers: [
      'vostede',
      'vostedes',
      'prema',
      'comprobe',
      'agarde',
      'escolla',
      'escriba',
      'seleccione',
      'a súa sesión',
      'o seu plan',
      'a súa cota',
      'a súa matrícula',
    ],
  },
  // você, left unsaid as Portugal's banks write ("Escolha", "a sua prestação"); never tu.
  pt: {
    speaks: 'você',
    markers: [
      'tu',
      'teu',
      'tua',
      'teus',
      'tuas',
      'contigo',
      'escolhe',
      'aguarda',
      'introduz',
      'podes',
      'estás',
      'tens',
    ],
  },
}

/** The other register's markers a text holds, as whole words in any case. */
function otherRegisterIn(language: Exclude<Language, 'en'>, text: string): string[] {
  return OTHER_REGISTER[language].markers.filter((marker) =>
    new RegExp(`(?<!\\p{L})${marker}(?!\\p{L})`, 'iu').test(text),
  )
}

/**
 * The messages a language other than English may write as English does: each is that language's own word too, or
 * the product specification's fixed wording. Nothing else in a non-English catalogue may be its English source.
 */
const SAME_AS_ENGLISH: Record<string, string> = {
  Error: "the toast's title the specification fixes for Spanish ('Error'); Catalan's word too",
  Total: 'the word in Spanish, Catalan, Galician and Portuguese',
  Cookies: 'what Spanish, Galician and Portuguese sites call them',
}

/**
 * English words no other of the five languages writes: a translation holding one has English left in it. ("No",
 * "Total" and "Error" are words of the others too, and are not here.)
 */
const ENGLISH_WORDS = ['the', 'and', 'of', 'your', 'you', 'with', 'could', 'failed', 'loading', 'chunk', 'please']

/**
 * The runs of two words or more of an English text, its placeholders and plural syntax taken out: "Check your
 * connection and reload the page", "monthly fees", "Loading chunk failed".
 */
function englishPhrasesOf(text: string): string[] {
  return text
    .replace(/\{\s*\w+\s*,\s*plural\s*,/g, ' ')
    .replace(/\b(one|other)\s*\{/g, ' ')
    .split(/[{}#():;.,?![\]·=/"]+/)
    .map((run) => run.replace(/\s+/g, ' ').trim())
    .filter((run) => run.split(' ').filter((word) => /\p{L}/u.test(word)).length >= 2)
}

/** The English a translation holds: a phrase of the English catalogues', or an English-only word. */
function englishIn(translation: string, englishPhrases: readonly string[]): string[] {
  const found = englishPhrases.filter((phrase) =>
    new RegExp(`(?<!\\p{L})${phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?!\\p{L})`, 'iu').test(translation),
  )
  const words = ENGLISH_WORDS.filter((word) => new RegExp(`(?<!\\p{L})${word}(?!\\p{L})`, 'iu').test(translation))
  return [...found, ...words]
}

/** The branches a plural speaks of one item in: `one {…}`. */
const oneBranchesOf = (message: string) =>
  [...message.matchAll(/\bone\s*\{([^{}]*(?:\{[^{}]*\}[^{}]*)*)\}/g)].map((m) => m[1] ?? '')

describe('the message catalogues', () => {
  const inCode = messagesInCode()
  const catalogueFiles = (language: Language) =>
    (config.catalogs ?? []).map((catalog) => catalogueFile(catalog.path, language))
  /** Every phrase of English the catalogues hold, and the words a failed chunk is reported with. */
  const englishPhrases = [
    ...new Set(
      [
        CHUNK_LOAD_FAILED,
        ...catalogueFiles('en').flatMap((file) => entriesOf(file).flatMap(({ id, translation }) => [id, translation])),
      ]
        .flatMap(englishPhrasesOf)
        .map((phrase) => phrase.toLowerCase()),
    ),
  ]

  it("cover the six languages, each catalogue of the widget, its failure sentences, its downloads, its credit information, its calendar's and toaster's, and the app", () => {
    expect(new Set(config.locales)).toEqual(new Set(LANGUAGES))
    expect(inCode.size).toBe(7)
    // The toaster's holds its two labels; every other catalogue many more.
    for (const ids of inCode.values()) expect(ids.length).toBeGreaterThanOrEqual(2)
  })

  describe.each([...inCode.entries()])('%s', (path, ids) => {
    const files = LANGUAGES.map((language) => [language, catalogueFile(path, language)] as const)

    it.each(files)('%s holds every message the code uses and none it no longer does', (_language, file) => {
      expect(
        entriesOf(file)
          .map((entry) => entry.id)
          .sort(),
      ).toEqual(ids)
    })

    it.each(files)('%s translates each one, keeping its placeholders', (language, file) => {
      for (const { id, translation } of entriesOf(file)) {
        expect(translation, `${language}: "${id}" has no translation`).not.toBe('')
        expect(placeholdersOf(translation), `${language}: "${translation}" against "${id}"`).toEqual(placeholdersOf(id))
      }
    })

    const others = files.filter(([language]) => language !== 'en') as [Exclude<Language, 'en'>, string][]

    it.each(others)('%s speaks one register, failures included', (language, file) => {
      const found = entriesOf(file)
        .map(({ translation }) => ({ translation, markers: otherRegisterIn(language, translation) }))
        .filter(({ markers }) => markers.length > 0)
      expect(found, `${language} speaks ${OTHER_REGISTER[language].speaks}`).toEqual([])
    })

    it.each(others)('%s leaves no English: no message is its English source but the listed few', (language, file) => {
      const english = entriesOf(file)
        .filter(({ id, translation }) => translation === id && !(id in SAME_AS_ENGLISH))
        .map(({ id }) => id)
      expect(english, language).toEqual([])
    })

    it.each(others)('%s leaves no English inside a translation either', (language, file) => {
      const found = entriesOf(file)
        .filter(({ id }) => !(id in SAME_AS_ENGLISH))
        .map(({ translation }) => ({ translation, english: englishIn(translation, englishPhrases) }))
        .filter(({ english }) => english.length > 0)
      expect(found, language).toEqual([])
    })
  })

  it.each(LANGUAGES)('%s: a message two catalogues hold reads the same in each', (language) => {
    const seen = new Map<string, Set<string>>()
    for (const file of catalogueFiles(language))
      for (const { id, translation } of entriesOf(file)) seen.set(id, (seen.get(id) ?? new Set()).add(translation))
    expect([...seen].filter(([, translations]) => translations.size > 1)).toEqual([])
  })

  it('says one item in Basque noun first, as "kuota bat": "kuota #", never "# kuota"', () => {
    const numeralFirst = catalogueFiles('eu')
      .flatMap((file) => entriesOf(file))
      .flatMap(({ translation }) => oneBranchesOf(translation))
      .filter((branch) => /#\s+(kuota|ordainketa|prestazio)/i.test(branch))
    expect(numeralFirst).toEqual([])
  })

  it('know the other register when they see it, and let only the listed English through', () => {
    expect(otherRegisterIn('es', 'Compruebe su conexión y pulse Reintentar.')).toEqual([
      'pulse',
      'compruebe',
      'su conexión',
    ])
    expect(otherRegisterIn('es', 'Su sesión ha caducado')).toEqual(['su sesión'])
    expect(otherRegisterIn('es', 'Está sin conexión')).toEqual(['está sin conexión'])
    expect(otherRegisterIn('es', 'Comprueba tu conexión y pulsa Reintentar. El servicio no está disponible.')).toEqual(
      [],
    )
    expect(otherRegisterIn('ca', 'Premeu Torna-ho a provar.')).toEqual(['premeu'])
    expect(otherRegisterIn('eu', 'Hire saioa iraungi da')).toEqual(['hire'])
    expect(otherRegisterIn('eu', 'Hileko kuota')).toEqual([])
    expect(otherRegisterIn('gl', 'Prema Tentar de novo.')).toEqual(['prema'])
    expect(otherRegisterIn('pt', 'Verifica a tua ligação')).toEqual(['tua'])
    expect(Object.keys(SAME_AS_ENGLISH).length).toBeLessThanOrEqual(5)
    // What the chunk-failure notice said in five languages, and what they say now.
    expect(englishIn('Ezin izan da kalkulagailuaren zati bat kargatu (Loading chunk failed)', englishPhrases)).toEqual([
      'loading chunk failed',
      'failed',
      'loading',
      'chunk',
    ])
    expect(englishIn('Ezin izan da kalkulagailuaren zati bat kargatu', englishPhrases)).toEqual([])
    expect(englishIn('Guarda tu plan, please', englishPhrases)).toEqual(['please'])
    expect(oneBranchesOf('{count, plural, one {# kuota ordaindu} other {# kuota}}')).toEqual(['# kuota ordaindu'])
  })
})
