// The Custom Elements Manifest is generated from the JSDoc on the element class
// (src/element.ts). The theming surface is documented once, in src/ui/theme.ts
// beside the lists the code uses; the analyzer reads @cssproperty and @csspart
// only on a class, so the plugin below gives theme.ts's tags to the element.
import { readFileSync } from 'node:fs'
import ts from 'typescript'

const THEME = 'src/ui/theme.ts'
const PROPS = 'src/domain/props.ts'
const TAG = 'fees-calculator'

/** `Description. Default X.` → the description, and X without the code span when X is one. */
function splitDefault(text) {
  const match = /^(.*?)\s*Default (.+?)\.?$/.exec(text)
  if (!match) return { description: text }
  const value = match[2].trim()
  const code = /^`([^`]+)`$/.exec(value)
  return { description: match[1].trim(), default: code ? code[1] : value }
}

/** The `@cssproperty` and `@csspart` lines of theme.ts, in their order. */
export function themeTags(source = readFileSync(THEME, 'utf8')) {
  const cssProperties = []
  const cssParts = []
  for (const [, tag, name, text] of source.matchAll(/^\s*\*\s*@(cssproperty|csspart)\s+(\S+)\s+-\s+(.+)$/gm)) {
    if (tag === 'cssproperty') cssProperties.push({ name, ...splitDefault(text.trim()) })
    else cssParts.push({ name, description: text.trim() })
  }
  return { cssProperties, cssParts }
}

/** The element's table of properties (src/domain/props.ts, which has no runtime imports), loaded as a module. */
export async function propsTable(source = readFileSync(PROPS, 'utf8')) {
  const js = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  }).outputText
  return import(`data:text/javascript;base64,${Buffer.from(js).toString('base64')}`)
}

const { ELEMENT_PROPS, ELEMENT_PROP_DOCS, KIND_PROPERTY_TYPES, attributeTypeOf } = await propsTable()

/** The element's declaration in the manifest. */
function elementOf(manifest) {
  const element = manifest.modules.flatMap((m) => m.declarations ?? []).find((d) => d.tagName === TAG)
  if (!element) throw new Error(`no <${TAG}> in the manifest`)
  return element
}

/** The element's attributes and properties, from its table; its superclass as a consumer sees it. */
function propsOfTheElement() {
  return {
    name: 'fees-calculator:props',
    packageLinkPhase({ customElementsManifest }) {
      const element = elementOf(customElementsManifest)
      const rows = Object.entries(ELEMENT_PROPS)
      element.attributes = rows.map(([name, row]) => ({
        name: row.attribute,
        type: { text: attributeTypeOf(row.kind) },
        description: ELEMENT_PROP_DOCS[name].attribute,
        fieldName: name,
        ...(row.default === undefined ? {} : { default: row.default }),
      }))
      const fields = rows.map(([name, row]) => ({
        kind: 'field',
        name,
        type: { text: KIND_PROPERTY_TYPES[row.kind] },
        description: ELEMENT_PROP_DOCS[name].property,
        attribute: row.attribute,
        ...(row.default === undefined ? {} : { default: row.default }),
      }))
      const names = new Set(rows.map(([name]) => name))
      element.members = [...fields, ...(element.members ?? []).filter((m) => !names.has(m.name))]
      // The class extends an r2wc element made at run time; to a consumer it is an HTMLElement.
      element.superclass = { name: 'HTMLElement', package: 'global:' }
    },
  }
}

function themeOfTheElement() {
  return {
    name: 'fees-calculator:theme',
    packageLinkPhase({ customElementsManifest }) {
      const element = elementOf(customElementsManifest)
      const { cssProperties, cssParts } = themeTags()
      if (cssProperties.length === 0 || cssParts.length === 0)
        throw new Error(`${THEME} documents no @cssproperty or no @csspart`)
      element.cssProperties = cssProperties
      element.cssParts = cssParts
    },
  }
}

export default {
  globs: ['src/element.ts'],
  outdir: 'dist',
  dev: false,
  packagejson: false,
  plugins: [propsOfTheElement(), themeOfTheElement()],
}
