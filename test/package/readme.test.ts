/**
 * The README is the integrator's guide and docs/ holds what it links to: this file holds them to the code, not
 * only to each other. The attribute, property, event, CSS property and part tables are generated from the Custom
 * Elements Manifest (scripts/manifest-tables.ts); the languages, attributes and events the prose names are
 * checked against the code's own lists, so a README that names one the code does not have, or misses one it
 * has, fails here.
 */
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, normalize } from 'node:path'
import { describe, expect, it } from 'vitest'
import { manifestTables, readmeWithTables } from '../../scripts/manifest-tables.ts'
import * as budgets from '../../scripts/size-budget.ts'
import { LANGUAGES } from '../../src/domain/language.ts'
import { ELEMENT_PROPS } from '../../src/domain/props.ts'
import { EVENT_NAMES } from '../../src/events.ts'

const README = readFileSync('README.md', 'utf8')
/** The integrator's pages: the README and the details it links to. */
const GUIDES = ['README.md', 'docs/embedding.md', 'docs/guarantees.md']
/** Every page a reader follows a link from. */
const PAGES = [...GUIDES, 'docs/development.md', 'docs/frameworks.md', 'docs/glossary.md', 'server/README.md']
const read = (file: string) => readFileSync(file, 'utf8')

/** The room other sections may take: the README is read top to bottom by an integrator, not searched. */
const MAX_README_LINES = 450

