/**
 * The project's dependency arrows point one way: the UI reads the store, the
 * store calls the API client, the client speaks the domain's types; the widget
 * (src/) and the reference server (server/) share only the contract package
 * (contract/), which both import by its name, never by path, and which depends
 * on neither; neither imports the other's files; the widget's build imports
 * nothing of the tests; the test helpers (test/support/, server/test/support/)
 * are shared by the tests and the development scripts (scripts/: the bench
 * launches the browsers and servers the tests do), and import no test; nothing
 * but a test imports a test file; the example apps (examples/) use the package
 * as a user gets it. A relative import that runs against these arrows fails
 * here.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = resolve(import.meta.dirname, '../..')
const SKIP = new Set(['node_modules', 'dist', 'build', 'out', '.next', '.angular', '.git', 'data', 'test-results'])

function files(dir: string): string[] {
  if (!existsSync(join(ROOT, dir))) return []
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    if (SKIP.has(name)) return []
    const path = join(dir, name)
    if (statSync(join(ROOT, path)).isDirectory()) return files(path)
    return /\.(ts|tsx|mts|mjs|js|jsx|vue|svelte)$/.test(name) && !name.endsWith('.d.ts') ? [path] : []
  })
}

/** Every relative import of a file (`from`, side-effect and dynamic), as a path from the repository root. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8')
  const specs = [
    ...text.matchAll(
      /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm,
    ),
  ]
  return specs
    .map((m) => m[1] ?? m[2] ?? m[3] ?? '')
    .filter((spec) => spec.startsWith('.'))
    .map((spec) => relative(ROOT, resolve(ROOT, dirname(file), spec)))
}

/** [importer prefix, forbidden target prefixes, why] */
const RULES: [string, string[], string][] = [
  ['src/', ['demo/', 'server/', 'test/', 'scripts/', 'contract/'], 'the package ships alone'],
  [
    'contract/',
    ['src/', 'server/', 'demo/', 'test/', 'scripts/', 'examples/'],
    "the wire's contract depends on neither side",
  ],
  ['server/', ['src/', 'contract/', 'demo/'], 'the server shares only the contract with the widget, by its name'],
  [
    'src/domain/',
    ['src/api/', 'src/store/', 'src/ui/', 'src/element', 'src/define', 'src/app/'],
    'the domain is plain rules',
  ],
  ['src/api/', ['src/store/', 'src/ui/', 'src/element', 'src/define', 'src/app/'], 'the client knows no state or view'],
  ['src/store/', ['src/ui/', 'src/element', 'src/define', 'src/app/'], 'the store knows no view'],
  ['src/ui/', ['src/element', 'src/define', 'src/app/'], 'the React tree knows nothing of custom elements'],
  [
    'src/lazy/',
    ['src/domain/', 'src/api/', 'src/store/', 'src/ui/', 'src/element', 'src/define', 'src/app/', 'src/locales/'],
    'the lazy loader knows no chunk: each layer declares its own',
  ],
  ['src/locales/', ['src/api/', 'src/store/', 'src/ui/', 'src/element', 'src/define', 'src/app/'], 'words only'],
  [
    'src/cli/',
    ['src/store/', 'src/ui/', 'src/element', 'src/define', 'src/app/'],
    'the command line reads answers as the client does, with no screen',
  ],
  [
    'server/src/',
    ['test/', 'scripts/', 'server/test/', 'server/tools/'],
    'the server runs without its tests and tools',
  ],
  ['server/tools/', ['src/', 'test/', 'scripts/', 'server/test/'], 'the server builds without the widget or its tests'],
  [
    'test/support/',
    ['test/browser/', 'test/package/', 'test/model/', 'server/test/api/', 'server/test/hardening/'],
    'a helper serves the tests and imports none of them',
  ],
  [
    'server/test/support/',
    ['test/browser/', 'test/package/', 'test/model/', 'server/test/api/', 'server/test/hardening/'],
    'a helper serves the tests and imports none of them',
  ],
  [
    'scripts/',
    ['test/browser/', 'test/package/', 'test/model/', 'server/test/api/', 'server/test/hardening/'],
    "the bench may use the tests' helpers, never a test",
  ],
  [
    'examples/',
    ['src/', 'server/', 'demo/', 'test/', 'scripts/', 'contract/'],
    'an example uses the package as a user gets it',
  ],
]

