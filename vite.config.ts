import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, resolve as resolvePath } from 'node:path'
import { lingui } from '@lingui/vite-plugin'
import babel from '@rolldown/plugin-babel'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin, type UserConfig } from 'vite'
import { CHUNK_REPORT_PATH, type ChunkReport } from './scripts/chunk-report.ts'
import { languageOfPath } from './src/lazy/language-chunks.ts'

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string
  dependencies?: Record<string, string>
  peerDependencies?: Record<string, string>
}

/**
 * sonner calls `__insertCSS(...)` when its module loads, appending global rules
 * to the host page's <head>: a leak into pages we do not own and an inline
 * style that a strict CSP reports. Its CSS is given to our shadow root instead.
 */
function sonnerWithoutHeadStyles(): Plugin {
  return {
    name: 'fees-calculator:sonner-without-head-styles',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]sonner[\\/]dist[\\/]index\.m?js$/.test(id)) return null
      const stripped = code.replace(/^__insertCSS\(.*$/m, '')
      if (stripped === code) this.error('sonner no longer calls __insertCSS at top level: update this transform')
      return { code: stripped, map: null }
    },
  }
}

/** Writes which modules went into which chunk (see CHUNK_REPORT_PATH), for the size tests and the bench. */
function chunkReport(): Plugin {
  const root = process.cwd()
  const idOf = (id: string) => {
    const path = relative(root, id.replace(/^\0/, ''))
    return path.startsWith('..') ? id : path.replace(/^.*node_modules\//, 'node_modules/')
  }
  return {
    name: 'fees-calculator:chunk-report',
    apply: 'build',
    generateBundle(_options, bundle) {
      const report: ChunkReport = {
        chunks: Object.values(bundle).flatMap((output) =>
          output.type === 'chunk'
            ? [
                {
                  file: output.fileName,
                  isEntry: output.isEntry,
                  modules: Object.entries(output.modules).map(([id, module]) => ({
                    id: idOf(id),
                    length: module.renderedLength,
                  })),
                },
              ]
            : [],
        ),
      }
      mkdirSync(dirname(CHUNK_REPORT_PATH), { recursive: true })
      writeFileSync(CHUNK_REPORT_PATH, JSON.stringify(report, null, 1))
    },
  }
}

/**
 * Rolldown keeps its helpers for CommonJS modules (React's, dayjs's) in a chunk of their own, `rolldown-runtime`, when a
 * lazy chunk that does not import `shared` uses them too (the dates' chunk: dayjs). The first render then fetched it
 * only once `shared` had arrived and named it: a third request, after the other two, for 0.5 KB. No option places it,
 * so this folds it into `shared` once the chunks are written: its helpers open `shared`'s code and are exported by it
 * under `$`-names, and each chunk that used them imports them from `shared`, which every lazy chunk loads after.
 */
function runtimeInShared(): Plugin {
  /** A minified chunk's one export statement, at its end. */
  const finalExport = /export\{([^}]*)\};?\s*$/
  const importFrom = (file: string) =>
    new RegExp(
      `import\\{([^}]*)\\}from(["'])(\\.{1,2}/[^"']*?)${file.replace(/.*\//, '').replace(/[.$]/g, '\\$&')}\\2;?`,
    )
  const specifiers = (list: string) =>
    list.split(',').map((spec) => {
      const [imported = '', local = imported] = spec.trim().split(/\s+as\s+/)
      return { imported, local }
    })
  return {
    name: 'fees-calculator:runtime-in-shared',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output] : []))
      const runtime = chunks.find((chunk) => chunk.name === 'rolldown-runtime')
      if (!runtime) return
      const shared = chunks.find((chunk) => chunk.name === 'shared')
      if (!shared) return this.error('no shared chunk to fold the rolldown runtime into')
      const exported = finalExport.exec(runtime.code)
      if (!exported || /\bimport\b/.test(runtime.code.slice(0, exported.index)))
        return this.error('the rolldown runtime chunk no longer ends with its one export: update runtimeInShared')
      // `export{u as a,…}`: each helper's name inside the runtime's code, and the name it is exported by.
      const helpers = specifiers(exported[1] ?? '').map(({ imported, local }) => ({ inner: imported, name: local }))
      const exportOf = (name: string) => `$${name}`
      const taken = new Set(shared.exports)
      if (helpers.some(({ name }) => taken.has(exportOf(name))))
        return this.error('shared already exports a $-name the rolldown runtime would take')
      // shared's own import of the helpers becomes their declaration, with fresh names for those it does not use.
      const ownImport = importFrom(runtime.fileName).exec(shared.code)
      const ownLocals = new Map(specifiers(ownImport?.[1] ?? '').map(({ imported, local }) => [imported, local]))
      const localOf = (name: string) => ownLocals.get(name) ?? `$runtime_${name}`
      const declaration = `var[${helpers.map(({ name }) => localOf(name)).join(',')}]=(()=>{${runtime.code.slice(0, exported.index)};return[${helpers.map(({ inner }) => inner).join(',')}]})();`
      shared.code = ownImport ? shared.code.replace(ownImport[0], () => declaration) : declaration + shared.code
      const sharedExports = helpers.map(({ name }) => `${localOf(name)} as ${exportOf(name)}`).join(',')
      const sharedExport = finalExport.exec(shared.code)
      if (!sharedExport) return this.error('the shared chunk no longer ends with its export: update runtimeInShared')
      shared.code = `${shared.code.slice(0, sharedExport.index)}export{${sharedExport[1]},${sharedExports}};`
      shared.exports.push(...helpers.map(({ name }) => exportOf(name)))
      Object.assign(shared.modules, runtime.modules)
      shared.imports = shared.imports.filter((file) => file !== runtime.fileName)
      for (const chunk of chunks) {
        if (chunk === shared || chunk === runtime || !chunk.imports.includes(runtime.fileName)) continue
        const used = importFrom(runtime.fileName).exec(chunk.code)
        if (!used)
          return this.error(`${chunk.fileName} imports the rolldown runtime in a form runtimeInShared does not know`)
        const names = specifiers(used[1] ?? '').map(({ imported, local }) => `${exportOf(imported)} as ${local}`)
        const path = `${used[3]}${shared.fileName.replace(/.*\//, '')}`
        chunk.code = chunk.code.replace(used[0], () => `import{${names.join(',')}}from"${path}";`)
        chunk.imports = [...new Set(chunk.imports.map((file) => (file === runtime.fileName ? shared.fileName : file)))]
      }
      delete bundle[runtime.fileName]
    },
  }
}

