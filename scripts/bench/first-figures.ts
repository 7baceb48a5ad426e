/**
 * The bench's before/after table for the first figures: the standalone build
 * of a reference commit (BENCH_BEFORE, default `main`) against this working
 * tree's `dist/`, measured in the same run, taking turns, so that the
 * machine's load weighs on both alike.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { Browser } from 'playwright-core'
import { CHUNK_REPORT_PATH, type ChunkReport, packageOf, readChunkReport } from '../chunk-report.ts'
import { benchTuitionInput, jsBeforeFirstFigures } from '../first-figures-js.ts'
import { kb } from '../size-budget.ts'
import { ms, stats } from './browser.ts'

export interface Build {
  label: string
  dist: string
  /** Which modules its standalone build put in which chunk (scripts/chunk-report.ts). */
  report: ChunkReport
}

/**
 * Builds the standalone bundle of `ref` in a temporary copy of the tree
 * (git archive, this checkout's node_modules). Returns null, saying why, when
 * it cannot.
 */
export function buildReference(ref: string): { build: Build; commit: string; cleanup(): void } | null {
  let commit: string
  try {
    commit = execFileSync('git', ['rev-parse', '--short', ref], { encoding: 'utf8' }).trim()
  } catch {
    console.log(`  (no "before" column: ${ref} is not a commit here)`)
    return null
  }
  const dir = mkdtempSync(join(tmpdir(), 'fees-bench-before-'))
  // The reference build writes its chunk report through the shared node_modules: ours is put back after.
  const report = existsSync(CHUNK_REPORT_PATH) ? readFileSync(CHUNK_REPORT_PATH) : null
  let referenceReport: ChunkReport
  try {
    execFileSync('sh', ['-c', `git archive ${commit} | tar -x -C ${JSON.stringify(dir)}`])
    symlinkSync(resolve('node_modules'), join(dir, 'node_modules'), 'dir')
    execFileSync('npx', ['vite', 'build', '--mode', 'standalone', '--logLevel', 'error'], {
      cwd: dir,
      stdio: ['ignore', 'ignore', 'inherit'],
    })
    referenceReport = readChunkReport()
    // Served as this tree's build is (the demo server sends the precompressed files), so Lighthouse compares alike.
    // The step moved with the server: older trees have it in tools/.
    const precompress = ['server/tools/precompress.ts', 'tools/precompress.ts'].find((f) => existsSync(join(dir, f)))
    if (precompress)
      execFileSync('npx', ['tsx', precompress, 'dist'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] })
  } catch (error) {
    console.log(`  (no "before" column: the build of ${ref} failed: ${(error as Error).message.split('\n')[0]})`)
    rmSync(dir, { recursive: true, force: true })
    return null
  } finally {
    if (report) writeFileSync(CHUNK_REPORT_PATH, report)
  }
  return {
    build: {
      label: ref.startsWith(commit) ? `before (${commit})` : `before (${ref} ${commit})`,
      dist: join(dir, 'dist'),
      report: referenceReport,
    },
    commit,
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  }
}

/** The scripts of a build by URL path, served as if from /dist/. */
export function scriptsOf(dist: string): Record<string, string> {
  const scripts: Record<string, string> = {
    '/dist/fees-calculator.js': readFileSync(join(dist, 'fees-calculator.js'), 'utf8'),
  }
  for (const file of readdirSync(join(dist, 'chunks')).filter((f) => f.endsWith('.js'))) {
    scripts[`/dist/chunks/${file}`] = readFileSync(join(dist, 'chunks', file), 'utf8')
  }
  return scripts
}

/** Marks, from navigation start, the first content of `#probe`'s shadow root and its first monthly fee other than zero. */
const RENDER_AND_FIGURES_PROBE = `(() => {
  const timer = setInterval(() => {
    const root = document.querySelector('#probe') && document.querySelector('#probe').shadowRoot
    if (!root) return
    if (window.__firstRender === undefined && root.childElementCount > 0) window.__firstRender = performance.now()
    const figure = root.querySelector('[data-figure="feeAmount"]')
    if (figure && /[1-9]/.test(figure.textContent || '')) {
      window.__firstFigures = performance.now()
      clearInterval(timer)
    }
  }, 1)
})()`

/** One cold load of a page with a tuition input: its first render and its first figures. */
async function renderAndFigures(browser: Browser, origin: string, scripts: Record<string, string>, input: string) {
  const context = await browser.newContext()
  try {
    const html = `<!doctype html><meta charset="utf-8"><script type="module" src="/dist/fees-calculator.js"></script>
      <fees-calculator id="probe" tuition-input='${input}'></fees-calculator>`
    await context.route(`${origin}/bench-figures.html`, (route) =>
      route.fulfill({ contentType: 'text/html', body: html }),
    )
    for (const [path, body] of Object.entries(scripts)) {
      await context.route(`${origin}${path}`, (route) => route.fulfill({ contentType: 'text/javascript', body }))
    }
    await context.addInitScript(RENDER_AND_FIGURES_PROBE)
    const page = await context.newPage()
    await page.goto(`${origin}/bench-figures.html`)
    await page.waitForFunction(() => (window as unknown as { __firstFigures?: number }).__firstFigures !== undefined)
    return await page.evaluate(() => {
      const w = window as unknown as { __firstRender: number; __firstFigures: number }
      return { render: w.__firstRender, figures: w.__firstFigures }
    })
  } finally {
    await context.close()
  }
}