/** Every file `file` reaches through relative imports, itself included. */
function reached(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file) || !existsSync(join(ROOT, file))) return seen
  seen.add(file)
  for (const target of importsOf(file)) reached(target, seen)
  return seen
}

describe('dependency directions', () => {
  const all = [
    ...files('src'),
    ...files('demo'),
    ...files('server'),
    ...files('test'),
    ...files('scripts'),
    ...files('contract'),
    ...files('examples'),
    'vite.config.ts',
  ]
  for (const [from, forbidden, why] of RULES) {
    it(`${from} imports none of ${forbidden.join(', ')}: ${why}`, () => {
      const wrong = all
        // A unit test beside its code may use the tests' own support (servers, fixtures).
        .filter(
          (file) =>
            file.startsWith(from) &&
            !(
              (from.startsWith('src/') || from === 'server/src/' || from === 'contract/') &&
              /\.test\.tsx?$/.test(file)
            ),
        )
        .flatMap((file) =>
          importsOf(file)
            .filter((target) => forbidden.some((f) => target.startsWith(f)))
            .map((target) => `${file} → ${target}`),
        )
      expect(wrong).toEqual([])
    })
  }

  it('the build config reaches nothing of the tests, the bench or the server', () => {
    const wrong = [...reached('vite.config.ts')].filter(
      (file) => /^(test|server)\//.test(file) || /^scripts\/bench/.test(file),
    )
    expect(wrong).toEqual([])
  })

  it('imports a test file only from a test file', () => {
    const wrong = all
      .filter((file) => !/\.test\.tsx?$/.test(file))
      .flatMap((file) =>
        importsOf(file)
          .filter((target) => /\.test\.tsx?$/.test(target))
          .map((target) => `${file} → ${target}`),
      )
    expect(wrong).toEqual([])
  })

  it('imports the contract by its name and its public entries only (the package, its OpenAPI document)', () => {
    const deep = all.flatMap((file) =>
      [...readFileSync(join(ROOT, file), 'utf8').matchAll(/['"](@fees-calculator\/contract\/[^'"]*)['"]/g)]
        .map((match) => match[1] ?? '')
        .filter((spec) => spec !== '@fees-calculator/contract/openapi.json')
        .map((spec) => `${file} → ${spec}`),
    )
    expect(deep).toEqual([])
    const users = (dir: string) =>
      all.filter(
        (file) =>
          file.startsWith(dir) && readFileSync(join(ROOT, file), 'utf8').includes("'@fees-calculator/contract'"),
      )
    expect(users('src/').length).toBeGreaterThan(0)
    expect(users('server/src/').length).toBeGreaterThan(0)
  })

  it('has no import circle in src/, dynamic imports included', () => {
    const graph = new Map(
      files('src')
        .filter((file) => !/\.test\.tsx?$/.test(file))
        .map((file) => [file, importsOf(file).filter((target) => target.startsWith('src/'))]),
    )
    const circles: string[] = []
    const state = new Map<string, 'open' | 'done'>()
    const visit = (file: string, path: string[]) => {
      if (state.get(file) === 'done') return
      if (state.get(file) === 'open') {
        circles.push([...path.slice(path.indexOf(file)), file].join(' → '))
        return
      }
      state.set(file, 'open')
      for (const target of graph.get(file) ?? []) visit(target, [...path, file])
      state.set(file, 'done')
    }
    for (const file of graph.keys()) visit(file, [])
    expect(circles).toEqual([])
  })

  it('reads the imports it checks (a known arrow is found)', () => {
    expect(importsOf('src/index.ts').some((target) => target.startsWith('src/'))).toBe(true)
    expect(reached('vite.config.ts')).toContain('scripts/chunk-report.ts')
    expect(importsOf('examples/angular/src/main.ts')).toContain('examples/angular/src/app/app')
    expect(all.some((file) => file.endsWith('.vue')) && all.some((file) => file.endsWith('.svelte'))).toBe(true)
  })
})