/** Where the standalone build's entry takes the lazy chunks' hashes from: patched in by subresourceIntegrity(). */
const INTEGRITY_PLACEHOLDER = '@@fees-calculator-chunk-integrity@@'
/** Where a lazy chunk that declares lazy chunks of its own takes their hashes from (src/lazy/chunk.ts). */
const NESTED_INTEGRITY_PLACEHOLDER = '@@fees-calculator-nested-integrity@@'
const sha384 = (code: string | Uint8Array) => `sha384-${createHash('sha384').update(code).digest('base64')}`
/**
 * How the build's own tables vouch for a lazy chunk's files: sha256, as strong a check for a file the entry already
 * names as sha384 is, and 20 characters shorter. A hash does not compress, and the entry's table is on the path to
 * the first figures (14 hashes: 0.2 KB gzip less). What the host pins (integrity.json) stays sha384.
 */
const chunkHash = (code: string | Uint8Array) => `sha256-${createHash('sha256').update(code).digest('base64')}`

/**
 * Subresource Integrity for the script-tag build. The entry gets, for each lazy chunk a bundled module declares with
 * `defineChunk('name', () => import('…'))` (src/api/chunks.ts, src/ui/chunks.ts) or among a part's words in every
 * language (`languageChunks('part', …)`, src/ui/card-catalogues.ts), the
 * sha256 of every file that chunk runs beyond what the entry itself imports (src/lazy/chunk.ts checks them before
 * the import()). A chunk declared by a lazy chunk (the calendar's locales) has its hashes written into that chunk
 * instead, which the entry's hash vouches for: the first render does not carry them. dist/integrity.json lists the hash of every script the build wrote, the entry's included, for the
 * host's `integrity` attribute and import map.
 */
