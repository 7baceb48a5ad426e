import { execFileSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { makePlan } from '../../../test/support/plans.ts'
import type { Language } from '../../domain/language.ts'
import { LANGUAGES } from '../../domain/language.ts'
import { formattersFor } from '../format.ts'
import { planPdf } from './pdf.ts'
import type { DownloadablePlan } from './plan.ts'
import { loadDownloadWords, pdfTexts } from './texts.ts'

const dir = mkdtempSync(join(tmpdir(), 'plan-pdf-'))
let count = 0
const MADE_AT = new Date('2026-11-24T16:05:00Z')

/** The PDF as poppler reads it back: its text laid out, its page count and its metadata. */
function readBack(plan: DownloadablePlan) {
  const file = join(dir, `plan-${++count}.pdf`)
  writeFileSync(file, planPdf(plan, pdfTexts(plan, MADE_AT), MADE_AT))
  // Spaces of any width read back as one: the PDF carries the screen's no-break spaces.
  const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(
    /[ \u00a0\u202f]+/g,
    ' ',
  )
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' })
  const pages = Number(/Pages:\s+(\d+)/.exec(info)?.[1])
  return { file, text, info, pages, pageTexts: text.split('\f').filter((page) => page.trim() !== '') }
}

interface Word {
  text: string
  xMin: number
  xMax: number
  yMin: number
}

/** Every word of the PDF's first page with its box, as `pdftotext -bbox` reads them back. */
function wordsOf(file: string): Word[] {
  const html = execFileSync('pdftotext', ['-bbox', '-f', '1', '-l', '1', '-enc', 'UTF-8', file, '-'], {
    encoding: 'utf8',
  })
  const fromHtml = (text: string) =>
    text.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&quot;', '"').replaceAll('&amp;', '&')
  return [...html.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)<\/word>/g)].map(
    (m) => ({ xMin: Number(m[1]), yMin: Number(m[2]), xMax: Number(m[3]), text: fromHtml(m[4] ?? '') }),
  )
}

// Every language but Spanish has its words in a chunk of its own, as in the browser.
beforeAll(() => Promise.all(LANGUAGES.map(loadDownloadWords)))

const spaced = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ')

