/**
 * The portal with its card rendered on the server (/demo/portal.html) against the same portal rendered in the browser
 * only (/demo/portal-client.html), side by side, one demo server of this tree serving both: navigation to the first
 * figure in the DOM and to a card the student can use (headless Chromium, loopback, cold cache), the HTML bytes the
 * rendered card adds, the JavaScript fetched before the card can be used, and Lighthouse's mobile figures.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Browser } from 'playwright-core'
import { startReferenceServer } from '../../server/test/support/reference-server.ts'
import { sizeOf } from '../size-budget.ts'
import { type Stats, stats } from './browser.ts'
import { kb, ms, printTable } from './first-figures.ts'
import { type LighthouseFigures, lighthouseMobile } from './lighthouse.ts'

const PAGES = [
  { label: 'rendered on the server', path: '/demo/portal.html' },
  { label: 'client only', path: '/demo/portal-client.html' },
] as const

/**
 * Records, from navigation start, when the card first shows a monthly fee (`__figure`) and when it can be used
 * (`__usable`: the server's card taken over, or the client's drawn with its figures, and its save bar drawn, which
 * comes after the first figures on both), and the scripts asked for by then.
 */
const PROBE = `(() => {
  const timer = setInterval(() => {
    const root = document.querySelector('fees-calculator')?.shadowRoot
    const figure = root?.querySelector('[data-figure="feeAmount"]')
    if (window.__figure === undefined && figure && /[1-9]/.test(figure.textContent || '')) window.__figure = performance.now()
    if (window.__figure !== undefined && !root.querySelector('fieldset[data-fc-rendered][disabled]') && root.querySelector('[part=version]')) {
      window.__usable = performance.now()
      clearInterval(timer)
    }
  }, 1)
})()`

interface Load {
  figure: number
  usable: number
  /** The scripts asked for before the card could be used, by path. */
  scripts: string[]
}

/** One navigation in a fresh context (a first visit): its moments, and the scripts it asked for before it could be used. */
async function loadOnce(browser: Browser, url: string): Promise<Load> {
  const context = await browser.newContext()
  try {
    await context.addInitScript(PROBE)
    const page = await context.newPage()
    await page.goto(url)
    await page.waitForFunction(() => (window as unknown as { __usable?: number }).__usable !== undefined, null, {
      timeout: 30_000,
    })
    // A script asked for before then may still be arriving: its timing entry comes once it has.
    await page.waitForLoadState('networkidle')
    return await page.evaluate(() => {
      const { __figure: figure, __usable: usable } = window as unknown as { __figure: number; __usable: number }
      const scripts = performance
        .getEntriesByType('resource')
        .filter((entry) => entry.startTime <= usable)
        .map((entry) => new URL(entry.name).pathname)
        .filter((path) => path.endsWith('.js'))
      return { figure, usable, scripts: [...new Set(scripts)] }
    })
  } finally {
    await context.close()
  }
}

/** gzip -9 of the scripts a load asked for, from the build on disk. */
function scriptsGzip(paths: string[]): number {
  return paths
    .map((path) => join('dist', path.replace(/^\/dist\//, '')))
    .filter((file) => existsSync(file))
    .reduce((total, file) => total + sizeOf(file).gzip, 0)
}

export async function renderedPortalReport(
  browser: Browser,
  loads: number,
  line: (label: string, value: string) => void,
): Promise<void> {
  console.log(
    `\n8. The portal rendered on the server against the client-only portal (this tree; ${loads} loads each, taking turns)`,
  )
  const server = await startReferenceServer({}, { distDir: 'dist' })
  try {
    const urls = PAGES.map((page) => `${server.url}${page.path}`)
    const runs: Load[][] = PAGES.map(() => [])
    for (let k = 0; k < loads; k++)
      for (let j = 0; j < PAGES.length; j++) {
        const index = (j + k) % PAGES.length
        runs[index]!.push(await loadOnce(browser, urls[index]!))
      }
    const figure: Stats[] = runs.map((r) => stats(r.map((load) => load.figure)))
    const usable: Stats[] = runs.map((r) => stats(r.map((load) => load.usable)))
    const js = runs.map((r) => scriptsGzip(r[0]!.scripts))
    const html = await Promise.all(urls.map(async (url) => (await fetch(url)).text()))
    const gzip = (text: string) => gzipSync(text, { level: 9 }).length
    const element = /<fees-calculator[\s\S]*?<\/fees-calculator>/.exec(html[0]!)?.[0] ?? ''

    const lighthouse: (LighthouseFigures | null)[] = []
    for (const url of urls) {
      try {
        lighthouse.push(await lighthouseMobile(url))
      } catch (error) {
        line(`Lighthouse could not run on ${url}`, (error as Error).message)
        lighthouse.push(null)
      }
    }
    const seconds = (value: number | undefined) => (value === undefined ? '—' : `${(value / 1000).toFixed(2)} s`)
    printTable(
      [...PAGES],
      [
        { label: 'navigation to the first figure (median)', values: figure.map((s) => ms(s.median)) },
        { label: '  (min–max)', values: figure.map((s) => `${ms(s.min)}–${ms(s.max)}`) },
        { label: 'navigation to a card that can be used (median)', values: usable.map((s) => ms(s.median)) },
        { label: 'JS before the card can be used (gzip -9)', values: js.map((bytes) => kb(bytes)) },
        { label: '  scripts', values: runs.map((r) => String(r[0]!.scripts.length)) },
        { label: 'page HTML (gzip -9)', values: html.map((text) => kb(gzip(text))) },
        {
          label: 'HTML the rendered card adds (gzip -9, goal ≤ 12 KB)',
          values: [kb(gzip(html[0]!) - gzip(html[1]!)), '—'],
        },
        { label: '  the element alone (gzip -9)', values: [kb(gzip(element)), '—'] },
        { label: 'Lighthouse mobile: Performance', values: lighthouse.map((f) => (f ? String(f.performance) : '—')) },
        { label: 'Lighthouse mobile: FCP', values: lighthouse.map((f) => seconds(f?.fcp)) },
        { label: 'Lighthouse mobile: LCP (goal ≤ 1.0 s, = FCP)', values: lighthouse.map((f) => seconds(f?.lcp)) },
        {
          label: 'Lighthouse mobile: TBT (goal ≤ 50 ms)',
          values: lighthouse.map((f) => (f ? `${f.tbt.toFixed(0)} ms` : '—')),
        },
        { label: 'Lighthouse mobile: CLS (goal 0)', values: lighthouse.map((f) => (f ? f.cls.toFixed(3) : '—')) },
      ],
    )
  } finally {
    await server.remove()
  }
}