function subresourceIntegrity(): Plugin {
  const sources = resolvePath('src')
  return {
    name: 'fees-calculator:subresource-integrity',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output] : []))
      const entry = chunks.find((chunk) => chunk.isEntry)
      if (!entry) return this.error('no entry chunk')
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]))
      const closure = (file: string, into = new Set<string>()): Set<string> => {
        if (into.has(file)) return into
        into.add(file)
        for (const imported of byFile.get(file)?.imports ?? []) closure(imported, into)
        return into
      }
      const loadedWithEntry = closure(entry.fileName)
      const table: Record<string, [string, string][]> = {}
      const declaring = [...new Set(chunks.flatMap((chunk) => Object.keys(chunk.modules)))].filter(
        (id) => id.startsWith(sources) && /\.tsx?$/.test(id),
      )
      const declarations = declaring.flatMap((file) => {
        const source = readFileSync(file, 'utf8')
        const declared: { name: string; id: string; declarer: string; vouchedBy?: string }[] = [
          ...source.matchAll(/defineChunk\(\s*'([\w-]+)',\s*\(\) => import\('([^']+)'\)(?:,\s*'([\w-]+)')?,?\s*\)/g),
        ].map(([, name = '', spec = '', vouchedBy]) => ({
          name,
          id: resolvePath(dirname(file), spec),
          declarer: file,
          vouchedBy,
        }))
        // A declaration written in another form would leave its chunk unchecked: the build stops instead.
        const calls = source.match(/\bdefineChunk\(\s*'/g)?.length ?? 0
        if (calls !== declared.length)
          this.error(
            `${file} declares ${calls} lazy chunks, ${declared.length} of them as defineChunk('name', () => import('…')[, 'vouchedBy'])`,
          )
        // A part's words in every language (src/lazy/language-chunks.ts): one chunk a file its glob matched, named
        // for the part and the file's language.
        const parts = [...source.matchAll(/languageChunks\(\s*'([\w-]+)'/g)].map(([, part = '']) => part)
        if (parts.length > 1) this.error(`${file} makes ${parts.length} tables of language chunks; one a module`)
        for (const part of parts)
          for (const id of this.getModuleInfo(file)?.dynamicallyImportedIds ?? []) {
            const language = languageOfPath(relative(dirname(file), id))
            if (language) declared.push({ name: `${part}-${language}`, id, declarer: file })
          }
        return declared
      })
      const nestedPlaceholder = new RegExp(`([\`"'])${NESTED_INTEGRITY_PLACEHOLDER}\\1`)
      // Each declaration's files, and the chunk that carries their hashes: the entry, or the lazy chunk declaring it.
      const names = new Set<string>()
      const nested = new Map<typeof entry, { name: string; files: string[] }[]>()
      const inEntry: { name: string; files: string[] }[] = []
      /** The chunk that holds a module; a lazy chunk's module is held by a chunk but the entry. */
      const chunkOf = (id: string, but?: typeof entry) =>
        chunks.find((chunk) => chunk !== but && Object.keys(chunk.modules).includes(id))
      for (const { name, id, declarer, vouchedBy } of declarations) {
        if (names.has(name)) return this.error(`two lazy chunks are named "${name}"`)
        names.add(name)
        const holder = chunkOf(id, entry)
        if (!holder) return this.error(`no chunk holds ${id}, the lazy chunk "${name}"`)
        // A chunk declared in a lazy chunk that holds the placeholder (src/ui/calendar/date-locales.ts), or vouched for
        // by one (src/ui/chunks.ts), is carried by that chunk; else by the entry.
        const vouching = vouchedBy && declarations.find((declaration) => declaration.name === vouchedBy)
        if (vouchedBy && !vouching)
          return this.error(`"${name}" is vouched for by "${vouchedBy}", which no chunk is named`)
        // The page finds the chunk that vouches by its name (src/lazy/chunk.ts): it must be declared as the page starts.
        if (vouching && !loadedWithEntry.has(chunkOf(vouching.declarer)?.fileName ?? ''))
          return this.error(`"${vouchedBy}", which vouches for "${name}", is not declared by the first render's code`)
        const carrier = vouching ? chunkOf(vouching.id, entry) : (chunkOf(declarer) ?? entry)
        if (!carrier) return this.error(`no chunk holds ${vouchedBy}, which vouches for "${name}"`)
        if (vouching && !nestedPlaceholder.test(carrier.code))
          return this.error(
            `${carrier.fileName} vouches for "${name}" but does not set __FEES_CALCULATOR_NESTED_INTEGRITY__`,
          )
        const withEntry = loadedWithEntry.has(carrier.fileName) || !nestedPlaceholder.test(carrier.code)
        const loaded = withEntry ? loadedWithEntry : new Set([...loadedWithEntry, ...closure(carrier.fileName)])
        const files = [...closure(holder.fileName)].filter((file) => !loaded.has(file))
        if (withEntry) inEntry.push({ name, files })
        else nested.set(carrier, [...(nested.get(carrier) ?? []), { name, files }])
      }
      // A carrier's table is written once every carrier among its files has been (the schedule's vouches for the
      // PDF maker, whose own vouches for the credit information's words): each file is hashed as it will be served.
      const written = new Set<typeof entry>()
      const write = (carrier: typeof entry, through: readonly (typeof entry)[] = []) => {
        if (written.has(carrier)) return
        if (through.includes(carrier)) throw new Error(`lazy chunks vouch for each other: ${carrier.fileName}`)
        const own: Record<string, [string, string][]> = {}
        for (const { name, files } of nested.get(carrier) ?? []) {
          for (const file of files) {
            const inner = byFile.get(file)
            if (inner && inner !== carrier && nested.has(inner)) write(inner, [...through, carrier])
          }
          own[name] = files.map((file) => [
            relative(dirname(carrier.fileName), file) || file,
            chunkHash(byFile.get(file)?.code ?? ''),
          ])
        }
        carrier.code = carrier.code.replace(nestedPlaceholder, () => JSON.stringify(own))
        written.add(carrier)
      }
      for (const carrier of nested.keys()) write(carrier)
      // A chunk left with the placeholder would read it as its table: every one that holds it vouches for some.
      const unwritten = chunks.find((chunk) => nestedPlaceholder.test(chunk.code))
      if (unwritten) return this.error(`${unwritten.fileName} holds the nested placeholder but vouches for no chunk`)
      // Hashed after the carriers were written: what a browser will check.
      for (const { name, files } of inEntry)
        table[name] = files.map((file) => [
          relative(dirname(entry.fileName), file) || file,
          chunkHash(byFile.get(file)?.code ?? ''),
        ])
      if (Object.keys(table).length === 0) return this.error('found no lazy chunk declared with defineChunk')
      const placeholder = new RegExp(`([\`"'])${INTEGRITY_PLACEHOLDER}\\1`)
      if (!placeholder.test(entry.code)) return this.error('the entry no longer holds the integrity placeholder')
      entry.code = entry.code.replace(placeholder, () => JSON.stringify(table))
    },
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist'
      // Hashed as written, from the disk: what a browser will check.
      const scripts = Object.keys(bundle)
        .filter((file) => file.endsWith('.js'))
        .sort()
      const integrity = Object.fromEntries(scripts.map((file) => [file, sha384(readFileSync(join(dir, file)))]))
      writeFileSync(join(dir, 'integrity.json'), `${JSON.stringify(integrity, null, 2)}\n`)
    },
  }
}

