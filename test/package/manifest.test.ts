import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import Ajv from 'ajv'
import { describe, expect, it } from 'vitest'
import { elementDeclaration } from '../../scripts/manifest-tables.ts'
import { ELEMENT_PROPS } from '../../src/domain/props.ts'
import { EVENT_NAMES } from '../../src/events.ts'
import { CSS_CUSTOM_PROPERTIES, CSS_PARTS } from '../../src/ui/theme.ts'

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { customElements: string }
const element = elementDeclaration(pkg.customElements)

/** The source files of the widget (tests aside), with their text. */
function sources(extension: string): string[] {
  return readdirSync('src', { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith(extension) && !/\.test\./.test(f))
    .map((f) => readFileSync(join('src', f), 'utf8'))
}
const sorted = (values: Iterable<string>) => [...new Set(values)].sort()

describe('the Custom Elements Manifest (package.json "customElements")', () => {
  it('describes <fees-calculator>', () => {
    expect(element).toBeDefined()
  })

  it('validates against the official Custom Elements Manifest schema', () => {
    const schema = JSON.parse(readFileSync('node_modules/custom-elements-manifest/schema.json', 'utf8')) as object
    const validate = new Ajv({ strict: false, allErrors: true }).compile(schema)
    const valid = validate(JSON.parse(readFileSync(pkg.customElements, 'utf8')))
    expect(validate.errors ?? [], 'schema errors').toEqual([])
    expect(valid).toBe(true)
  })

  it('names the superclass a consumer sees: HTMLElement', () => {
    expect((element as { superclass?: unknown }).superclass).toEqual({ name: 'HTMLElement', package: 'global:' })
  })

  it("lists exactly the properties of the element's table, each with its attribute", () => {
    const fields = (element.members ?? []).filter((m) => m.kind === 'field')
    expect(fields.map((f) => f.name)).toEqual(Object.keys(ELEMENT_PROPS))
    expect((element.attributes ?? []).map((a) => [a.name, a.fieldName])).toEqual(
      Object.entries(ELEMENT_PROPS).map(([name, row]) => [row.attribute, name]),
    )
  })

  it('lists every event, typed with a detail type the package exports', () => {
    const index = readFileSync('src/index.ts', 'utf8')
    expect(sorted((element.events ?? []).map((e) => e.name))).toEqual(sorted(EVENT_NAMES))
    for (const event of element.events ?? []) {
      const detail = /^CustomEvent<(\w+)>$/.exec(event.type?.text ?? '')?.[1]
      expect(detail, event.name).toBeDefined()
      expect(index).toMatch(new RegExp(`\\b${detail}\\b`))
      expect(event.description, event.name).toBeTruthy()
    }
  })

  it('lists every ::part() the screen has, each described', () => {
    const used = sources('.tsx').flatMap((text) =>
      [...text.matchAll(/\bpart="([^"]+)"/g)].flatMap((m) => m[1]!.split(/\s+/)),
    )
    expect(sorted((element.cssParts ?? []).map((p) => p.name))).toEqual(sorted(used))
    expect(sorted(CSS_PARTS)).toEqual(sorted(used))
    for (const part of element.cssParts ?? []) expect(part.description, part.name).toBeTruthy()
  })

  it('lists every --fc-* custom property the styles read, each with its default', () => {
    const read = sources('.css').flatMap((text) => [...text.matchAll(/var\(\s*(--fc-[\w-]+)/g)].map((m) => m[1]!))
    expect(sorted((element.cssProperties ?? []).map((p) => p.name))).toEqual(sorted(read))
    expect(sorted(CSS_CUSTOM_PROPERTIES)).toEqual(sorted(read))
    for (const property of element.cssProperties ?? []) {
      expect(property.description, property.name).toBeTruthy()
      expect(property.default, property.name).toBeTruthy()
    }
  })

  it('lists every attribute with its property, type and meaning', () => {
    const fields = new Map((element.members ?? []).filter((m) => m.kind === 'field').map((m) => [m.name, m]))
    expect(element.attributes?.length).toBeGreaterThan(0)
    for (const attribute of element.attributes ?? []) {
      const property = attribute.name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())
      expect(fields.get(property)?.type?.text, property).toBeTruthy()
      expect(attribute.type?.text, attribute.name).toBeTruthy()
      expect(attribute.description, attribute.name).toBeTruthy()
    }
  })
})
