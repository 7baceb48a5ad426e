import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

export interface FileSize {
  file: string
  raw: number
  gzip: number
  brotli: number
}

export function sizeOf(file: string): FileSize {
  const bytes = readFileSync(file)
  return {
    file,
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  }
}

/** Static `import … from "./x.js"` / `import "./x.js"` of an ES module (not `import()`). */
function staticImports(file: string): string[] {
  const code = readFileSync(file, 'utf8')
  const found = new Set<string>()
  for (const match of code.matchAll(/(?:^|[;}\s])import\s*(?:[\w*{}\s,$]+from\s*)?["'](\.[^"']+)["']/g)) {
    found.add(resolve(dirname(file), match[1]!))
  }
  for (const match of code.matchAll(/(?:^|[;}\s])export\s*[\w*{}\s,$]*from\s*["'](\.[^"']+)["']/g)) {
    found.add(resolve(dirname(file), match[1]!))
  }
  return [...found]
}

/** The entry and every module it imports statically: what a first render downloads. */
export function initialClosure(entry: string): string[] {
  const seen = new Set<string>()
  const visit = (file: string) => {
    if (seen.has(file)) return
    seen.add(file)
    for (const next of staticImports(file)) visit(next)
  }
  visit(resolve(entry))
  return [...seen]
}

export interface BundleReport {
  initial: FileSize[]
  lazy: FileSize[]
  initialTotal: { gzip: number; brotli: number; raw: number }
}

/** Sizes of the standalone build: the initial JS (entry + static imports) and every lazy chunk. */
export function standaloneSizes(dist = 'dist'): BundleReport {
  const entry = join(dist, 'fees-calculator.js')
  const initialFiles = initialClosure(entry)
  const chunkDir = join(dist, 'chunks')
  const chunks = (() => {
    try {
      return readdirSync(chunkDir)
        .filter((f) => f.endsWith('.js'))
        .map((f) => resolve(chunkDir, f))
    } catch {
      return []
    }
  })().filter((f) => statSync(f).isFile())
  const rel = (f: string) => relative(process.cwd(), f)
  const initial = initialFiles.map((f) => ({ ...sizeOf(f), file: rel(f) }))
  const lazy = chunks.filter((f) => !initialFiles.includes(f)).map((f) => ({ ...sizeOf(f), file: rel(f) }))
  const sum = (key: 'gzip' | 'brotli' | 'raw') => initial.reduce((total, s) => total + s[key], 0)
  return { initial, lazy, initialTotal: { gzip: sum('gzip'), brotli: sum('brotli'), raw: sum('raw') } }
}

/**
 * The shipped budget: initial JS of the standalone build (the empty first
 * render), gzip -9, dayjs's core (≈3 KB) included. Measured at 96 326 B
 * (94.1 KB). It was 94 342 B before the failure states joined it: the card's
 * alert with Try again, the offline watch, a refused amount explained at its
 * field, and their words in both catalogues (+1 984 B). They cannot be a lazy
 * chunk: they are what the student reads when the network is gone. Then
 * 97 154 B (94.9 KB, +828 B) with Subresource Integrity and two copies on a page: the entry carries
 * the sha384 of each lazy chunk's files (five hashes, ≈0.55 KB: a hash does not compress), the
 * modulepreload check, the element's static version and its memory of the last refused input. It reached
 * 98 764 B (96.4 KB) when the response boundary joined the first render (below); then 95 974 B (93.7 KB) once
 * dayjs left it (−2 790 B): a date on the card is written from its digits, and dayjs comes with the calendar and
 * the kept plan, in a lazy chunk of its own (src/ui/chunks.ts); 96 255 B (94.0 KB, +281 B) with the student's
 * settings (the colour scheme, forced colours and print rules of the card's styles). 96 065 B (93.8 KB) with the
 * comparison, the university's words, the credit information and the form control: their logic lazy, their hooks
 * on the first path paid for by everything the first render runs in one chunk (−1.8 KB), lazy chunks vouched for
 * by sha256 (−0.2 KB), the calendar's and the toaster's words in their chunks, the answers read after the figures
 * in ky's, and one value per store selector (zustand's shallow compare leaves the first path). 97 961 B with the
 * calculator's flow as one transition function; 97 312 B (−649 B) once the failure sentences that only a server's
 * answer or a SAVE brings (what a problem's code says to change, the session's and the service's sentences, a SAVE's
 * notice) left for a chunk of their own, preloaded after the first figures: 2 013 B with Spanish's words, each other
 * language's 716–793 B. What a student reads with the network gone stays: being offline, no connection, a
 * time-out, each failure's title and a general sentence. 96 129 B with the save bar after the first figures; 96 583 B
 * with taking over a card rendered on a server (React's `hydrateRoot` 166 B, the element's check and fallback with
 * the hydrating chunk's hash 121 B), then 96 234 B once the save bar's chunk vouched for the five chunks only a later
 * move needs (−227 B in the entry) and rolldown's runtime opened `shared` instead of being a third file (−155 B);
 * 96 226 B with a SAVE that waits for the replaced version's number and the nested tables written as objects.
 */
export const INITIAL_JS_BUDGET_GZIP = 94 * 1024

/**
 * The headline budget: every script a browser has fetched by the time the
 * first monthly fee is drawn (scripts/first-figures-js.ts), gzip -9, dayjs
 * included. Measured at 97 986 B (95.7 KB; 96 004 B before the failure states
 * of the empty first render, above): the first calculation leaves with
 * the browser's fetch as the element connects, and its answer is read by the
 * response boundary's own chunk (1.7 KB) without ky's (5.3 KB), which comes
 * when the browser is idle after the figures (98.1 KB when the calculation
 * waited for ky; 98.6 KB when ky read the early answer). The lazy chunks'
 * names, hashes of their contents, are written in the first chunks, so a
 * change to a chunk the first figures do not fetch still moves this figure by
 * a few bytes: the budget leaves 0.1 KB for that. The single-page app's own
 * words are in a catalogue of their own, not in the package's (−0.15 KB). The
 * Subresource Integrity and two copies on a page add 828 B, as above (98 814 B, 96.5 KB). With one request path
 * the response boundary ships with the first render, so the first figures fetch exactly the initial JS: 98 764 B,
 * then 95 974 B (93.7 KB) without dayjs, 96 255 B (94.0 KB) with the student's settings and 96 065 B (93.8 KB)
 * with the comparison, the university's words, the credit information and the form control, as above. The goal
 * is 88 KB (React 19's own root is 65.9 KB).
 */
export const FIRST_FIGURES_JS_BUDGET_GZIP = 94 * 1024

/**
 * A language's words (the card's catalogue), the one chunk another language than Spanish adds before the first
 * figures: measured at 1 982–2 123 B gzip for en, ca, eu, gl and pt; 1 450–1 555 B once the failure sentences left
 * it for a catalogue of their own.
 */
export const WORDS_CHUNK_BUDGET_GZIP = 1.7 * 1024

/**
 * The check-api command as it ships (dist/cli/fees-calculator.js, not minified): the command, the domain's
 * rules, the response boundary and dayjs, in one file. Measured at 40 548 B; when its graph reached the
 * widget's lazy-chunk registry, the build emitted every lazy chunk beside it, the TypeScript compiler and
 * Babel included (9.6 MB in the package that nothing ran).
 */
export const CLI_BUDGET_RAW = 44 * 1024

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
