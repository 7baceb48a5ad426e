/**
 * The README's tables of attributes, properties, events, CSS custom properties
 * and parts, generated from the Custom Elements Manifest (itself generated from
 * the element's JSDoc), so the two always say the same words.
 *
 *   tsx scripts/manifest-tables.ts          rewrites README.md's tables
 *   tsx scripts/manifest-tables.ts --check  exits 1 when README.md is out of date
 */
import { readFileSync, writeFileSync } from 'node:fs'

export interface Documented {
  name: string
  description?: string
  type?: { text: string }
  default?: string
  fieldName?: string
}
export interface ElementDeclaration {
  kind: string
  tagName?: string
  attributes?: Documented[]
  members?: (Documented & { kind: string })[]
  events?: Documented[]
  cssProperties?: Documented[]
  cssParts?: Documented[]
}

const cell = (text = '') => text.replace(/\|/g, '\\|').replace(/\n/g, ' ')
const table = (head: string[], rows: string[][]) =>
  [
    `| ${head.join(' | ')} |`,
    `|${head.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${r.map(cell).join(' | ')} |`),
  ].join('\n')

/** A CSS value (`#1f4fd1`, `14px`) as code; a default told in words (a darker `--fc-primary`) as it is written. */
const defaultCell = (value?: string) => (!value ? '' : /`|^[a-z]+ /i.test(value) ? value : `\`${value}\``)

/** The `<fees-calculator>` entry of a Custom Elements Manifest. */
export function elementDeclaration(manifestPath = 'dist/custom-elements.json'): ElementDeclaration {
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
    modules: { declarations?: ElementDeclaration[] }[]
  }
  const element = manifest.modules.flatMap((m) => m.declarations ?? []).find((d) => d.tagName === 'fees-calculator')
  if (!element) throw new Error(`${manifestPath} describes no <fees-calculator>`)
  return element
}

export function manifestTables(manifestPath = 'dist/custom-elements.json'): Record<string, string> {
  const element = elementDeclaration(manifestPath)
  const fields = (element.members ?? []).filter((m) => m.kind === 'field')
  return {
    attributes: table(
      ['attribute', 'property', 'type', 'meaning'],
      (element.attributes ?? []).map((a) => {
        const property = a.name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())
        return [`\`${a.name}\``, `\`${property}\``, a.type?.text ?? '', a.description ?? '']
      }),
    ),
    properties: table(
      ['property', 'type', 'meaning'],
      fields.map((f) => [`\`${f.name}\``, `\`${f.type?.text ?? ''}\``, f.description ?? '']),
    ),
    events: table(
      ['event', 'detail', 'when'],
      (element.events ?? []).map((e) => [`\`${e.name}\``, `\`${e.type?.text ?? ''}\``, e.description ?? '']),
    ),
    cssProperties: table(
      ['custom property', 'default', 'what it sets'],
      (element.cssProperties ?? []).map((p) => [`\`${p.name}\``, defaultCell(p.default), p.description ?? '']),
    ),
    cssParts: table(
      ['part', 'what it is'],
      (element.cssParts ?? []).map((p) => [`\`${p.name}\``, p.description ?? '']),
    ),
  }
}

/** README.md with every `<!-- manifest:NAME -->…<!-- /manifest:NAME -->` block replaced by its table. */
export function readmeWithTables(readme: string, tables: Record<string, string>): string {
  return readme.replace(/<!-- manifest:(\w+) -->[\s\S]*?<!-- \/manifest:\1 -->/g, (_block, name: string) => {
    const content = tables[name]
    if (content === undefined) throw new Error(`README.md names an unknown manifest table: ${name}`)
    return `<!-- manifest:${name} -->\n${content}\n<!-- /manifest:${name} -->`
  })
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const readme = readFileSync('README.md', 'utf8')
  const updated = readmeWithTables(readme, manifestTables())
  if (process.argv.includes('--check')) {
    if (updated !== readme) {
      console.error('README.md tables differ from dist/custom-elements.json: run `npm run docs`.')
      process.exit(1)
    }
  } else {
    writeFileSync('README.md', updated)
  }
}