/** A `## ` section of a Markdown text, heading excluded, up to the next `## `. */
function section(text: string, heading: string): string {
  const start = text.indexOf(`\n## ${heading}\n`)
  expect(start, `no "## ${heading}"`).toBeGreaterThanOrEqual(0)
  const body = text.slice(start + heading.length + 5)
  const end = body.search(/^## /m)
  return end < 0 ? body : body.slice(0, end)
}

/** The first column of a generated `<!-- manifest:NAME -->` table, without its backticks. */
function tableNames(name: string): string[] {
  const block = new RegExp(`<!-- manifest:${name} -->([\\s\\S]*?)<!-- /manifest:${name} -->`).exec(README)?.[1]
  expect(block, `no manifest:${name} table`).toBeDefined()
  return block!
    .split('\n')
    .slice(3)
    .filter((line) => line.startsWith('|'))
    .map((line) => /^\| `([^`]+)`/.exec(line)?.[1] ?? line)
}

const englishName = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' })
/** The English name of every ISO 639-1 language the calculator does not speak (`French`, `German`, …). */
const OTHER_LANGUAGES = Array.from({ length: 26 * 26 }, (_, i) =>
  String.fromCharCode(97 + Math.floor(i / 26), 97 + (i % 26)),
)
  .filter((code) => !(LANGUAGES as readonly string[]).includes(code))
  .map((code) => englishName.of(code))
  .filter((name): name is string => name !== undefined && /^[A-Z][a-z]+( [A-Z][a-z]+)*$/.test(name))
  .filter((name) => !LANGUAGES.some((spoken) => englishName.of(spoken)?.includes(name)))

/** `Spanish (\`es\`` and the like: a language named with its code. */
const namedCodes = (text: string) => [...text.matchAll(/[A-Z][a-z]+\s+\(`([a-z]{2,3})`/g)].map((m) => m[1])

describe('README.md', () => {
  it('has the same attribute, property, event, CSS property and part tables as dist/custom-elements.json', () => {
    expect(README).toBe(readmeWithTables(README, manifestTables()))
  })

  it(`stays an integrator's guide of at most ${MAX_README_LINES} lines`, () => {
    expect(README.split('\n').length).toBeLessThanOrEqual(MAX_README_LINES)
  })

  describe('languages', () => {
    it('opens with every language the calculator speaks, each by name and code, and no other', () => {
      const opening = README.slice(0, README.indexOf('\n## '))
      for (const language of LANGUAGES) {
        expect(opening, language).toContain(englishName.of(language))
        expect(opening, language).toContain(`\`${language}\``)
      }
      expect(namedCodes(opening)).toEqual([...LANGUAGES])
    })

    it('lists exactly the languages of the code, in its order, in its Languages section', () => {
      expect(namedCodes(section(README, 'Languages'))).toEqual([...LANGUAGES])
    })

    it.each(GUIDES)('%s names no language the calculator does not speak', (file) => {
      expect(OTHER_LANGUAGES).toContain('French')
      const text = read(file)
      expect(OTHER_LANGUAGES.filter((name) => new RegExp(`\\b${name}\\b`).test(text))).toEqual([])
      for (const code of namedCodes(text)) expect(LANGUAGES, code).toContain(code)
    })
  })

  describe('attributes and properties', () => {
    const attributes: string[] = Object.values(ELEMENT_PROPS).map((row) => row.attribute)

    it("tables every attribute and property of the element's table (src/domain/props.ts), and no other", () => {
      expect(tableNames('attributes')).toEqual(attributes)
      expect(tableNames('properties')).toEqual(Object.keys(ELEMENT_PROPS))
    })

    /**
     * Attributes the pages write on other elements (the script tag, a preload link, the card's own root) or
     * on any element (`hidden`): what `name="…"` may name besides the element's own.
     */
    const OTHER_ELEMENTS_ATTRIBUTES = [
      'crossorigin',
      'integrity',
      'rel',
      'type',
      'src',
      'part',
      'lang',
      'class',
      'hidden',
    ]

    it.each(GUIDES)('%s writes on <fees-calculator> only attributes it has', (file) => {
      const text = read(file)
      const tags = [...text.matchAll(/<fees-calculator\b([^>]*)>/g)].map((m) => m[1]!)
      const written = tags.flatMap((tag) =>
        [...tag.replace(/'[^']*'|"[^"]*"/g, '').matchAll(/([a-zA-Z][\w-]*)\s*=/g)].map((m) => m[1]!),
      )
      expect(written.filter((name) => !attributes.includes(name))).toEqual([])
      const quoted = [...text.matchAll(/`([a-z][a-z0-9-]*)="[^"`]*"`/g)].map((m) => m[1]!)
      expect(quoted.filter((name) => !attributes.includes(name) && !OTHER_ELEMENTS_ATTRIBUTES.includes(name))).toEqual(
        [],
      )
    })

    it('names each attribute somewhere outside its table too: how to use it is told, not only listed', () => {
      const prose = readmeWithTables(README, Object.fromEntries(Object.keys(manifestTables()).map((n) => [n, ''])))
      const told = GUIDES.map((file) => (file === 'README.md' ? prose : read(file))).join('\n')
      for (const attribute of attributes) expect(told, attribute).toContain(`${attribute}`)
    })
  })

  describe('events', () => {
    it('tables every event of src/events.ts, and no other', () => {
      expect(tableNames('events')).toEqual([...EVENT_NAMES])
    })

    it.each(GUIDES)('%s names and listens to no event the element does not send', (file) => {
      const text = read(file)
      const named = [...text.matchAll(/\b([a-z]\w*Event)\b/g)].map((m) => m[1]!)
      const listened = [...text.matchAll(/addEventListener\(\s*['"]([^'"]+)['"]/g)].map((m) => m[1]!)
      expect([...named, ...listened].filter((name) => !(EVENT_NAMES as string[]).includes(name))).toEqual([])
    })
  })
})

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-')

const anchors = (file: string) =>
  new Set(
    read(file)
      .replace(/```[\s\S]*?```/g, '')
      .split('\n')
      .filter((line) => /^#{1,6} /.test(line))
      .map((line) => slug(line.replace(/^#+ /, ''))),
  )

describe('the docs, as moved out of the README', () => {
  it.each(PAGES)('%s links only to files and headings that exist', (file) => {
    const text = read(file).replace(/```[\s\S]*?```/g, '')
    const links = [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!).filter((to) => !/^[a-z]+:/.test(to))
    for (const link of links) {
      const [path, anchor] = link.split('#') as [string, string | undefined]
      const target = path === '' ? file : normalize(join(dirname(file), path))
      expect(existsSync(target), `${file} → ${link}`).toBe(true)
      if (anchor !== undefined) expect([...anchors(target)], `${file} → ${link}`).toContain(anchor)
    }
  })

  it.each(GUIDES)('%s names only files of the repository that exist', (file) => {
    const named = [...read(file).matchAll(/`((?:src|test|server|scripts|docs|demo|contract|examples)\/[\w./{},-]+)`/g)]
      .map((m) => m[1]!)
      .flatMap((path) => {
        const braces = /\{([^}]+)\}/.exec(path)
        return braces ? braces[1]!.split(',').map((part) => path.replace(braces[0], part)) : [path]
      })
    expect(named.length).toBeGreaterThan(0)
    expect(named.filter((path) => !existsSync(path))).toEqual([])
  })

  it('links the moved sections from the README where an integrator looks for them', () => {
    for (const link of [
      '(docs/embedding.md#pinning-a-version-subresource-integrity)',
      '(docs/embedding.md#refreshing-the-token)',
      '(docs/embedding.md#what-the-element-does-with-odd-values)',
      '(docs/embedding.md#modes)',
      '(docs/embedding.md#languages)',
      '(docs/guarantees.md)',
      '(docs/frameworks.md)',
      '(server/README.md)',
    ])
      expect(README).toContain(link)
  })

  it('docs/development.md names the size budgets of scripts/size-budget.ts and links them, copying no figure', () => {
    const development = read('docs/development.md')
    expect(development).toContain('(../scripts/size-budget.ts)')
    for (const name of Object.keys(budgets).filter((key) => key.includes('BUDGET'))) {
      expect(development, name).toContain(`\`${name}\``)
    }
    for (const paragraph of development.split(/\n\s*\n/).filter((p) => /budget/i.test(p)))
      expect(paragraph).not.toMatch(/\d\s?KB\b/)
  })
})
