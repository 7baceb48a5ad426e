/**
 * The JavaScript a browser fetches before a student sees the first monthly
 * fee: a page with a tuition input is loaded in Chromium, and every script it
 * asked for before the frame drawn after `calculationResultReceivedEvent` (by
 * its Resource Timing start) is counted, needed or prefetched, at gzip -9. Shared by
 * the size budget test and `npm run bench`.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { type FileSize, sizeOf } from './size-budget.ts'

export interface FirstFiguresJs {
  /** The scripts fetched by then, relative to the working directory (`dist/chunks/…`). */
  files: FileSize[]
  gzip: number
  brotli: number
  raw: number
}

/** A tuition input the reference API answers (Spanish unless told, twelve fees, a date in the future). */
export function benchTuitionInput(token: string, numberOfFees = 12, language = 'es') {
  return {
    currency: 'EUR',
    dateOfPayment: '2030-01-05',
    finalAmount: 6000,
    numberOfFees,
    system: 1,
    financialType: 0,
    language,
    token,
    contractId: 'C-BENCH',
    studyIdName: 'Grado en Economía',
  }
}

/**
 * Loads `/dist/fees-calculator.js` into a fresh context (cold cache) with a
 * tuition input and returns the scripts asked for before the first figures
 * were drawn. The page and the API are `origin`'s (a demo server); the
 * scripts come from `dist` on disk, so that two builds can be compared. The
 * input speaks `language` (Spanish, whose words ship with the first render,
 * unless told).
 */
export async function jsBeforeFirstFigures(
  browser: Browser,
  origin: string,
  token: string,
  dist = 'dist',
  language = 'es',
): Promise<FirstFiguresJs> {
  const context = await browser.newContext()
  try {
    const input = JSON.stringify(benchTuitionInput(token, 12, language))
      .replace(/&/g, '&amp;')
      .replace(/'/g, '&#39;')
    const html = `<!doctype html><meta charset="utf-8"><script type="module" src="/dist/fees-calculator.js"></script>
      <fees-calculator tuition-input='${input}'></fees-calculator>
      <script>
        document.querySelector('fees-calculator').addEventListener('calculationResultReceivedEvent', () => {
          // The frame that draws the figures: what was asked for before it counts, what the idle preloads ask for
          // after it does not, however late a loaded machine runs them.
          requestAnimationFrame(() => {
            window.__figuresAt = performance.now()
          })
        }, { once: true })
      </script>`
    await context.route(`${origin}/first-figures.html`, (route) =>
      route.fulfill({ contentType: 'text/html', body: html }),
    )
    await context.route(`${origin}/dist/**/*.js`, (route) => {
      const file = join(dist, new URL(route.request().url()).pathname.slice('/dist/'.length))
      return existsSync(file)
        ? route.fulfill({ contentType: 'text/javascript', path: file })
        : route.fulfill({ status: 404 })
    })
    const page = await context.newPage()
    await page.goto(`${origin}/first-figures.html`)
    await page.waitForFunction(() => (window as unknown as { __figuresAt?: number }).__figuresAt !== undefined, null, {
      timeout: 30_000,
    })
    // A script asked for before the frame may still be on its way: its timing entry comes once it has arrived.
    await page.waitForLoadState('networkidle')
    const paths = await page.evaluate(() => {
      const figuresAt = (window as unknown as { __figuresAt: number }).__figuresAt
      const asked = performance
        .getEntriesByType('resource')
        .filter((entry) => entry.startTime <= figuresAt)
        .map((entry) => new URL(entry.name).pathname)
      return [...new Set(asked)].filter((path) => path.startsWith('/dist/') && path.endsWith('.js'))
    })
    const files = paths.map((path) => {
      const file = join(dist, path.slice('/dist/'.length))
      if (!existsSync(file)) throw new Error(`${file} was fetched but is not in ${dist}: rebuild (npm run build)`)
      return sizeOf(file)
    })
    const sum = (key: 'gzip' | 'brotli' | 'raw') => files.reduce((total, s) => total + s[key], 0)
    return { files, gzip: sum('gzip'), brotli: sum('brotli'), raw: sum('raw') }
  } finally {
    await context.close()
  }
}