/** jsPDF's loaders for HTML and SVG, which the plan's PDF never calls, resolved to a module that says so. */
const JSPDF_LEFT_OUT = new URL('./src/ui/downloads/jspdf-left-out.ts', import.meta.url).pathname
const withoutJspdfExtras = {
  alias: Object.fromEntries(['html2canvas', 'canvg', 'dompurify'].map((name) => [name, JSPDF_LEFT_OUT])),
}
/** Tests import the package by its name, as its users do. */
const forTests = {
  alias: { ...withoutJspdfExtras.alias, 'fees-calculator': new URL('./src/index.ts', import.meta.url).pathname },
}

const plugins = () => [
  sonnerWithoutHeadStyles(),
  react(),
  babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
  lingui(),
]

const define = {
  'process.env.NODE_ENV': JSON.stringify('production'),
  __FEES_CALCULATOR_VERSION__: JSON.stringify(pkg.version),
  // A lazy chunk's table of the chunks it vouches for (src/lazy/chunk.ts): none but in the script-tag build.
  __FEES_CALCULATOR_NESTED_INTEGRITY__: '{}',
}

/** Everything a library consumer installs itself stays out of `dist/index.js`. */
const externals = [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.peerDependencies ?? {})]
// A dependency's stylesheet (`…/styles.css?inline`) is read into the build as text: `?inline` is Vite's own
// query, which webpack, Turbopack (Next.js) and esbuild (Angular) do not know, so it must not reach the user's bundler.
const isExternal = (id: string) =>
  !/\.css(\?|$)/.test(id) && externals.some((dep) => id === dep || id.startsWith(`${dep}/`))

