import type { Browser, Page } from 'playwright-core'

/** Summary of a list of timings in ms. */
export function stats(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b)
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!
  return { n: values.length, median: at(0.5), p95: at(0.95), min: sorted[0]!, max: sorted.at(-1)! }
}

export const ms = (value: number) => `${value.toFixed(1)} ms`

/** A host page on the server's origin; `head` and `body` are its markup. */
export async function hostPage(browser: Browser, origin: string, path: string, html: string): Promise<Page> {
  const page = await browser.newPage()
  await page.route(`${origin}${path}`, (route) => route.fulfill({ contentType: 'text/html', body: html }))
  return page
}

export function tuitionInput(token: string, numberOfFees = 12) {
  return {
    currency: 'EUR',
    dateOfPayment: '2030-01-05',
    finalAmount: 6000,
    numberOfFees,
    system: 1,
    financialType: 0,
    language: 'es',
    token,
    contractId: 'C-BENCH',
    studyIdName: 'Grado en Economía',
  }
}

/** Records, from navigation start, the first moment `#probe` (its shadow root, if any) has content. */
export const RENDER_PROBE_INIT = `(() => {
  const check = () => {
    const el = document.querySelector('#probe')
    const root = el && (el.shadowRoot || el)
    if (root && root.childElementCount > 0) {
      window.__firstRender = performance.now()
      clearInterval(timer)
    }
  }
  const timer = setInterval(check, 1)
})()`

/**
 * Navigation start to first render of `#probe`, over `loads` navigations, each
 * in a fresh browser context (cold cache, as a first visit). `routes` may
 * serve extra files in each context.
 */
export async function firstRender(
  browser: Browser,
  origin: string,
  html: string,
  loads: number,
  routes: Record<string, string> = {},
) {
  const times: number[] = []
  for (let k = 0; k < loads; k++) {
    const context = await browser.newContext()
    await context.route(`${origin}/bench-first-render.html`, (route) => route.fulfill({ contentType: 'text/html', body: html }))
    for (const [path, body] of Object.entries(routes)) {
      await context.route(`${origin}${path}`, (route) => route.fulfill({ contentType: 'text/javascript', body }))
    }
    await context.addInitScript(RENDER_PROBE_INIT)
    const page = await context.newPage()
    await page.goto(`${origin}/bench-first-render.html`)
    await page.waitForFunction(() => (window as unknown as { __firstRender?: number }).__firstRender !== undefined)
    times.push(await page.evaluate(() => (window as unknown as { __firstRender: number }).__firstRender))
    await context.close()
  }
  return stats(times)
}
