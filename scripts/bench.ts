/**
 * `npm run bench`: the performance report of fees-calculator, measured in one
 * run on this machine. Figures only; nothing here passes or fails.
 */

import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { cpus, loadavg, tmpdir, totalmem } from 'node:os'
import { join } from 'node:path'
import { build } from 'vite'
import { startDemo, startReferenceServer } from '../server/test/support/reference-server.ts'
import { LANGUAGES } from '../src/domain/language.ts'
import { launchBrowser } from '../test/support/chromium.ts'
import { apiThroughput, printApiReport } from './bench/api.ts'
import { FIRST_FIGURES_PROBE_INIT, firstRenders, ms, stats, tuitionInput } from './bench/browser.ts'
import {
  apiRoundTrip,
  type Build,
  buildReference,
  compositionRows,
  measureFirstFigures,
  printTable,
  scriptsOf,
} from './bench/first-figures.ts'
import { type LighthouseFigures, lighthouseMobile } from './bench/lighthouse.ts'
import { memoryReport } from './bench/memory.ts'
import { planPdfReport } from './bench/plan-pdf.ts'
import { renderedPortalReport } from './bench/rendered.ts'
import { packageOf, readChunkReport } from './chunk-report.ts'
import { jsBeforeFirstFigures } from './first-figures-js.ts'
import { FIRST_FIGURES_JS_BUDGET_GZIP, INITIAL_JS_BUDGET_GZIP, kb, sizeOf, standaloneSizes } from './size-budget.ts'

const FIRST_RENDER_LOADS = 20
const RECALCULATIONS = 100
const RAPID_CHANGES = 200
/** The monthly fee figure itself: the panel around it also holds the fee count, whose digits would mix in. */
/** What the page counts of the calculations the widget sends (kept on window by an init script). */
interface CallCounts {
  __inFlight: number
  __maxInFlight: number
  __started: number
  __aborted: number
  __unsent: number
  /** CalculateFeeOptions straight from the page with fetch, bypassing the widget: the bare round trip. */
  __direct(input: unknown, numberOfFees: number): Promise<Response>
}
const MONTHLY_FEE = '[part~="monthly-fee"] [data-figure="feeAmount"]'

const line = (label: string, value: string) => console.log(`  ${label.padEnd(46)} ${value}`)

async function buildBaseline(): Promise<{ dir: string; file: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'fees-bench-baseline-'))
  await build({
    configFile: false,
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      outDir: dir,
      lib: { entry: 'scripts/bench/baseline.tsx', formats: ['es'], fileName: () => 'baseline.js' },
      rolldownOptions: { output: { minify: true } },
    },
  })
  return { dir, file: join(dir, 'baseline.js') }
}

/**
 * The standalone build's scripts by URL path. Both first-render pages get their
 * scripts the same way (from memory through the browser's request
 * interception), so the ratio compares the bundles, not two ways of serving.
 */
function standaloneScripts(): Record<string, string> {
  const scripts: Record<string, string> = {
    '/dist/fees-calculator.js': readFileSync('dist/fees-calculator.js', 'utf8'),
  }
  for (const file of readdirSync('dist/chunks').filter((f) => f.endsWith('.js'))) {
    scripts[`/dist/chunks/${file}`] = readFileSync(join('dist/chunks', file), 'utf8')
  }
  return scripts
}

/**
 * 7. A phone's network: Lighthouse's mobile profile on the client-only portal page (both builds draw its card in the
 * browser), each build served by a demo server of its own (one after the other).
 */
async function lighthouseSection(builds: Build[]): Promise<void> {
  console.log(
    "\n7. Lighthouse 12, mobile profile (simulated slow 4G and 4× slower CPU), Debian's Chromium, /demo/portal-client.html",
  )
  const load = () => loadavg()[0]!.toFixed(1)
  const columns: LighthouseFigures[] = []
  const loads: string[] = []
  const encodings: string[] = []
  for (const build of builds) {
    const server = await startReferenceServer({}, { distDir: build.dist })
    try {
      // Lighthouse's figures depend on it: a build without precompressed files is sent as is.
      const script = await fetch(`${server.url}/dist/fees-calculator.js`, {
        headers: { 'Accept-Encoding': 'gzip, br' },
      })
      await script.arrayBuffer()
      encodings.push(script.headers.get('content-encoding') ?? 'none')
      const before = load()
      columns.push(await lighthouseMobile(`${server.url}/demo/portal-client.html`))
      loads.push(`${before} → ${load()}`)
    } catch (error) {
      line(`Lighthouse could not run on ${build.label}`, (error as Error).message)
      return
    } finally {
      await server.remove()
    }
  }
  printTable(builds, [
    { label: 'Performance score', values: columns.map((f) => String(f.performance)) },
    { label: 'First Contentful Paint', values: columns.map((f) => `${(f.fcp / 1000).toFixed(2)} s`) },
    { label: 'Largest Contentful Paint (goal ≤ 2.5 s)', values: columns.map((f) => `${(f.lcp / 1000).toFixed(2)} s`) },
    { label: 'Total Blocking Time', values: columns.map((f) => `${f.tbt.toFixed(0)} ms`) },
    { label: 'Cumulative Layout Shift (goal < 0.02)', values: columns.map((f) => f.cls.toFixed(3)) },
    { label: 'compression of the scripts by the demo server', values: encodings },
    { label: 'load average (1 min) before → after', values: loads },
  ])
}

