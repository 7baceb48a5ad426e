import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readChunkReport } from '../../scripts/chunk-report.ts'
import { type FirstFiguresJs, jsBeforeFirstFigures } from '../../scripts/first-figures-js.ts'
import {
  CLI_BUDGET_RAW,
  FIRST_FIGURES_JS_BUDGET_GZIP,
  INITIAL_JS_BUDGET_GZIP,
  initialClosure,
  kb,
  standaloneSizes,
  WORDS_CHUNK_BUDGET_GZIP,
} from '../../scripts/size-budget.ts'
import { type DemoServer, startDemo } from '../../server/test/support/reference-server.ts'
import { LANGUAGES } from '../../src/domain/language.ts'
import { launchBrowser } from '../support/chromium.ts'

/** What a first render does not need, by the packages or sources that make it up. */
const LAZY_PARTS = {
  'the calendar popup': [
    'node_modules/react-datepicker/',
    'node_modules/date-fns/',
    'node_modules/@floating-ui/',
    'src/ui/calendar/CalendarPicker.tsx',
  ],
  'the schedule': ['src/ui/schedule/Schedule.tsx'],
  'the save bar and the rules of SAVE and what follows the first figures': [
    'src/ui/parts/SaveBar.tsx',
    'src/store/saving.ts',
    'src/domain/save-payload.ts',
  ],
  'the plan as a PDF': ['node_modules/jspdf/', 'src/ui/downloads/pdf.ts'],
  'the credit information form and the lender it names': ['src/ui/downloads/credit/', 'src/domain/lender.ts'],
  'the toaster': ['node_modules/sonner/'],
  "the failure sentences a server's answer or a SAVE brings, and their words": ['src/ui/failure-sentences/'],
  'ky, the engine of the requests': ['node_modules/ky/', 'src/api/ky.ts'],
  "dayjs and the calendar's date rules": ['node_modules/dayjs/', 'src/domain/dates.ts'],
} as const
/** Lingui's message compiler: the build compiles the catalogues, so none of it may ship. */
const MESSAGE_COMPILER = ['node_modules/@lingui/message-utils/', 'node_modules/@messageformat/']
/** A sentence of the message parser's own, to find it in builds this test has no module list of. */
const MESSAGE_PARSER_TEXT = 'Plural offset must be set before cases'

