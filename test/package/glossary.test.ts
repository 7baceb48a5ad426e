/**
 * docs/glossary.md is what a university's language service checks the widget by: its table of terms must say
 * what the catalogues say, and each term of each language must name where it comes from (a bank's or regulator's
 * public page in that language), or say plainly that none was found.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import type { Language } from '../../src/domain/language.ts'

const GLOSSARY = readFileSync('docs/glossary.md', 'utf8')

/** The translations of a catalogue, by message. */
function catalogue(path: string): Map<string, string> {
  const text = readFileSync(path, 'utf8')
  const unquote = (lines: string) =>
    [...lines.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => JSON.parse(`"${m[1]}"`) as string).join('')
  return new Map(
    [...text.matchAll(/^msgid ((?:".*"\n?)+)msgstr ((?:".*"\n?)+)/gm)].map((m) => [
      unquote(m[1] ?? ''),
      unquote(m[2] ?? ''),
    ]),
  )
}

/** Each row of the glossary's table, by its concept, to the catalogue message it names. */
const ROWS: Record<string, { card?: string; keep?: string }> = {
  'Nominal annual rate (short, on the card)': { card: 'Nominal rate (TIN)' },
  '…in full (its description)': { card: 'Nominal annual interest rate' },
  'Annual percentage rate of charge (short)': { card: 'APR (TAE)' },
  '…in full': { card: 'Annual percentage rate of charge, for money lent on the day of the calculation' },
  'Monthly fee (instalment)': { card: 'Monthly fee' },
  'Number of fees': { keep: 'Number of fees' },
  'Financing cost': { card: 'Financing cost' },
  'Total to pay': { card: 'Total to pay' },
  'Amount to finance': { keep: 'Amount to finance' },
  'Partial payment': { card: 'Partial payment' },
  'Amortization schedule': { keep: 'Amortization schedule' },
  'Fee number (column)': { keep: 'No.' },
  'Due date': { keep: 'Due date' },
  'Interest (of a fee)': { keep: 'Interest' },
  'Principal (of a fee)': { keep: 'Principal' },
  'Outstanding balance': { keep: 'Outstanding balance' },
  'Tuition amount': { card: 'Tuition amount' },
  'Representative example': {
    keep: 'Representative example: for {financed} financed in {term} monthly fees of {fee}, TIN {tin}, TAE {tae}, the financing cost is {cost} and the total to pay {total}.',
  },
}

const COLUMNS = ['es', 'en', 'ca', 'eu', 'gl', 'pt'] as const satisfies readonly Language[]
const SECTIONS: Record<Exclude<Language, 'en'>, string> = {
  es: 'Spanish',
  ca: 'Catalan',
  eu: 'Basque',
  gl: 'Galician',
  pt: 'Portuguese',
}

/** The table of terms: concept → language → term. */
function termsTable(): Map<string, Record<Language, string>> {
  const lines = GLOSSARY.split('\n')
  const header = lines.findIndex((line) => line.startsWith('| Concept |'))
  const rows = new Map<string, Record<Language, string>>()
  for (const line of lines.slice(header + 2)) {
    if (!line.startsWith('|')) break
    const [concept = '', ...cells] = line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim())
    rows.set(concept, Object.fromEntries(COLUMNS.map((language, index) => [language, cells[index] ?? ''])) as never)
  }
  return rows
}

/** The bullets of a language's part of "Where the terms come from", each as one line of text. */
function sourceBullets(language: Exclude<Language, 'en'>): string[] {
  const from = GLOSSARY.indexOf(`### ${SECTIONS[language]}\n`)
  expect(from, `a section "### ${SECTIONS[language]}"`).toBeGreaterThan(0)
  const rest = GLOSSARY.slice(from).split('\n').slice(1)
  const end = rest.findIndex((line) => line.startsWith('#'))
  return rest
    .slice(0, end === -1 ? undefined : end)
    .join('\n')
    .split(/\n- /)
    .map((bullet) => bullet.replace(/\s+/g, ' ').trim())
    .filter((bullet) => bullet !== '')
}

describe('docs/glossary.md', () => {
  const table = termsTable()

  it('has a row for every term it checks, and no other', () => {
    expect([...table.keys()]).toEqual(Object.keys(ROWS))
  })

  it.each(COLUMNS)('says what the %s catalogues say', (language) => {
    const card = catalogue(`src/locales/${language}/messages.po`)
    const keep = catalogue(`src/ui/downloads/locales/${language}/messages.po`)
    for (const [concept, row] of Object.entries(ROWS)) {
      const said = row.card ? card.get(row.card) : keep.get(row.keep ?? '')
      const term = table.get(concept)?.[language] ?? ''
      expect(said, `${language}: ${concept}`).toBeDefined()
      expect(said?.toLowerCase().startsWith(term.toLowerCase()), `${language}: "${term}" against "${said}"`).toBe(true)
    }
  })

  it.each(Object.keys(SECTIONS) as Exclude<Language, 'en'>[])(
    'names a source for each %s term: a public page in that language, or says none was found',
    (language) => {
      const bullets = sourceBullets(language)
      const pages = bullets.flatMap((bullet) => [...bullet.matchAll(/\]\((https?:\/\/[^)\s]+)\)/g)].map((m) => m[1]))
      expect(new Set(pages).size, `${language}: pages cited`).toBeGreaterThanOrEqual(2)
      for (const pageUrl of pages) expect(pageUrl).not.toMatch(/example\.(com|org|edu)/)
      for (const [concept, terms] of table) {
        const term = terms[language].toLowerCase()
        const bullet = bullets.find((text) => text.toLowerCase().includes(term))
        expect(bullet, `${language}: "${terms[language]}" (${concept}) has no source`).toBeDefined()
        expect(bullet, `${language}: "${terms[language]}"`).toMatch(/\]\(https?:\/\/|not on the pages found/)
      }
    },
  )

  it('says the register of each language once', () => {
    const registers = GLOSSARY.slice(GLOSSARY.indexOf('## The register each language speaks in'))
    for (const language of COLUMNS) expect(registers).toMatch(new RegExp(`^\\| ${language} \\| \\*`, 'm'))
  })
})