/** The bare round trip of the calculation, from a page of `origin`: median of `count`. */
async function apiRoundTrip(browser: Browser, origin: string, token: string, count: number): Promise<number> {
  const page = await browser.newPage()
  try {
    await page.route(`${origin}/bench-api.html`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>api</title>' }),
    )
    await page.goto(`${origin}/bench-api.html`)
    const times = await page.evaluate(
      async ([n, input]) => {
        const out: number[] = []
        for (let k = 0; k < n; k++) {
          const t0 = performance.now()
          const answer = await fetch('/api/v1/Calculator/CalculateFeeOptions?bench-direct', {
            method: 'POST',
            headers: {
              'Content-Type': 'application/json',
              Accept: 'application/json',
              Authorization: `Bearer ${input.token}`,
            },
            body: JSON.stringify({ ...input, token: undefined }),
          })
          await answer.json()
          out.push(performance.now() - t0)
        }
        return out
      },
      [count, benchTuitionInput(token)] as const,
    )
    return stats(times).median
  } finally {
    await page.close()
  }
}

export interface FirstFiguresRow {
  jsBeforeFiguresGzip: number
  /** Each script fetched by then (its name without the hash) and its gzip -9 size. */
  files: { name: string; gzip: number }[]
  /** What each package costs on that path: each script's gzip split by its modules' share before minifying. */
  packages: Map<string, number>
  emptyRenderGzip: number | null
  firstRender: number
  firstFigures: number
  figuresMinusRender: number
}

/**
 * Measures each build `loads` times, taking turns: the JS fetched before the
 * first figures, first render and first figures (medians, and the median of
 * their per-load difference).
 */
export async function measureFirstFigures(
  browser: Browser,
  origin: string,
  token: string,
  builds: Build[],
  loads: number,
): Promise<FirstFiguresRow[]> {
  const input = JSON.stringify(benchTuitionInput(token)).replace(/&/g, '&amp;').replace(/'/g, '&#39;')
  const scripts = builds.map((b) => scriptsOf(b.dist))
  const samples = builds.map(() => ({ render: [] as number[], figures: [] as number[], gap: [] as number[] }))
  for (let k = 0; k < loads; k++) {
    for (let j = 0; j < builds.length; j++) {
      const index = (j + k) % builds.length
      const { render, figures } = await renderAndFigures(browser, origin, scripts[index]!, input)
      samples[index]!.render.push(render)
      samples[index]!.figures.push(figures)
      samples[index]!.gap.push(figures - render)
    }
  }
  const rows: FirstFiguresRow[] = []
  for (let j = 0; j < builds.length; j++) {
    const js = await jsBeforeFirstFigures(browser, origin, token, builds[j]!.dist)
    const packages = new Map<string, number>()
    for (const file of js.files) {
      const chunk = builds[j]!.report.chunks.find((c) => join(builds[j]!.dist, c.file) === file.file)
      if (!chunk) continue
      const size = chunk.modules.reduce((a, m) => a + m.length, 0)
      for (const m of chunk.modules)
        packages.set(packageOf(m.id), (packages.get(packageOf(m.id)) ?? 0) + (file.gzip * m.length) / size)
    }
    rows.push({
      jsBeforeFiguresGzip: js.gzip,
      files: js.files.map((f) => ({ name: nameOf(f.file), gzip: f.gzip })),
      packages,
      emptyRenderGzip: null,
      firstRender: stats(samples[j]!.render).median,
      firstFigures: stats(samples[j]!.figures).median,
      figuresMinusRender: stats(samples[j]!.gap).median,
    })
  }
  return rows
}

export { apiRoundTrip }

/** A script's name without its folder and content hash: `chunks/http-Ab12.js` → `http`. */
const nameOf = (file: string) =>
  file
    .split('/')
    .pop()!
    .replace(/(-[\w-]{8})?\.js$/, '')

/**
 * The rows that say what the JS before the first figures is made of, build by
 * build: each script, then each package that costs at least 0.1 KB on one of them.
 */
export function compositionRows(rows: FirstFiguresRow[]): { label: string; values: string[] }[] {
  const names = [...new Set(rows.flatMap((r) => r.files.map((f) => f.name)))]
  const byFile = names.map((name) => ({
    label: `  script ${name}`,
    values: rows.map((r) => {
      const file = r.files.find((f) => f.name === name)
      return file ? kb(file.gzip) : '—'
    }),
  }))
  const packages = [...new Set(rows.flatMap((r) => [...r.packages.keys()]))]
    .map((name) => ({ name, most: Math.max(...rows.map((r) => r.packages.get(name) ?? 0)) }))
    .filter((p) => p.most >= 100)
    .sort((a, b) => b.most - a.most)
  const byPackage = packages.map(({ name }) => ({
    label: `  package ${name}`,
    values: rows.map((r) => kb(r.packages.get(name) ?? 0)),
  }))
  return [...byFile, ...byPackage]
}

/** Prints the table: one column per build. */
export function printTable(builds: { label: string }[], rows: { label: string; values: string[] }[]): void {
  const width = Math.max(...builds.map((b) => b.label.length), 14) + 2
  console.log(`  ${''.padEnd(44)}${builds.map((b) => b.label.padEnd(width)).join('')}`)
  for (const row of rows) console.log(`  ${row.label.padEnd(44)}${row.values.map((v) => v.padEnd(width)).join('')}`)
}

export const loadAverage = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ')

export { kb, ms }