/** 8. The portal with its card rendered on the server, against the client-only portal, in a browser of its own. */
async function renderedSection(): Promise<void> {
  const browser = await launchBrowser()
  try {
    await renderedPortalReport(browser, FIRST_RENDER_LOADS, line)
  } finally {
    await browser.close()
  }
}

async function main() {
  console.log('fees-calculator performance report')
  console.log(
    `machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${new Date().toISOString()}`,
  )
  // Timings on a shared machine move with whatever else runs: the load says how busy it was.
  const load = () =>
    loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')
  console.log(`load average (1 / 5 / 15 min) at start: ${load()}`)
  // `BENCH_ONLY=rendered npm run bench`: the portal rendered on the server against the client-only one, only.
  if (process.env.BENCH_ONLY === 'rendered') {
    await renderedSection()
    return
  }
  // `BENCH_ONLY=memory npm run bench`: the mount/remove heap figures only.
  if (process.env.BENCH_ONLY === 'memory') {
    const [browser, demo] = await Promise.all([launchBrowser(), startDemo()])
    try {
      await memoryReport(browser, demo.url, await demo.token(), line)
    } finally {
      await browser.close()
      await demo.close()
    }
    return
  }

  // 1. Sizes
  const sizes = standaloneSizes()
  console.log('\n1. Standalone build sizes (gzip -9 / brotli 11)')
  for (const s of sizes.initial) line(`initial  ${s.file}`, `${kb(s.gzip)} / ${kb(s.brotli)} (raw ${kb(s.raw)})`)
  line(
    'initial JS total',
    `${kb(sizes.initialTotal.gzip)} / ${kb(sizes.initialTotal.brotli)}  (budget ${kb(INITIAL_JS_BUDGET_GZIP)} gzip)`,
  )
  for (const s of sizes.lazy) line(`lazy     ${s.file}`, `${kb(s.gzip)} / ${kb(s.brotli)}`)
  // Shares of the code before minification: a rough guide to what the initial JS is made of.
  const initialFiles = new Set(sizes.initial.map((s) => s.file.replace(/^dist\//, '')))
  const byPackage = new Map<string, number>()
  for (const chunk of readChunkReport().chunks.filter((c) => initialFiles.has(c.file))) {
    for (const m of chunk.modules) byPackage.set(packageOf(m.id), (byPackage.get(packageOf(m.id)) ?? 0) + m.length)
  }
  const total = [...byPackage.values()].reduce((a, b) => a + b, 0)
  const shares = [...byPackage].sort((a, b) => b[1] - a[1]).filter(([, length]) => length / total >= 0.005)
  line(
    'initial JS by package (share before minifying)',
    shares.map(([name, length]) => `${name} ${((100 * length) / total).toFixed(0)}%`).join(', '),
  )

  const baseline = await buildBaseline()
  const baselineBody = readFileSync(baseline.file, 'utf8')
  const baselineSize = sizeOf(baseline.file)
  line('baseline: empty React root bundle', `${kb(baselineSize.gzip)} gzip`)

  let lighthouseBuilds: Build[] = []
  const [browser, demo] = await Promise.all([launchBrowser(), startDemo()])
  try {
    const token = await demo.token()
    const origin = demo.url
    const elementPage = `<!doctype html><meta charset="utf-8"><script type="module" src="/dist/fees-calculator.js"></script>
      <fees-calculator id="probe"></fees-calculator>`
    const baselinePage = `<!doctype html><meta charset="utf-8"><div id="probe"></div><script type="module" src="/dist/bench-baseline.js"></script>`

    // 1b. The first figures, before and after: the reference build and this one, taking turns.
    console.log(
      `\n1b. First figures with a tuition input, headless Chromium on loopback (${FIRST_RENDER_LOADS} loads each, taking turns)`,
    )
    console.log(`  load average (1 / 5 / 15 min) before: ${load()}`)
    const reference = buildReference(process.env.BENCH_BEFORE || 'main')
    // Kept to the end: the Lighthouse section measures it too.
    process.on('exit', () => reference?.cleanup())
    const builds: Build[] = [
      ...(reference ? [reference.build] : []),
      { label: 'after (this tree)', dist: 'dist', report: readChunkReport() },
    ]
    {
      const loadBefore = loadavg()[0]!
      const rows = await measureFirstFigures(browser, origin, token, builds, FIRST_RENDER_LOADS)
      const renders = await firstRenders(
        browser,
        origin,
        [
          ...builds.map((b) => ({ html: elementPage, scripts: scriptsOf(b.dist) })),
          { html: baselinePage, scripts: { '/dist/bench-baseline.js': baselineBody } },
        ],
        FIRST_RENDER_LOADS,
      )
      const emptyRoot = renders.at(-1)!.median
      const roundTrip = await apiRoundTrip(browser, origin, token, RECALCULATIONS)
      const initialOf = (dist: string) => standaloneSizes(dist).initialTotal.gzip
      printTable(builds, [
        { label: 'JS before first figures (gzip -9)', values: rows.map((r) => `${kb(r.jsBeforeFiguresGzip)}`) },
        { label: 'JS of the empty first render (gzip -9)', values: builds.map((b) => kb(initialOf(b.dist))) },
        {
          label: 'first render / empty React root (median)',
          values: builds.map(
            (_, j) => `${(renders[j]!.median / emptyRoot).toFixed(2)}× (${ms(renders[j]!.median)} / ${ms(emptyRoot)})`,
          ),
        },
        { label: 'first figures (median)', values: rows.map((r) => ms(r.firstFigures)) },
        { label: 'first figures − first render (median)', values: rows.map((r) => ms(r.figuresMinusRender)) },
        { label: 'API round trip (median)', values: builds.map(() => ms(roundTrip)) },
        // The loads took turns, so both columns ran under the same load: the 1-minute figure before and after.
        {
          label: 'load average (1 min) before → after',
          values: builds.map(() => `${loadBefore.toFixed(1)} → ${loadavg()[0]!.toFixed(1)}`),
        },
        // What the JS before the first figures is made of (gzip -9; by package: each script's gzip split by
        // its modules' share before minifying, so an estimate).
        { label: 'JS before first figures, by script and package', values: builds.map(() => '') },
        ...compositionRows(rows),
      ])
      line('budget of the JS before first figures', `${kb(FIRST_FIGURES_JS_BUDGET_GZIP)} gzip (goal 88 KB)`)
      // Per language (this tree): Spanish's words ship with the first render, each other language adds its chunk.
      for (const language of LANGUAGES) {
        const js = await jsBeforeFirstFigures(browser, origin, token, 'dist', language)
        line(`JS before first figures in ${language}`, `${kb(js.gzip)} gzip, ${js.files.length} scripts`)
      }
      console.log(`  load average (1 / 5 / 15 min) after: ${load()}`)
    }
    // `BENCH_ONLY=first-figures npm run bench`: the table above and Lighthouse's, for a quick comparison.
    if (process.env.BENCH_ONLY === 'first-figures') {
      await lighthouseSection(builds)
      return
    }

    // 2. First render
    console.log(
      `\n2. Navigation to first render, headless Chromium on loopback (${FIRST_RENDER_LOADS} loads each, taking turns)`,
    )
    const [element, react] = await firstRenders(
      browser,
      origin,
      [
        { html: elementPage, scripts: standaloneScripts() },
        { html: baselinePage, scripts: { '/dist/bench-baseline.js': baselineBody } },
      ],
      FIRST_RENDER_LOADS,
    )
    line('<fees-calculator> median (min–max)', `${ms(element.median)} (${ms(element.min)}–${ms(element.max)})`)
    line('empty React root median (min–max)', `${ms(react.median)} (${ms(react.min)}–${ms(react.max)})`)
    line('ratio element / empty React root', `${(element.median / react.median).toFixed(2)}×`)
    // What the lazy chunks cost shows here: the first figures need the HTTP client and an answer from the API.
    const inputAttribute = JSON.stringify(tuitionInput(token)).replace(/'/g, '&#39;')
    const [figures] = await firstRenders(
      browser,
      origin,
      [
        {
          html: `<!doctype html><meta charset="utf-8"><script type="module" src="/dist/fees-calculator.js"></script>
            <fees-calculator id="probe" tuition-input='${inputAttribute}'></fees-calculator>`,
          scripts: standaloneScripts(),
          probe: FIRST_FIGURES_PROBE_INIT,
        },
      ],
      FIRST_RENDER_LOADS,
    )
    line(
      'with a tuition input: to the first monthly fee',
      `${ms(figures.median)} (${ms(figures.min)}–${ms(figures.max)})`,
    )

    // 3. Recalculation latency and the bare round trip, in one page
    const page = await browser.newPage()
    await page.addInitScript(() => {
      const original = window.fetch.bind(window)
      Object.assign(window, { __inFlight: 0, __maxInFlight: 0, __started: 0, __aborted: 0, __unsent: 0 })
      const w = window as unknown as CallCounts
      // Assigned to a property, not to a const: tsx would wrap a named function in a helper the page does not have.
      w.__direct = (input, numberOfFees) =>
        original(`/api/v1/Calculator/CalculateFeeOptions?bench-direct`, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            Accept: 'application/json',
            Authorization: `Bearer ${(input as { token: string }).token}`,
          },
          body: JSON.stringify({ ...(input as object), token: undefined, numberOfFees }),
        })
      window.fetch = async (...args) => {
        const url = String(args[0] instanceof Request ? args[0].url : args[0])
        const counted = url.includes('CalculateFeeOptions') && !url.includes('bench-direct')
        // A request stops being in flight when it settles or when its signal aborts: the browser
        // cancels it then, while the rejection of its promise only arrives after the current task.
        const signal = args[0] instanceof Request ? args[0].signal : args[1]?.signal
        if (counted && signal?.aborted) {
          // Superseded before it was sent: fetch rejects at once and nothing goes out.
          w.__unsent++
          return original(...args)
        }
        let done = !counted
        if (counted) {
          w.__started++
          w.__inFlight++
          w.__maxInFlight = Math.max(w.__maxInFlight, w.__inFlight)
          signal?.addEventListener(
            'abort',
            () => {
              if (done) return
              done = true
              w.__inFlight--
              w.__aborted++
            },
            { once: true },
          )
        }
        try {
          return await original(...args)
        } finally {
          if (!done) {
            done = true
            w.__inFlight--
          }
        }
      }
    })
    await page.route(`${origin}/bench-host.html`, (route) =>
      route.fulfill({ contentType: 'text/html', body: elementPage }),
    )
    await page.goto(`${origin}/bench-host.html`)
    await page.evaluate((input) => {
      const el = document.querySelector('fees-calculator') as HTMLElement & { tuitionInput: unknown }
      return new Promise((resolve) => {
        el.addEventListener('calculationResultReceivedEvent', resolve, { once: true })
        el.tuitionInput = input
      })
    }, tuitionInput(token))
    await page.waitForTimeout(300)

    const recalc = await page.evaluate(
      async ([count, feeSelector]) => {
        const root = document.querySelector('fees-calculator')!.shadowRoot!
        const select = (root.querySelector('[part~="fee-select"]') ?? root.querySelector('select')) as HTMLSelectElement
        const fee = root.querySelector(feeSelector) as HTMLElement
        const options = [...select.options].map((o) => o.value).filter(Boolean)
        // Two moments per change: the DOM holds the new figure (React committed), and the next frame (painted).
        const committed: number[] = []
        const painted: number[] = []
        for (let k = 0; k < count; k++) {
          const before = fee.textContent
          let next = options[Math.floor(Math.random() * options.length)]!
          while (next === select.value) next = options[Math.floor(Math.random() * options.length)]!
          const t0 = performance.now()
          const changed = new Promise<void>((resolve) => {
            const observer = new MutationObserver(() => {
              if (fee.textContent !== before) {
                observer.disconnect()
                committed.push(performance.now() - t0)
                requestAnimationFrame(() => resolve())
              }
            })
            observer.observe(fee, { subtree: true, childList: true, characterData: true })
          })
          select.value = next
          select.dispatchEvent(new Event('change', { bubbles: true }))
          await changed
          painted.push(performance.now() - t0)
        }
        return { committed, painted }
      },
      [RECALCULATIONS, MONTHLY_FEE] as const,
    )
    const direct = await page.evaluate(
      async ([count, input]) => {
        const times: number[] = []
        for (let k = 0; k < count; k++) {
          const t0 = performance.now()
          const answer = await (window as unknown as CallCounts).__direct(input, 12 + (k % 13))
          await answer.json()
          times.push(performance.now() - t0)
        }
        return times
      },
      [RECALCULATIONS, tuitionInput(token)] as const,
    )
    const c = stats(recalc.committed)
    const r = stats(recalc.painted)
    const d = stats(direct)
    console.log(`\n3. Recalculation: fee-count change to new monthly fee on screen (${RECALCULATIONS} changes)`)
    line('element, new figure in the DOM median / p95', `${ms(c.median)} / ${ms(c.p95)}`)
    line('element, next frame after it median / p95', `${ms(r.median)} / ${ms(r.p95)}`)
    line('bare API round trip median / p95', `${ms(d.median)} / ${ms(d.p95)}`)
    line('difference in the DOM (median, p95)', `${ms(c.median - d.median)}, ${ms(c.p95 - d.p95)}`)
    line('difference to the next frame (median, p95)', `${ms(r.median - d.median)}, ${ms(r.p95 - d.p95)}`)

    // 4. Stale results under rapid changes
    await page.evaluate(() => Object.assign(window, { __maxInFlight: 0, __started: 0, __aborted: 0, __unsent: 0 }))
    const rapid = await page.evaluate(
      async ([count, input, feeSelector]) => {
        const root = document.querySelector('fees-calculator')!.shadowRoot!
        const select = (root.querySelector('[part~="fee-select"]') ?? root.querySelector('select')) as HTMLSelectElement
        const options = [...select.options].map((o) => o.value).filter(Boolean)
        let last = select.value
        for (let k = 0; k < count; k++) {
          last = options[Math.floor(Math.random() * options.length)]!
          select.value = last
          select.dispatchEvent(new Event('change', { bubbles: true }))
          if (k % 10 === 0) await new Promise((resolve) => setTimeout(resolve, Math.random() * 5))
        }
        const w = window as unknown as CallCounts
        while (w.__inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 20))
        await new Promise((resolve) => setTimeout(resolve, 100))
        const answer = await (window as unknown as CallCounts).__direct(input, Number(last))
        const expected = (await answer.json()) as { feeAmount: number }
        const shown = (root.querySelector(feeSelector) as HTMLElement).textContent ?? ''
        return {
          last: Number(last),
          selected: Number(select.value),
          expected: expected.feeAmount,
          shown,
          // Digits only: the figure is formatted for the language ("515,21 €"). No helper function here:
          // tsx names functions with a `__name` helper that does not exist in the page.
          matches: shown.replace(/[^\d]/g, '') === expected.feeAmount.toFixed(2).replace(/[^\d]/g, ''),
          started: w.__started,
          aborted: w.__aborted,
          unsent: w.__unsent,
          maxInFlight: w.__maxInFlight,
        }
      },
      [RAPID_CHANGES, tuitionInput(token), MONTHLY_FEE] as const,
    )
    console.log(`\n4. Stale results: ${RAPID_CHANGES} rapid random fee-count changes`)
    line('last choice / select shows', `${rapid.last} / ${rapid.selected}`)
    line(
      'monthly fee shown / API answer for last choice',
      `${rapid.shown.trim()} / ${rapid.expected} → ${rapid.matches ? 'match' : 'MISMATCH'}`,
    )
    line('calculations sent / aborted by a newer one', `${rapid.started} / ${rapid.aborted}`)
    line('calculations superseded before they were sent', String(rapid.unsent))
    line('most calculations in flight at once', String(rapid.maxInFlight))
    await page.close()

    // 6. Memory (before 5 so the API load does not share the machine with the browser)
    await memoryReport(browser, origin, token, line)
    await planPdfReport(browser, line)
    lighthouseBuilds = builds
  } finally {
    await browser.close()
    await demo.close()
    rmSync(baseline.dir, { recursive: true, force: true })
  }

  // 5. The reference API
  console.log(
    '\n5. Reference API throughput on loopback (autocannon, 10 connections, 5 s each after a 2 s warm-up, every server in its own process; SQLite and PostgreSQL)',
  )
  printApiReport(await apiThroughput(), line)

  await lighthouseSection(lighthouseBuilds)
  await renderedSection()
  console.log(`\nload average (1 / 5 / 15 min) at the end: ${load()}`)
}

await main()