describe.each<[Language, string, string]>([
  ['es', 'Simulación', 'Cuota'],
  ['en', 'Simulation', 'Fee'],
  ['ca', 'Simulació', 'Quota'],
  ['eu', 'Simulazioa', 'Kuota'],
  ['gl', 'Simulación', 'Cota'],
  ['pt', 'Simulação', 'Prestação'],
])('the plan as a PDF in %s', (language, simulation, feeHeading) => {
  it.each([
    [12, 1],
    [24, 1],
    [120, 3],
  ])(
    '%i fees: every figure and date as on screen, on %i page(s) with repeated headings and "n / N"',
    (fees, expectedPages) => {
      const plan = makePlan({ fees, amount: 1_234_567, tin: 0.0595, firstDate: '2027-01-15', language, saved: false })
      const format = formattersFor(language, 'EUR')
      const { text, pages, pageTexts, info } = readBack(plan)
      expect(pages).toBe(expectedPages)
      expect(pageTexts).toHaveLength(pages)
      // The column headings, on every page, each apart from the next (a long word in a narrow column would run
      // into its neighbour).
      const headings = pdfTexts(plan, MADE_AT).headers.map((h) => h.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      pageTexts.forEach((page, index) => {
        expect(page).toContain(`${simulation} · ${index + 1} / ${pages}`)
        expect(page).toContain(feeHeading)
        expect(page).toMatch(new RegExp(headings.join(' +')))
      })
      for (const row of plan.table.fees) {
        const cells = [
          row.number,
          format.date(row.dueDate),
          ...[row.fee, row.interest, row.principal, row.balance].map(format.money),
        ]
        expect(text).toContain(spaced(cells.join(' ')))
      }
      const { totals } = plan.table
      expect(text).toContain(
        spaced([totals.finalFee, totals.interests, totals.amountToFinance].map(format.money).join(' ')),
      )
      for (const figure of [
        format.money(plan.result.initialAmount),
        format.money(plan.result.amountToFinance),
        format.money(plan.result.feeAmount),
        format.date(plan.result.firstPaymentDate),
        format.rate(plan.result.tin),
        format.rate(plan.result.tae),
        format.money(plan.result.interests),
        format.money(plan.result.finalFee),
      ])
        expect(text).toContain(spaced(figure))
      expect(info).toMatch(new RegExp(`Title:\\s+.*\\(${simulation}\\)`))
    },
  )

  it('a saved plan carries the contract, the version and its hash, and no "simulation"', () => {
    const plan = makePlan({
      fees: 24,
      amount: 600_000,
      partialPayment: 100_000,
      tin: 0.07,
      firstDate: '2027-03-31',
      language,
      saved: true,
    })
    const { text, info, file } = readBack(plan)
    expect(text).toContain('CTR-2027-0042')
    expect(text).toContain('a1b2c3d4e5f60718293a4b5c6d7e8f90')
    expect(text).not.toContain(simulation)
    expect(text).toContain(spaced(formattersFor(language, 'EUR').money(1000)))
    expect(text.replace(/\s+/g, ' ')).toContain(
      'Grado en Ingeniería Informática · Señales, Comunicación y Diseño à la carte',
    )
    expect(info).toMatch(/CreationDate:\s+\S+/)
    // The document's language, for screen readers and search.
    expect(execFileSync('strings', [file], { encoding: 'latin1' })).toContain(`/Lang (${language})`)
  })
})

/** The version a plan replaces, as the card read it by its hash: number 2, saved on 20 November 2026. */
const REPLACED = {
  versionHashCode: 'Zm9yLXRoZS12ZXJzaW9uLWJlZm9yZQ',
  versionNumber: 2,
  failed: false,
  reading: false,
  saved: {
    result: makePlan({ fees: 24, amount: 600_000, tin: 0.07, firstDate: '2027-01-15', language: 'es', saved: true })
      .result,
    tuitionInput: { system: 2, financialType: 0, dateOfPayment: '2027-01-15' },
    savedAt: '2026-11-20',
  },
} as const

describe.each(LANGUAGES)('the summary of the PDF in %s', (language) => {
  it.each([
    ['a saved refinancing', true, 100_000, false],
    ['a simulation', false, 0, false],
    ['a saved version that replaces another', true, 0, true],
  ])('%s: each label ends before its value, all values in one column', (_kind, saved, partialPayment, replacing) => {
    const plan = {
      ...makePlan({
        fees: 24,
        amount: 600_000,
        partialPayment,
        tin: 0.07,
        firstDate: '2027-03-31',
        language,
        saved,
      }),
      replaces: replacing ? REPLACED : null,
    }
    const { file } = readBack(plan)
    const words = wordsOf(file)
    const starts: number[] = []
    for (const [label, value] of pdfTexts(plan, MADE_AT).summary) {
      // Words come back in reading order, a column at a time: the label's in a row, its value's on the same line.
      const labelWords = label.split(/\s+/)
      const first = words.findIndex((word, index) =>
        labelWords.every((part, k) => words[index + k]?.text === part && words[index + k]?.yMin === word.yMin),
      )
      expect(first, `${language}: "${label}"`).toBeGreaterThanOrEqual(0)
      const lastOfLabel = words[first + labelWords.length - 1]!
      const valueStart = words.find(
        (word) =>
          Math.abs(word.yMin - lastOfLabel.yMin) < 1 &&
          word.xMin > words[first]!.xMin &&
          word.text === spaced(value).split(' ')[0],
      )
      expect(valueStart, `${language}: "${value}" on the line of "${label}"`).toBeDefined()
      expect(lastOfLabel.xMax, `${language}: "${label}" runs into "${value}"`).toBeLessThan(valueStart!.xMin - 6)
      starts.push(valueStart!.xMin)
    }
    expect(Math.max(...starts) - Math.min(...starts)).toBeLessThan(0.5)
  })
})

it.each(LANGUAGES)(
  'a version that replaces another names it in %s: its number, its hash and the day it was saved',
  (language) => {
    const plan = {
      ...makePlan({ fees: 12, amount: 600_000, tin: 0.07, firstDate: '2027-03-15', language, saved: true }),
      replaces: REPLACED,
    }
    const { text } = readBack(plan)
    const rows = pdfTexts(plan, MADE_AT).summary.map(([label, value]) => `${label} ${spaced(value)}`)
    const named = rows.filter(
      (row) => row.includes('2026') || row.includes(REPLACED.versionHashCode) || / 2$/.test(row),
    )
    expect(named).toHaveLength(3)
    for (const row of named) expect(text).toContain(row)
    expect(text).toContain(REPLACED.versionHashCode)
    expect(text).toContain(formattersFor(language, 'EUR').date('2026-11-20'))
    // Its own version and hash are there too, apart from the one it replaces.
    expect(text).toContain('a1b2c3d4e5f60718293a4b5c6d7e8f90')
  },
)

it('a version whose replaced one could not be read names it by its hash alone', () => {
  const plan = {
    ...makePlan({ fees: 12, amount: 600_000, tin: 0.07, firstDate: '2027-03-15', language: 'es', saved: true }),
    replaces: {
      versionHashCode: 'aGFzaC1vZi1hbi11bnJlYWQtb25l',
      versionNumber: null,
      saved: null,
      failed: true,
      reading: false,
    },
  }
  const { text } = readBack(plan)
  expect(text).toMatch(/Sustituye a la versión\s+—/)
  expect(text).toContain('Hash de la versión sustituida aGFzaC1vZi1hbi11bnJlYWQtb25l')
  expect(text).not.toContain('Fecha de la versión sustituida')
})

it('a plan opened by its hash whose version number could not be fetched is that version, never a simulation', () => {
  const plan = {
    ...makePlan({ fees: 12, amount: 100_000, tin: 0.05, firstDate: '2027-01-01', language: 'es', saved: true }),
    versionNumber: null,
  }
  const { text, info } = readBack(plan)
  expect(text).not.toMatch(/Simulación|SIMULACIÓN/)
  expect(info).not.toMatch(/Simulación/)
  expect(text).toContain('a1b2c3d4e5f60718293a4b5c6d7e8f90')
  expect(text).toMatch(/Versión\s+—/)
})

it("the letters of the widget's languages and the euro sign read back as text", () => {
  const plan = makePlan({ fees: 12, amount: 100_000, tin: 0.05, firstDate: '2027-01-01', language: 'es', saved: true })
  plan.programme = 'é ñ ç à · € ã õ Ç Ñ É À Ã Õ ü ï'
  expect(readBack(plan).text).toContain('é ñ ç à · € ã õ Ç Ñ É À Ã Õ ü ï')
})

it('property: the fees of the PDF add up to its total, to the cent', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 120 }),
      fc.integer({ min: 10_000, max: 10_000_000 }),
      fc.integer({ min: 0, max: 1500 }),
      fc.constantFrom<Language>('es', 'en'),
      (fees, amount, basisPoints, language) => {
        const plan = makePlan({
          fees,
          amount,
          tin: basisPoints / 10_000,
          firstDate: '2027-06-30',
          language,
          saved: false,
        })
        const { text } = readBack(plan)
        const money = language === 'es' ? /(\d[\d.]*,\d{2}) €/g : /€(\d[\d,]*\.\d{2})/g
        const cents = (figure: string) => Number(figure.replace(/[.,]/g, ''))
        const lines = text.split('\n')
        const rows = lines.filter((line) => /^\s*\d+ \d\d\/\d\d\/\d{4} /.test(line))
        expect(rows).toHaveLength(fees)
        const sum = rows.reduce((total, line) => total + cents([...line.matchAll(money)][0]?.[1] ?? 'NaN'), 0)
        const totalLine = lines.findLast((line) => /^\s*Total /.test(line)) ?? ''
        expect(sum).toBe(cents([...totalLine.matchAll(money)][0]?.[1] ?? 'NaN'))
      },
    ),
    { numRuns: 12 },
  )
  // Twelve PDFs, each made and read back with pdftotext: seconds on a loaded machine.
}, 60_000)