const jsFiles = (dir: string): string[] =>
  existsSync(dir)
    ? readdirSync(dir, { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith('.js'))
        .map((f) => join(dir, f))
    : []

/** Measured once: brotli at quality 11 is slow, and every test reads the same build. */
let sizes: ReturnType<typeof standaloneSizes> | undefined
const measured = () => (sizes ??= standaloneSizes())

describe('the standalone build', () => {
  it(`keeps the initial JavaScript of a first render within ${kb(INITIAL_JS_BUDGET_GZIP)} gzip`, () => {
    const report = measured()
    const listing = report.initial.map((s) => `${s.file} ${kb(s.gzip)}`).join(', ')
    expect(report.initialTotal.gzip, `initial JS: ${listing}`).toBeLessThanOrEqual(INITIAL_JS_BUDGET_GZIP)
  })

  it.each(Object.entries(LAZY_PARTS))('loads %s lazily, outside the initial JavaScript', (_part, sources) => {
    const initial = new Set(measured().initial.map((s) => basename(s.file)))
    const holders = readChunkReport().chunks.filter((chunk) =>
      chunk.modules.some((m) => sources.some((source) => m.id.startsWith(source))),
    )
    expect(holders.length).toBeGreaterThan(0)
    for (const chunk of holders) expect(initial.has(basename(chunk.file)), chunk.file).toBe(false)
  })

  it('bundles each module, stylesheets included, into one chunk only', () => {
    const seen = new Map<string, string>()
    const twice: string[] = []
    for (const chunk of readChunkReport().chunks) {
      for (const { id } of chunk.modules) {
        const first = seen.get(id)
        if (first) twice.push(`${id} in ${first} and ${chunk.file}`)
        seen.set(id, chunk.file)
      }
    }
    expect(twice).toEqual([])
    expect([...seen.keys()].filter((id) => id.endsWith('.css?inline')).length).toBeGreaterThan(0)
  })

  it.each([
    ['the card', 'src/ui/card-catalogues.ts', (language: string) => `src/locales/${language}/messages.po`],
    [
      'the failure sentences',
      'src/ui/failure-sentences/sentences.ts',
      (language: string) => `src/ui/failure-sentences/locales/${language}/messages.po`,
    ],
    [
      'the downloads',
      'src/ui/downloads/texts.ts',
      (language: string) => `src/ui/downloads/locales/${language}/messages.po`,
    ],
    ['the calendar', 'src/ui/calendar/date-locales.ts', (language: string) => `src/ui/calendar/locales/${language}.ts`],
    [
      'the credit information',
      'src/ui/downloads/credit/catalogues.ts',
      (language: string) => `src/ui/downloads/credit/catalogues/credit-${language}.ts`,
    ],
  ])("splits %s's words into one chunk a language but Spanish", (_part, table, fileOf) => {
    const chunks = readChunkReport().chunks
    const holding = (id: string) => chunks.filter((chunk) => chunk.modules.some((m) => m.id === id))
    const [carrier] = holding(table)
    expect(carrier).toBeDefined()
    for (const language of LANGUAGES.filter((l) => l !== 'es')) {
      const own = holding(fileOf(language))
      expect(own, language).toHaveLength(1)
      expect(own[0], language).not.toBe(carrier)
      // Its own chunk: no other language's file of this part rides with it.
      const others = LANGUAGES.filter((l) => l !== language).map(fileOf)
      expect(own[0]!.modules.filter((m) => others.includes(m.id)).map((m) => m.id)).toEqual([])
    }
  })

  it("ships no part of Lingui's message compiler", () => {
    const modules = readChunkReport().chunks.flatMap((chunk) => chunk.modules.map((m) => m.id))
    expect(modules.filter((id) => MESSAGE_COMPILER.some((prefix) => id.startsWith(prefix)))).toEqual([])
    // The library and the app builds too, which have no module list: by a sentence of the parser's.
    const shipped = jsFiles('dist')
    expect(shipped.filter((f) => readFileSync(f, 'utf8').includes(MESSAGE_PARSER_TEXT))).toEqual([])
  })
})

describe('the JavaScript fetched before the first figures, in Chromium', () => {
  let browser: Browser
  let demo: DemoServer
  let fetched: FirstFiguresJs
  beforeAll(async () => {
    ;[browser, demo] = await Promise.all([launchBrowser(), startDemo()])
    fetched = await jsBeforeFirstFigures(browser, demo.url, await demo.token())
  })
  afterAll(async () => {
    await browser?.close()
    await demo?.close()
  })

  it(`stays within ${kb(FIRST_FIGURES_JS_BUDGET_GZIP)} gzip: the first render's own JavaScript, and nothing more`, () => {
    const listing = fetched.files.map((s) => `${s.file} ${kb(s.gzip)}`).join(', ')
    expect(fetched.gzip, listing).toBeLessThanOrEqual(FIRST_FIGURES_JS_BUDGET_GZIP)
    const names = (files: { file: string }[]) => files.map((s) => basename(s.file)).sort()
    expect(names(fetched.files)).toEqual(names(measured().initial))
  })

  it.each(LANGUAGES.filter((language) => language !== 'es'))(
    'in %s, fetches one small chunk more than in Spanish: its words',
    async (language) => {
      const other = await jsBeforeFirstFigures(browser, demo.url, await demo.token(), 'dist', language)
      const spanish = fetched.files.map((s) => basename(s.file))
      const added = other.files.filter((s) => !spanish.includes(basename(s.file)))
      expect(added.map((s) => basename(s.file))).toEqual([expect.stringMatching(new RegExp(`^${language}-`))])
      expect(added[0]!.gzip).toBeLessThanOrEqual(WORDS_CHUNK_BUDGET_GZIP)
      expect(other.files.length).toBe(fetched.files.length + 1)
    },
  )

  it('holds back what the first figures do not need: the HTTP client, the toaster, the failure sentences, the calendar, dayjs, the schedule and the PDF maker', () => {
    const names = fetched.files.map((s) => basename(s.file))
    expect(
      names.filter((name) =>
        /^(http|Toasts|sentences|failure-sentences|CalendarPicker|dates|Schedule|pdf|html2canvas|purify)-/.test(name),
      ),
    ).toEqual([])
  })
})

describe('the single-page app build', () => {
  it('loads the health-check screen lazily', () => {
    const html = readFileSync('dist/app/index.html', 'utf8')
    const entry = /<script[^>]+src="\/assets\/([^"]+\.js)"/.exec(html)?.[1]
    expect(entry).toBeDefined()
    const initial = initialClosure(join('dist/app/assets', entry!)).map((f) => basename(f))
    const healthCheck = readdirSync('dist/app/assets').filter((f) => /^HealthCheck-.*\.js$/.test(f))
    expect(healthCheck).toHaveLength(1)
    expect(initial).not.toContain(healthCheck[0])
  })
})

describe('the check-api command build', () => {
  const CLI = 'dist/cli/fees-calculator.js'

  it(`is one file within ${kb(CLI_BUDGET_RAW)}, with nothing beside it that it does not run`, () => {
    // The build's .br and .gz copies stay out of the package (package.json "files").
    expect(readdirSync('dist/cli').filter((name) => !/\.(br|gz)$/.test(name))).toEqual(['fees-calculator.js'])
    expect(readFileSync(CLI).length).toBeLessThanOrEqual(CLI_BUDGET_RAW)
  })

  it("bundles only the command, the domain's rules and the response boundary: no screen, no lazy chunk", () => {
    const code = readFileSync(CLI, 'utf8')
    // The unminified build names each source module it bundles in a comment.
    const modules = [...code.matchAll(/^\/\/ (src\/\S+)$/gm)].map((match) => match[1]!)
    expect(modules).toContain('src/cli/main.ts')
    expect(
      modules.filter((module) => !/^src\/(cli|domain)\/|^src\/api\/(respons|responses-with-ky)/.test(module)),
    ).toEqual([])
    expect(code).not.toMatch(/\bimport\(/)
  })
})