/** The standalone and the library builds write side by side into dist/, for the browsers of the support baseline. */
const INTO_DIST = { outDir: 'dist', emptyOutDir: false, target: 'es2022', copyPublicDir: false } as const

/**
 * The lazy chunks a card rendered on a server never loads (the calendar, the schedule and the plan's files, the
 * toaster, the calendar's date rules): the student's first move loads them in the browser. The server renderer's
 * build replaces each with a module that says so, so that it does not carry them (jsPDF and react-datepicker among
 * them) into a file that would never run them.
 */
const NOT_ON_THE_SERVER = [
  'src/ui/calendar/CalendarPicker.tsx',
  'src/ui/schedule/Schedule.tsx',
  'src/ui/notices/Toasts.tsx',
  'src/domain/dates.ts',
].map((file) => resolvePath(file))

function leftOutOnTheServer(): Plugin {
  return {
    name: 'fees-calculator:left-out-on-the-server',
    enforce: 'pre',
    load(id) {
      if (!NOT_ON_THE_SERVER.includes(id.split('?')[0] ?? '')) return null
      return `throw new Error(${JSON.stringify(`${relative(process.cwd(), id)} is not loaded on a server`)})`
    },
  }
}

/**
 * `vite build --mode standalone`: dist/fees-calculator.js, React bundled, registers the tag.
 * `vite build --mode lib`: dist/index.js and dist/languages.js (the language list alone, no React), dependencies external.
 * `vite build --mode cli`: dist/cli/fees-calculator.js, the `check-api` command for Node.
 * `vite build` (mode production): the single-page app in dist/app.
 */
export default defineConfig(({ mode }): UserConfig => {
  if (mode === 'standalone') {
    return {
      plugins: [...plugins(), runtimeInShared(), chunkReport(), subresourceIntegrity()],
      resolve: withoutJspdfExtras,
      define: {
        ...define,
        __FEES_CALCULATOR_CHUNK_INTEGRITY__: JSON.stringify(INTEGRITY_PLACEHOLDER),
        __FEES_CALCULATOR_NESTED_INTEGRITY__: JSON.stringify(NESTED_INTEGRITY_PLACEHOLDER),
      },
      build: {
        ...INTO_DIST,
        lib: { entry: 'src/standalone.ts', formats: ['es'], fileName: () => 'fees-calculator.js' },
        rolldownOptions: {
          output: {
            // A language's catalogue is named for what it holds: `en-…` the card's words, `<part>-en-…` those of a
            // part of the screen with a catalogue of its own (src/ui/<part>/locales/): `downloads-en-…` the downloads'.
            chunkFileNames: (chunk) => {
              const catalogue = /[\\/]src[\\/](?:ui[\\/]([\w-]+)[\\/])?locales[\\/](\w+)[\\/]messages\.po$/.exec(
                chunk.facadeModuleId ?? '',
              )
              return catalogue
                ? `chunks/${catalogue[1] ? `${catalogue[1]}-` : ''}${catalogue[2]}-[hash].js`
                : 'chunks/[name]-[hash].js'
            },
            // Library mode keeps whitespace in ES output unless told otherwise: this build ships to browsers as is.
            minify: true,
            // The bundler keeps `/* @__PURE__ */` marks for a later minifier; this build is the last step, so they
            // are bytes for nothing (0.2 KB gzip). Licence comments stay.
            comments: { annotation: false, jsdoc: false },
            // Everything the first render runs but the entry's own few lines goes into one chunk, `shared`, which the
            // lazy chunks import: one gzip stream compresses better than an entry and a chunk of what both share (1.8 KB
            // less before the first figures), and the entry stays a small file. The lazy chunks import `shared` by its
            // hashed name, never the entry: a page that loads it as `fees-calculator.js?v=2` still runs one copy of it.
            codeSplitting: {
              groups: [
                { name: 'shared', tags: ['$initial'], test: (id) => !/[\\/]src[\\/]standalone\.ts$/.test(id) },
                // dayjs and the date rules (src/domain/dates.ts): the calendar and the downloads share them, and the
                // first figures need neither (a date on screen is written from its digits, src/ui/format.ts).
                {
                  name: 'dates',
                  test: /[\\/]node_modules[\\/]dayjs[\\/]|[\\/]src[\\/]domain[\\/]dates\.ts$/,
                  priority: 1,
                },
                // ky, the engine of the one request path (src/api/request.ts), loads on its own.
                { name: 'http', test: /[\\/]node_modules[\\/]ky[\\/]|[\\/]src[\\/]api[\\/]ky\.ts$/ },
              ],
            },
          },
        },
      },
    }
  }
  if (mode === 'lib') {
    return {
      plugins: plugins(),
      resolve: withoutJspdfExtras,
      define,
      build: {
        ...INTO_DIST,
        minify: false,
        lib: {
          entry: { index: 'src/index.ts', languages: 'src/languages.ts' },
          formats: ['es'],
          fileName: (_f, name) => `${name}.js`,
        },
        rolldownOptions: { external: isExternal, output: { chunkFileNames: 'lib/[name]-[hash].js' } },
      },
    }
  }
  if (mode === 'server') {
    // `fees-calculator/server`: the renderer of src/server.ts as one ES module, React and every language's words in
    // it, no DOM and no Node built-in (react-dom's string renderer for edge runtimes): Node 22+ and runtimes
    // with fetch only run it as it is.
    return {
      plugins: [...plugins(), leftOutOnTheServer()],
      resolve: withoutJspdfExtras,
      define,
      build: {
        outDir: 'dist',
        emptyOutDir: false,
        copyPublicDir: false,
        target: 'es2022',
        ssr: 'src/server.ts',
        minify: false,
        rolldownOptions: { output: { entryFileNames: 'server.js', format: 'es', codeSplitting: false } },
      },
      ssr: { noExternal: true, target: 'webworker' },
    }
  }
  if (mode === 'cli') {
    // The command line (`fees-calculator check-api`): one file for Node, dayjs bundled in, run from the packed tarball.
    // One file whatever it reaches: a dynamic import in its graph would otherwise be emitted beside it as a chunk
    // that nothing runs, and ship in the package (test/package/bundle-size.test.ts holds it to one small file).
    return {
      build: {
        outDir: 'dist/cli',
        emptyOutDir: true,
        copyPublicDir: false,
        target: 'node20',
        ssr: 'src/cli/main.ts',
        minify: false,
        rolldownOptions: { output: { entryFileNames: 'fees-calculator.js', format: 'es', codeSplitting: false } },
      },
      ssr: { noExternal: true },
    }
  }
  return {
    plugins: plugins(),
    resolve: mode === 'test' ? forTests : withoutJspdfExtras,
    define:
      mode === 'test'
        ? {
            __FEES_CALCULATOR_VERSION__: JSON.stringify(pkg.version),
            __FEES_CALCULATOR_NESTED_INTEGRITY__: define.__FEES_CALCULATOR_NESTED_INTEGRITY__,
          }
        : define,
    build: { outDir: 'dist/app', emptyOutDir: true, target: 'es2022' },
  }
})
